/**
 * The query of `GET /api/v2/licence-family` (`calls.licences.families`; commerce-and-account-data.md
 * §3 "Licence family", §7): the viewer's active entitlements always, and `licenceId` (the ids
 * joined with commas, in the given order) when `licenceIds` is given and not empty. Never throws.
 *
 * `licenceFamiliesQuery()` → `{ includeEntitlements: 'ALL_ACTIVE_USER_ENTITLEMENTS' }`;
 * `licenceFamiliesQuery(['101', '102'])` → `{ …, licenceId: '101,102' }`.
 */
export function licenceFamiliesQuery(licenceIds: readonly string[] = []): {
  includeEntitlements: 'ALL_ACTIVE_USER_ENTITLEMENTS';
  licenceId?: string;
} {
  return {
    includeEntitlements: 'ALL_ACTIVE_USER_ENTITLEMENTS',
    ...(licenceIds.length > 0 ? { licenceId: licenceIds.join(',') } : {}),
  };
}
