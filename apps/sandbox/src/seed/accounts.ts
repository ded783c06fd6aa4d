/**
 * Seeded accounts and the licences they hold. The demo account holds Sports Premium (monthly,
 * auto-renewing, pausable, renewing in 20 days, cancellation offer available) and Cinema (monthly,
 * in a price migration at its next renewal); the no-licence account holds nothing; the family
 * account holds Sports Premium and is a household (two adults, a child, a parental PIN). Dates are
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

/**
 * The seeded household (issue 16): Sports Premium, three profiles (its first adult profile, named
 * after the account, plus `profiles` in this order) and the parental PIN `pin` in force, so that
 * leaving the child profile asks for it.
 */
export const FAMILY_ACCOUNT = {
  email: 'family@stream.test',
  password: 'demo-password',
  name: 'Alex',
  pin: '1234',
  profiles: [
    { name: 'Jordan', type: 'ADULT', avatar: 'bear', ageRatingLimit: null },
    { name: 'Sam', type: 'CHILD', avatar: 'owl', ageRatingLimit: 7 },
  ],
} as const;

/**
 * The seeded administrator (issue 18): an account whose tokens carry `rol` `ADMIN`, so that the
 * web app's admin previews (`/_admin/*`) open for it; it holds no licence.
 */
export const ADMIN_ACCOUNT = {
  email: 'admin@stream.test',
  password: 'demo-password',
  name: 'Stream Admin',
  role: 'ADMIN',
} as const;

const DAY = 86_400_000;

/** The licences `email` holds after seeding or a reset at `nowMs` (none for other accounts). */
export function seededLicencesFor(email: string, demoEmail: string, nowMs: number): AccountLicenceSeed[] {
  const at = (days: number) => new Date(nowMs + days * DAY);
  const sportsPremium: AccountLicenceSeed = {
    licenceId: LICENCE_IDS.sportsPremium,
    status: 'ACTIVE',
    autoRenewing: true,
    startedAt: at(-10),
    expiresAt: at(20),
    pauseState: 'ALLOWED',
    paymentEventType: 'CONFIRMED',
  };
  if (email === FAMILY_ACCOUNT.email) return [sportsPremium];
  if (email !== demoEmail) return [];
  const cinemaRenewal = at(5);
  return [
    sportsPremium,
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
