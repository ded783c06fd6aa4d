import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  checkDeliveryDate,
  checkGiftDraft,
  giftToday,
  formatGiftCode,
  GIFT_CODE_ALPHABET,
  GIFT_CODE_LENGTH,
  GIFT_PERIOD_MONTHS,
  giftActions,
  giftStatus,
  giftPaySource,
  giftPayStep,
  normaliseGiftCode,
  renewalAfterGift,
  type GiftHeldLicence,
} from './gifts.js';

const DAY = 86_400_000;
const YEAR_2000 = Date.UTC(2000, 0, 1);
const YEAR_2100 = Date.UTC(2100, 0, 1);
const timeArb = fc.integer({ min: YEAR_2000, max: YEAR_2100 });
const monthsArb = fc.constantFrom(...GIFT_PERIOD_MONTHS);
const heldArb: fc.Arbitrary<GiftHeldLicence | null> = fc.option(
  fc.record({ paidUntilMs: fc.option(timeArb, { nil: null }), grantsAccess: fc.boolean() }),
  { nil: null },
);
const codeArb = fc.array(fc.constantFrom(...GIFT_CODE_ALPHABET), { minLength: GIFT_CODE_LENGTH, maxLength: GIFT_CODE_LENGTH }).map((a) => a.join(''));

describe('renewalAfterGift', () => {
  it('never shortens a paid period, and always ends after now, for any licence state', () => {
    fc.assert(
      fc.property(heldArb, monthsArb, timeArb, (held, months, now) => {
        const r = renewalAfterGift(held, months, now);
        expect(r.kind).not.toBe('invalid');
        if (r.kind === 'new') {
          expect(r.startsAtMs).toBe(now);
          expect(r.endsAtMs).toBeGreaterThan(now);
          // A new licence only when no paid period is still running.
          expect(held !== null && held.grantsAccess && (held.paidUntilMs === null || held.paidUntilMs > now)).toBe(false);
        }
        if (r.kind === 'extend') {
          expect(held?.paidUntilMs).toBe(r.fromMs);
          expect(r.toMs).toBeGreaterThan(r.fromMs);
          expect(r.toMs).toBeGreaterThan(now);
        }
        if (r.kind === 'unchanged') expect(held?.paidUntilMs).toBeNull();
      }),
    );
  });

  it('adds exactly the gifted months (at least 28 days each, at most 31)', () => {
    fc.assert(
      fc.property(heldArb, monthsArb, timeArb, (held, months, now) => {
        const r = renewalAfterGift(held, months, now);
        const [from, to] = r.kind === 'new' ? [r.startsAtMs, r.endsAtMs] : r.kind === 'extend' ? [r.fromMs, r.toMs] : [0, 0];
        if (r.kind === 'unchanged') return;
        expect(to - from).toBeGreaterThanOrEqual(months * 28 * DAY - DAY);
        expect(to - from).toBeLessThanOrEqual(months * 31 * DAY + DAY);
      }),
    );
  });

  it('a longer gift never gives an earlier renewal date', () => {
    fc.assert(
      fc.property(heldArb, timeArb, (held, now) => {
        const end = (m: number) => {
          const r = renewalAfterGift(held, m, now);
          return r.kind === 'new' ? r.endsAtMs : r.kind === 'extend' ? r.toMs : Infinity;
        };
        expect(end(1)).toBeLessThanOrEqual(end(3));
        expect(end(3)).toBeLessThanOrEqual(end(12));
      }),
    );
  });

  it('extends a running period from its end and starts a lapsed one now', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const paidUntil = Date.UTC(2026, 11, 10, 12);
    expect(renewalAfterGift({ paidUntilMs: paidUntil, grantsAccess: true }, 3, now)).toEqual({ kind: 'extend', fromMs: paidUntil, toMs: Date.UTC(2027, 2, 10, 12) });
    expect(renewalAfterGift({ paidUntilMs: now - DAY, grantsAccess: false }, 1, now)).toEqual({ kind: 'new', startsAtMs: now, endsAtMs: Date.UTC(2026, 11, 26, 12) });
    expect(renewalAfterGift(null, 12, now)).toEqual({ kind: 'new', startsAtMs: now, endsAtMs: Date.UTC(2027, 10, 26, 12) });
  });

  it('answers invalid for a period that is not offered or a time that is not finite, never throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (held, months, now) => {
        const r = renewalAfterGift(held as GiftHeldLicence | null, months as number, now as number);
        if (!GIFT_PERIOD_MONTHS.includes(months as 1)) expect(r).toEqual({ kind: 'invalid', reason: 'period' });
      }),
    );
    expect(renewalAfterGift(null, 2, 0)).toEqual({ kind: 'invalid', reason: 'period' });
    expect(renewalAfterGift(null, 1, Number.NaN)).toEqual({ kind: 'invalid', reason: 'time' });
  });
});

