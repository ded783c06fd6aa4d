/**
 * Seeded accounts and the licences they hold. The demo account holds Sports Premium (monthly,
 * auto-renewing, pausable, renewing in 20 days, cancellation offer available) and Cinema (monthly,
 * in a price migration at its next renewal); the no-licence account holds nothing. Dates are
 * relative to the moment of seeding (or of `POST /_sandbox/reset-licences`).
 */
import type { accountLicences } from '../db/schema.js';
import { LICENCE_IDS } from './catalogue.js';

export type AccountLicenceSeed = Omit<typeof accountLicences.$inferInsert, 'id' | 'userId'>;

/** The seeded viewer without licences. */
export const NO_LICENCE_ACCOUNT = {
  email: 'nolicence@stream.test',
  password: 'demo-password',
  name: 'No Licence Viewer',
} as const;

const DAY = 86_400_000;

/** The licences `email` holds after seeding or a reset at `nowMs` (none for other accounts). */
export function seededLicencesFor(email: string, demoEmail: string, nowMs: number): AccountLicenceSeed[] {
  if (email !== demoEmail) return [];
  const at = (days: number) => new Date(nowMs + days * DAY);
  const cinemaRenewal = at(5);
  return [
    {
      licenceId: LICENCE_IDS.sportsPremium,
      status: 'ACTIVE',
      autoRenewing: true,
      startedAt: at(-10),
      expiresAt: at(20),
      pauseState: 'ALLOWED',
      paymentEventType: 'CONFIRMED',
    },
    {
      licenceId: LICENCE_IDS.cinema,
      status: 'ACTIVE',
      autoRenewing: true,
      startedAt: at(-25),
      expiresAt: cinemaRenewal,
      pauseState: 'NOT_ALLOWED',
      paymentEventType: 'CONFIRMED',
      priceMigration: {
        id: `pm-${LICENCE_IDS.cinema}`,
        newAmount: { amount: 699, scale: 2, currency: 'GBP' },
        effectiveFrom: cinemaRenewal.toISOString(),
        consent: null,
      },
    },
  ];
}
