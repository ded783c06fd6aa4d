import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { arbitraryLicence } from '../domain/licences.arbitrary.js';
import {
  licenceFamiliesResponseSchema,
  licenceFamilySchema,
  licenceSchema,
  licenceUpdateResponseSchema,
  licencesResponseSchema,
  type Licence,
} from './licences.js';

/** The contracts as declared, parsed by zod alone: what the prechecked response schemas must equal. */
const declared = {
  list: z.looseObject({ licences: z.array(licenceSchema) }),
  update: z.looseObject({ licence: licenceSchema }),
  families: z.looseObject({ licenceFamilies: z.array(licenceFamilySchema) }),
};

/** An account licence as the sandbox sends it (every object of the contract present). */
const accountLicence = {
  id: '201',
  name: 'Cinema',
  description: 'New films every week, monthly.',
  type: 'STANDARD',
  rank: 1,
  family: 'cinema',
  status: 'ACTIVE',
  purchaseStrategy: { type: 'SUBSCRIPTION', subscriptionPeriod: 'P1M' },
  trialDetails: { trialPeriodDuration: 'P7D', trialEndTimestamp: '2026-11-07T22:00:29.002Z' },
  defaultMarketingPricePeriod: 'P1M',
  amounts: [
    { amount: 599, currency: 'GBP', scale: 2, sku: '201-gbp', taxInclusive: true, local: true, default: false, periodAmounts: [{ period: 'P1M', amount: 599 }] },
    { amount: 2490, currency: 'BRL', scale: 2, sku: '201-brl', local: false, default: false, country: 'BR' },
  ],
  pauseState: 'NOT_ALLOWED',
  resumeAfter: null,
  autoRenewingStatus: 'AUTO_RENEWING',
  subscriptionPendingActions: [{ action: 'DOWNGRADE', actionDueBy: '2026-11-30T22:00:29.002Z', licenceId: '200' }],
  licenceStatus: { status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING', expiryTimestamp: '2026-11-30T22:00:29.002Z', pauseState: 'NOT_ALLOWED' },
  licencePayment: {
    paymentEventType: 'CONFIRMED',
    purchaseTimestamp: '2026-10-31T22:00:29.002Z',
    expiryTimestamp: '2026-11-30T22:00:29.002Z',
    paymentProviderInfo: { managed: true, purchaseId: 'purchase-1' },
  },
  discounts: [{ type: 'PERCENTAGE', percentage: 50, state: 'UPCOMING', lifeTimeRepeat: 3, startsAt: '2026-12-01T00:00:00Z' }],
  priceMigration: { id: 'pm-201', newAmount: { amount: 699, scale: 2, currency: 'GBP' }, effectiveFrom: '2026-11-30T22:00:29.002Z', consent: null },
};

/** Every path to a value inside `value` (objects and arrays included), for spoiling one. */
function paths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== 'object' || value === null) return [];
  const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...paths(item, [...prefix, key])]);
}

/** `value` (a deep copy) with the value at `path` replaced by `spoiled`. */
function spoil(value: unknown, path: Array<string | number>, spoiled: unknown): unknown {
  const copy = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1)!] = spoiled;
  return copy;
}

const junk = fc.oneof(
  fc.constantFrom<unknown>('', 'X', 'ACTIVE', 'PAUSED', 'GBP', 'GBPX', 0, -1, 1.5, 9, 100, 101, 2 ** 53, true, null, undefined, [], {}),
  fc.jsonValue({ maxDepth: 2 }),
);
/** Account answers: generated licences or the sandbox-like one, with one value anywhere replaced by junk. */
const spoiledAnswer = fc
  .tuple(fc.array(fc.oneof(arbitraryLicence(), fc.constant(accountLicence as Licence)), { minLength: 1, maxLength: 3 }), fc.nat(), junk)
  .map(([licences, pick, spoiled]) => {
    const answer = { licences };
    const all = paths(answer);
    return spoil(answer, all[pick % all.length]!, spoiled);
  });

const issuesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; code: string }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.code}`);

describe('licence response contracts', () => {
  it('validate exactly as the declared schemas: same answers, same issues (property)', () => {
    let refused = 0;
    fc.assert(
      fc.property(fc.oneof(spoiledAnswer, fc.record({ licences: fc.array(arbitraryLicence(), { maxLength: 3 }) })), (answer) => {
        const fast = licencesResponseSchema.safeParse(answer);
        const slow = declared.list.safeParse(answer);
        expect(fast.success).toBe(slow.success);
        if (fast.success) {
          expect(fast.data).toEqual(slow.data);
          expect(fast.data).toBe(answer);
        } else {
          refused += 1;
          expect(fast.error?.issues).toEqual(slow.error?.issues);
        }
      }),
      { numRuns: 500 },
    );
    expect(refused).toBeGreaterThan(50);
  });

  it('accept the account licence with its extra fields, and give it back as sent', () => {
    const answer = JSON.parse(JSON.stringify({ licences: [accountLicence], next: 'cursor' })) as unknown;
    expect(licencesResponseSchema.parse(answer)).toBe(answer);
    expect(licenceUpdateResponseSchema.parse({ licence: accountLicence }).licence).toEqual(accountLicence);
    const families = { licenceFamilies: [{ id: 'cinema', licences: [accountLicence] }] };
    expect(licenceFamiliesResponseSchema.parse(families)).toEqual(declared.families.parse(families));
  });

  it('still refuse every wrong value the client relies on, at its path', () => {
    const refused = (change: (l: Record<string, any>) => void) => {
      const licence = structuredClone(accountLicence) as Record<string, any>;
      change(licence);
      return issuesOf(licencesResponseSchema.safeParse({ licences: [licence] }));
    };
    expect(refused((l) => delete l.id)).toEqual(['licences.0.id: invalid_type']);
    expect(refused((l) => (l.id = ''))).toEqual(['licences.0.id: too_small']);
    expect(refused((l) => delete l.name)).toEqual(['licences.0.name: invalid_type']);
    expect(refused((l) => (l.rank = 1.5))).toEqual(['licences.0.rank: invalid_type']);
    expect(refused((l) => (l.purchaseStrategy.type = 'RENTAL'))).toEqual(['licences.0.purchaseStrategy.type: invalid_value']);
    expect(refused((l) => (l.pauseState = 'FROZEN'))).toEqual(['licences.0.pauseState: invalid_value']);
    expect(refused((l) => (l.licenceStatus.status = 'DONE'))).toEqual(['licences.0.licenceStatus.status: invalid_value']);
    expect(refused((l) => delete l.licenceStatus.status)).toEqual(['licences.0.licenceStatus.status: invalid_value']);
    expect(refused((l) => (l.licenceStatus.expiryTimestamp = 0))).toEqual(['licences.0.licenceStatus.expiryTimestamp: invalid_type']);
    expect(refused((l) => (l.amounts[0].amount = 5.99))).toEqual(['licences.0.amounts.0.amount: invalid_type']);
    expect(refused((l) => (l.amounts[1].currency = 'BRLX'))).toEqual(['licences.0.amounts.1.currency: too_big']);
    expect(refused((l) => (l.amounts[0].scale = 9))).toEqual(['licences.0.amounts.0.scale: too_big']);
    expect(refused((l) => (l.amounts[0].local = 'yes'))).toEqual(['licences.0.amounts.0.local: invalid_type']);
    expect(refused((l) => (l.amounts[0].periodAmounts[0].amount = '599'))).toEqual(['licences.0.amounts.0.periodAmounts.0.amount: invalid_type']);
    expect(refused((l) => (l.subscriptionPendingActions[0].action = 7))).toEqual(['licences.0.subscriptionPendingActions.0.action: invalid_type']);
    expect(refused((l) => (l.discounts[0].state = 'SOON'))).toEqual(['licences.0.discounts.0.state: invalid_value']);
    expect(refused((l) => (l.discounts[0].percentage = 120))).toEqual(['licences.0.discounts.0.percentage: too_big']);
    expect(refused((l) => (l.priceMigration.consent = 'MAYBE'))).toEqual(['licences.0.priceMigration.consent: invalid_value']);
    expect(refused((l) => (l.priceMigration.newAmount.scale = -1))).toEqual(['licences.0.priceMigration.newAmount.scale: too_small']);
    expect(refused((l) => (l.licencePayment.paymentProviderInfo = 'card'))).toEqual(['licences.0.licencePayment.paymentProviderInfo: invalid_type']);
    expect(issuesOf(licencesResponseSchema.safeParse({ licences: {} }))).toEqual(['licences: invalid_type']);
    expect(issuesOf(licencesResponseSchema.safeParse(null))).toEqual([': invalid_type']);
    expect(issuesOf(licenceUpdateResponseSchema.safeParse({ licence: { ...accountLicence, licenceStatus: { status: 'X' } } }))).toEqual([
      'licence.licenceStatus.status: invalid_value',
    ]);
    expect(issuesOf(licenceFamiliesResponseSchema.safeParse({ licenceFamilies: [{ id: 'f', licences: [{ id: 'x' }] }] }))).toEqual([
      'licenceFamilies.0.licences.0.name: invalid_type',
    ]);
  });
});