describe('addMonthsUtc', () => {
  it('clamps to the end of a shorter month', () => {
    expect(addMonthsUtc(Date.UTC(2027, 0, 31), 1)).toBe(Date.UTC(2027, 1, 28));
    expect(addMonthsUtc(Date.UTC(2028, 0, 31), 1)).toBe(Date.UTC(2028, 1, 29));
    expect(addMonthsUtc(Number.NaN, 1)).toBeNaN();
  });
});

describe('giftStatus', () => {
  const base = { deliverAtMs: YEAR_2000, deliveredAtMs: null, redeemedAtMs: null, cancelledAtMs: null };
  it('follows cancel, redeem, delivery and the one-year expiry', () => {
    fc.assert(
      fc.property(
        fc.option(timeArb, { nil: null }),
        fc.option(timeArb, { nil: null }),
        fc.option(timeArb, { nil: null }),
        timeArb,
        (deliveredAtMs, redeemedAtMs, cancelledAtMs, now) => {
          const status = giftStatus({ ...base, deliveredAtMs, redeemedAtMs, cancelledAtMs }, now);
          if (cancelledAtMs !== null) expect(status).toBe('CANCELLED');
          else if (redeemedAtMs !== null) expect(status).toBe('REDEEMED');
          else if (deliveredAtMs === null) expect(status).toBe('SCHEDULED');
          else expect(status).toBe(now >= addMonthsUtc(deliveredAtMs, 12) ? 'EXPIRED' : 'DELIVERED');
          const actions = giftActions(status);
          expect(actions.cancel && actions.resend).toBe(false);
        },
      ),
    );
  });
  it('only a scheduled gift can be cancelled; only a delivered one resent', () => {
    expect(giftActions('SCHEDULED')).toEqual({ resend: false, cancel: true });
    expect(giftActions('DELIVERED')).toEqual({ resend: true, cancel: false });
    expect(giftActions('REDEEMED')).toEqual({ resend: false, cancel: false });
  });
});

describe('checkDeliveryDate', () => {
  const now = Date.UTC(2026, 10, 26, 17, 30);
  it('takes today and later dates up to a year, refusing the past and bad dates', () => {
    expect(checkDeliveryDate('2026-11-26', now)).toEqual({ ok: true, deliverAtMs: Date.UTC(2026, 10, 26) });
    expect(checkDeliveryDate('2026-12-24', now)).toEqual({ ok: true, deliverAtMs: Date.UTC(2026, 11, 24) });
    expect(checkDeliveryDate('2026-11-25', now)).toEqual({ ok: false, reason: 'past' });
    expect(checkDeliveryDate('2028-01-01', now)).toEqual({ ok: false, reason: 'tooLate' });
    expect(checkDeliveryDate('2026-02-30', now)).toEqual({ ok: false, reason: 'format' });
    expect(checkDeliveryDate(20261126, now)).toEqual({ ok: false, reason: 'format' });
  });
  it('an accepted date is never before today', () => {
    fc.assert(
      fc.property(timeArb, fc.integer({ min: -400, max: 400 }), (nowMs, offset) => {
        const date = new Date(nowMs + offset * DAY).toISOString().slice(0, 10);
        const r = checkDeliveryDate(date, nowMs);
        expect(r.ok).toBe(offset >= 0 && offset <= 365);
        if (r.ok) expect(r.deliverAtMs).toBeGreaterThan(nowMs - DAY);
      }),
    );
  });
});

