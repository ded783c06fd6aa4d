import type { LicenceStatusValue } from '@stream/core/contracts';

/** Message keys of the licence statuses (commerce-and-account-data.md §4 "Licence statuses"). */
export const LICENCE_STATUS_KEYS: Readonly<Record<LicenceStatusValue, string>> = {
  ACTIVE: 'statusActive',
  INACTIVE: 'statusInactive',
  TRIAL_ACTIVE: 'statusTrialActive',
  EXPIRED: 'statusExpired',
};
