/**
 * Test-only licence builders shared by the licence and subscription tests: a licence, an active
 * auto-renewing one (expiring ten days after {@link NOW}), and one with a given status. Not
 * exported from the domain index; import it from tests only.
 */
import type { Licence } from '../contracts/licences.js';

/** The tests' "now": 2026-11-22T12:00:00Z. */
export const NOW = Date.UTC(2026, 10, 22, 12);
export const DAY = 86_400_000;
export const iso = (ms: number): string => new Date(ms).toISOString();

/** A catalogue licence `monthly` with `overrides`. */
export const licence = (overrides: Partial<Licence> = {}): Licence => ({ id: 'monthly', name: 'Monthly', ...overrides });
/** An ACTIVE, auto-renewing licence expiring at NOW + 10 days, with `overrides`. */
export const active = (overrides: Partial<Licence> = {}): Licence =>
  licence({ licenceStatus: { status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING', expiryTimestamp: iso(NOW + 10 * DAY) }, ...overrides });
/** A licence whose `licenceStatus.status` is `status` (any string), with `overrides`. */
export const withStatus = (status: Licence['status'], overrides: Partial<Licence> = {}): Licence =>
  licence({ licenceStatus: { status: status as 'ACTIVE' }, ...overrides });