describe('redemption codes', () => {
  it('a formatted code, typed in any case with spaces, reads back as itself', () => {
    fc.assert(
      fc.property(codeArb, fc.boolean(), (code, lower) => {
        const typed = formatGiftCode(code).replace(/-/g, lower ? ' ' : '-');
        expect(normaliseGiftCode(lower ? typed.toLowerCase() : typed)).toBe(code);
      }),
    );
  });
  it('refuses anything that is not a whole code, never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (typed) => {
        const code = normaliseGiftCode(typed);
        if (code !== null) expect(code).toHaveLength(GIFT_CODE_LENGTH);
      }),
    );
    expect(normaliseGiftCode('ABC')).toBeNull();
    expect(normaliseGiftCode('U'.repeat(GIFT_CODE_LENGTH))).toBeNull();
    expect(normaliseGiftCode('o'.repeat(GIFT_CODE_LENGTH))).toBe('0'.repeat(GIFT_CODE_LENGTH));
  });
});

describe('checkGiftDraft (the GIFT_LIST form)', () => {
  const now = Date.parse('2030-06-15T12:00:00Z');
  const good = { licenceId: '102', months: 3, recipientName: ' Ana ', recipientEmail: 'ana@example.com', message: ' Enjoy ', deliveryDate: '2030-06-15' };

  it('answers the trimmed draft for a good form, without a blank message', () => {
    expect(checkGiftDraft(good, now)).toEqual({
      ok: true,
      draft: { licenceId: '102', months: 3, recipientName: 'Ana', recipientEmail: 'ana@example.com', message: 'Enjoy', deliveryDate: '2030-06-15' },
    });
    const noMessage = checkGiftDraft({ ...good, message: '  ' }, now);
    expect(noMessage.ok && 'message' in noMessage.draft).toBe(false);
    expect(giftToday(now)).toBe('2030-06-15');
  });

  it('names each wrong field', () => {
    expect(checkGiftDraft({ ...good, months: 2, recipientName: '', recipientEmail: 'nope', message: 'x'.repeat(501), deliveryDate: '2030-06-14' }, now)).toEqual({
      ok: false,
      errors: {
        offer: 'giftChoosePlan',
        recipientName: 'giftRecipientNameRequired',
        recipientEmail: 'giftRecipientEmailInvalid',
        message: 'giftMessageTooLong',
        deliveryDate: 'giftDeliveryDatePast',
      },
    });
    expect(checkGiftDraft({ ...good, deliveryDate: '2031-07-01' }, now)).toEqual({ ok: false, errors: { deliveryDate: 'giftDeliveryDateTooLate' } });
    expect(checkGiftDraft({ ...good, deliveryDate: '2030-02-30' }, now)).toEqual({ ok: false, errors: { deliveryDate: 'giftDeliveryDateInvalid' } });
  });

  it('never throws, and an accepted draft always has a delivery date checkDeliveryDate accepts', () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: -1e13, max: 1e13 }), (fields, nowMs) => {
        const checked = checkGiftDraft(fields, nowMs);
        if (checked.ok) expect(checkDeliveryDate(checked.draft.deliveryDate, nowMs).ok).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 }), fc.constantFrom(1, 3, 12), (days, months) => {
        const date = new Date(Date.parse('2030-06-15T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
        expect(checkGiftDraft({ ...good, months, deliveryDate: date }, now).ok).toBe(true);
      }),
    );
  });
});

describe('giftStatus of an unpaid gift', () => {
  it('is UNPAID until paid (a cancel still wins), with no action for the buyer', () => {
    const base = { deliverAtMs: YEAR_2000, deliveredAtMs: null, redeemedAtMs: null, cancelledAtMs: null };
    expect(giftStatus({ ...base, paid: false }, YEAR_2000)).toBe('UNPAID');
    expect(giftStatus({ ...base, paid: true }, YEAR_2000)).toBe('SCHEDULED');
    expect(giftStatus({ ...base, paid: false, cancelledAtMs: YEAR_2000 }, YEAR_2000)).toBe('CANCELLED');
    expect(giftActions('UNPAID')).toEqual({ resend: false, cancel: false });
  });
});

describe('giftPaySource (GIFT_PAY: the tab draft, the platform, or nothing)', () => {
  const ID = 'a0a0a0a0-0000-4000-8000-000000000001';
  const OTHER = 'b0b0b0b0-0000-4000-8000-000000000002';
  it('uses the tab without a gift in the address or with its own gift; reads any other named gift from the platform', () => {
    expect(giftPaySource({ giftId: null }, undefined)).toEqual({ kind: 'tab' });
    expect(giftPaySource({ giftId: ID }, '')).toEqual({ kind: 'tab' });
    expect(giftPaySource({ giftId: ID }, ID.toUpperCase())).toEqual({ kind: 'tab' });
    expect(giftPaySource({ giftId: ID }, OTHER)).toEqual({ kind: 'platform', giftId: OTHER });
    expect(giftPaySource({ giftId: null }, ID)).toEqual({ kind: 'platform', giftId: ID });
    expect(giftPaySource(null, ` ${ID} `)).toEqual({ kind: 'platform', giftId: ID });
  });
  it('is nothing without a draft and a gift id, or with an id that is not a UUID', () => {
    expect(giftPaySource(null, undefined)).toEqual({ kind: 'none' });
    expect(giftPaySource(null, '   ')).toEqual({ kind: 'none' });
    expect(giftPaySource({ giftId: null }, 'pay')).toEqual({ kind: 'none' });
    expect(giftPaySource(undefined, 42)).toEqual({ kind: 'none' });
  });
  it('never throws, and names the platform only for a UUID (property)', () => {
    fc.assert(
      fc.property(fc.option(fc.record({ giftId: fc.option(fc.string(), { nil: null }) }), { nil: null }), fc.anything(), (tab, route) => {
        const source = giftPaySource(tab, route);
        if (source.kind === 'platform') expect(source.giftId).toMatch(/^[0-9a-f-]{36}$/i);
        if (source.kind === 'none') expect(tab === null || (typeof route === 'string' && route.trim() !== '')).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(giftPaySource(null, id)).toEqual({ kind: 'platform', giftId: id });
      }),
    );
  });
});

describe('giftPayStep (a gift read from the platform)', () => {
  const gift = { licenceId: '102', months: 3, recipientName: 'Sam', recipientEmail: 'sam@example.com', deliveryDate: '2026-12-01' };
  it('pays an UNPAID gift with its draft; shows any other on its page', () => {
    expect(giftPayStep({ ...gift, status: 'UNPAID', message: 'Hi' })).toEqual({ kind: 'pay', draft: { ...gift, message: 'Hi' } });
    expect(giftPayStep({ ...gift, status: 'UNPAID' })).toEqual({ kind: 'pay', draft: gift });
    for (const status of ['SCHEDULED', 'DELIVERED', 'REDEEMED', 'CANCELLED', 'EXPIRED', 'unpaid']) {
      expect(giftPayStep({ ...gift, status })).toEqual({ kind: 'view' });
    }
    expect(giftPayStep({ ...gift, status: 'UNPAID', months: 2 })).toEqual({ kind: 'view' });
  });
});
