/**
 * Gifting (issue 18 "Gifting"; docs/api.md "Gifts"; this project's rules, the spec shows no
 * gifting calls): what a gift of a plan does to the recipient's licence, a gift's status, its
 * delivery date and the shape of a redemption code. Pure: time is a parameter (epoch ms), every
 * function is total over its input (bad input gives a typed result, never a throw).
 *
 * - A gift is a fixed number of months of a plan ({@link GIFT_PERIOD_MONTHS}: 1, 3 or 12; which
 *   plans and periods a realm offers is a realm setting per licence).
 * - Redeeming it grants a new licence for the gifted period from the moment of redemption, or,
 *   when the recipient already holds that plan with a paid period still running, moves the end of
 *   that period (the renewal date) on by the gifted period, without a charge: a gift never
 *   shortens a paid period ({@link renewalAfterGift}).
 * - A code is {@link GIFT_CODE_LENGTH} characters of Crockford's base 32 (120 random bits), shown
 *   in groups of four; typing is forgiving ({@link normaliseGiftCode}: case, spaces, dashes, and
 *   the look-alikes O→0, I/L→1). It is single-use and expires {@link GIFT_CODE_LIFETIME_MONTHS}
 *   months after delivery.
 */

import { errorFacts } from './loginErrors.js';
import { isValidEmail } from './loginForm.js';
import { TOO_MANY_ATTEMPTS_KEY } from './throttle.js';

/** The gift periods a realm may offer, in whole months. */
export const GIFT_PERIOD_MONTHS = [1, 3, 12] as const;
export type GiftPeriodMonths = (typeof GIFT_PERIOD_MONTHS)[number];

/** Characters of a redemption code (Crockford's base 32: 5 bits each, 120 bits in all). */
export const GIFT_CODE_LENGTH = 24;
/** The alphabet of codes: Crockford's base 32 (no I, L, O, U). */
export const GIFT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Months after delivery during which a code can be redeemed. */
export const GIFT_CODE_LIFETIME_MONTHS = 12;
/** Longest message a buyer may write, in characters. */
export const GIFT_MESSAGE_MAX_LENGTH = 500;
/** Latest delivery date, in days after the day of purchase. */
export const GIFT_MAX_DELIVERY_DAYS = 365;

/**
 * A gift's status for the buyer: created but not paid yet (its checkout, GIFT_PAY, pays it), paid
 * and waiting for its date, emailed, redeemed, cancelled (refunded), or delivered and past its
 * redemption deadline.
 */
export const GIFT_STATUSES = ['UNPAID', 'SCHEDULED', 'DELIVERED', 'REDEEMED', 'CANCELLED', 'EXPIRED'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

const DAY_MS = 86_400_000;

/** Whether `value` is one of {@link GIFT_PERIOD_MONTHS}. */
export function isGiftPeriodMonths(value: unknown): value is GiftPeriodMonths {
  return typeof value === 'number' && (GIFT_PERIOD_MONTHS as readonly number[]).includes(value);
}

/**
 * `ms` plus `months` calendar months (UTC, time of day kept, clamped to the end of a shorter
 * month: 31 Jan + 1 = 28/29 Feb), as the platform's period arithmetic does. NaN for a
 * non-finite `ms` or a `months` that is not a whole number.
 */
export function addMonthsUtc(ms: number, months: number): number {
  if (!Number.isFinite(ms) || !Number.isInteger(months)) return Number.NaN;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return Number.NaN;
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.getTime();
}

/**
 * The recipient's hold on the gifted plan before redeeming: `null` (does not hold it), or its
 * `paidUntilMs` (the end of the paid period: the renewal date of a subscription, the end of access
 * of a cancelled one; `null` for a licence that never ends) and whether it still grants access.
 */
export interface GiftHeldLicence {
  /** End of the paid period (epoch ms), or null: it never ends. */
  paidUntilMs: number | null;
  /** ACTIVE, TRIAL_ACTIVE, PAUSED or cancelled with access left: true; EXPIRED or ended: false. */
  grantsAccess: boolean;
}

/**
 * What redeeming a gift does to the recipient's licence:
 * - `new`: a new licence from `startsAtMs` (now) to `endsAtMs` (now + the gifted months); for a
 *   recipient who does not hold the plan, or whose period has ended;
 * - `extend`: the held licence's paid period ends at `toMs` (its `fromMs` + the gifted months)
 *   instead of `fromMs`;
 * - `unchanged`: the held licence never ends (nothing to extend; the gift is still used);
 * - `invalid`: the months are not a gift period or a time is not finite.
 */
export type GiftRenewal =
  | { kind: 'new'; startsAtMs: number; endsAtMs: number }
  | { kind: 'extend'; fromMs: number; toMs: number }
  | { kind: 'unchanged' }
  | { kind: 'invalid'; reason: 'period' | 'time' };

/**
 * The new renewal date after a gift of `months` redeemed at `nowMs` by a recipient whose hold on
 * the plan is `held` (see {@link GiftRenewal}). A held licence whose paid period is still running
 * (access and `paidUntilMs` after `nowMs`) is extended from its end, so the recipient keeps every
 * day already paid and gains exactly the gifted months; otherwise the gifted period starts now.
 * Never shortens: the resulting end is at or after both `nowMs` and the held `paidUntilMs`.
 */
export function renewalAfterGift(held: GiftHeldLicence | null, months: number, nowMs: number): GiftRenewal {
  if (!isGiftPeriodMonths(months)) return { kind: 'invalid', reason: 'period' };
  if (!Number.isFinite(nowMs) || (held?.paidUntilMs !== null && held?.paidUntilMs !== undefined && !Number.isFinite(held.paidUntilMs))) {
    return { kind: 'invalid', reason: 'time' };
  }
  if (held && held.grantsAccess && held.paidUntilMs === null) return { kind: 'unchanged' };
  if (held && held.grantsAccess && held.paidUntilMs !== null && held.paidUntilMs > nowMs) {
    return { kind: 'extend', fromMs: held.paidUntilMs, toMs: addMonthsUtc(held.paidUntilMs, months) };
  }
  return { kind: 'new', startsAtMs: nowMs, endsAtMs: addMonthsUtc(nowMs, months) };
}

/** The times of a gift that decide its status (epoch ms; null: not happened). */
export interface GiftTimes {
  /** The delivery moment: 00:00 UTC of the delivery date. */
  deliverAtMs: number;
  deliveredAtMs: number | null;
  redeemedAtMs: number | null;
  cancelledAtMs: number | null;
  /** False for a gift created but not paid yet; absent: paid. */
  paid?: boolean;
}

/**
 * The status of a gift at `nowMs`: CANCELLED, else UNPAID (`paid: false`), else REDEEMED, else
 * DELIVERED once emailed (EXPIRED {@link GIFT_CODE_LIFETIME_MONTHS} months after delivery), else
 * SCHEDULED.
 */
export function giftStatus(gift: GiftTimes, nowMs: number): GiftStatus {
  if (gift.cancelledAtMs !== null) return 'CANCELLED';
  if (gift.paid === false) return 'UNPAID';
  if (gift.redeemedAtMs !== null) return 'REDEEMED';
  if (gift.deliveredAtMs !== null) {
    return nowMs >= addMonthsUtc(gift.deliveredAtMs, GIFT_CODE_LIFETIME_MONTHS) ? 'EXPIRED' : 'DELIVERED';
  }
  return 'SCHEDULED';
}

/** What the buyer may still do with a gift of `status`: resend (a new code by email) once delivered; cancel (with a refund) before delivery. */
export function giftActions(status: GiftStatus): { resend: boolean; cancel: boolean } {
  return { resend: status === 'DELIVERED', cancel: status === 'SCHEDULED' };
}

/** The outcome of checking a delivery date (`YYYY-MM-DD`) against today. */
export type DeliveryDateCheck =
  | { ok: true; deliverAtMs: number }
  | { ok: false; reason: 'format' | 'past' | 'tooLate' };

/**
 * Checks a delivery date: a real calendar date `YYYY-MM-DD`, today (by the UTC day of `nowMs`)
 * or later, at most {@link GIFT_MAX_DELIVERY_DAYS} days ahead. `deliverAtMs` is 00:00 UTC of it
 * (at or before `nowMs` for today: delivered at once).
 */
export function checkDeliveryDate(date: unknown, nowMs: number): DeliveryDateCheck {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !Number.isFinite(nowMs)) return { ok: false, reason: 'format' };
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return { ok: false, reason: 'format' };
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  if (ms < today) return { ok: false, reason: 'past' };
  if (ms > today + GIFT_MAX_DELIVERY_DAYS * DAY_MS) return { ok: false, reason: 'tooLate' };
  return { ok: true, deliverAtMs: ms };
}

/**
 * A typed code in its stored form: upper case, without spaces or dashes, the look-alikes read as
 * Crockford's (O → 0, I and L → 1); `null` when the result is not {@link GIFT_CODE_LENGTH}
 * characters of {@link GIFT_CODE_ALPHABET} (so a malformed code never reaches the platform's lookup).
 */
export function normaliseGiftCode(typed: unknown): string | null {
  if (typeof typed !== 'string' || typed.length > 4 * GIFT_CODE_LENGTH) return null;
  const code = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (code.length !== GIFT_CODE_LENGTH) return null;
  for (const ch of code) if (!GIFT_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** A stored-form code in groups of four joined by dashes, for reading aloud and typing (`ABCD-EFGH-…`). */
export function formatGiftCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? '';
}

/** Message key of a code the page refuses before sending (not a whole code). */
export const GIFT_CODE_INVALID_KEY = 'giftCodeInvalid';

/**
 * The message key of a failed redemption (labels `gifts/*.json`): `giftCodeInvalid` (404
 * `GIFT_CODE_INVALID`, malformed or unknown), `giftCodeAlreadyUsed` (409 `GIFT_CODE_USED`),
 * `giftCodeExpired` (409 `GIFT_CODE_EXPIRED`), `tooManyAttempts` (429), else `somethingWentWrong`
 * (a network failure included). Reads the error's `status` and `code` only; never throws.
 */
export function giftRedeemMessage(error: unknown): string {
  const facts = errorFacts(error);
  if (facts.status === 429 || facts.code === 'TOO_MANY_ATTEMPTS') return TOO_MANY_ATTEMPTS_KEY;
  if (facts.code === 'GIFT_CODE_INVALID') return GIFT_CODE_INVALID_KEY;
  if (facts.code === 'GIFT_CODE_USED') return 'giftCodeAlreadyUsed';
  if (facts.code === 'GIFT_CODE_EXPIRED') return 'giftCodeExpired';
  return 'somethingWentWrong';
}

/** The gift form's fields as typed (GIFT_LIST): the offer, the recipient, the message, the delivery date. */
export interface GiftDraftFields {
  licenceId: string;
  /** The gifted months as chosen (one of {@link GIFT_PERIOD_MONTHS}). */
  months: number;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** `YYYY-MM-DD`. */
  deliveryDate: string;
}

/** A checked gift draft: the body of `POST /api/v2/gifts` (message left out when blank). */
export interface GiftDraft {
  licenceId: string;
  months: GiftPeriodMonths;
  recipientName: string;
  recipientEmail: string;
  message?: string;
  deliveryDate: string;
}

/** Label keys of the gift form's errors, by field. */
export type GiftDraftErrors = Partial<Record<'offer' | 'recipientName' | 'recipientEmail' | 'message' | 'deliveryDate', string>>;

/**
 * Checks the gift form (GIFT_LIST) at `nowMs`: an offer (licence and months), the recipient's name
 * (1 to 100 characters once trimmed), a valid email, a message of at most
 * {@link GIFT_MESSAGE_MAX_LENGTH} characters, and a delivery date that {@link checkDeliveryDate}
 * accepts. Answers the draft, or the label key of each wrong field (`giftChoosePlan`,
 * `giftRecipientNameRequired`, `giftRecipientEmailInvalid`, `giftMessageTooLong`, `giftDeliveryDatePast`,
 * `giftDeliveryDateTooLate`, `giftDeliveryDateInvalid`). Never throws.
 */
export function checkGiftDraft(fields: unknown, nowMs: number): { ok: true; draft: GiftDraft } | { ok: false; errors: GiftDraftErrors } {
  const f = (typeof fields === 'object' && fields !== null ? fields : {}) as Partial<Record<keyof GiftDraftFields, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const errors: GiftDraftErrors = {};
  const licenceId = text(f.licenceId).trim();
  const months = f.months;
  if (licenceId === '' || !isGiftPeriodMonths(months)) errors.offer = 'giftChoosePlan';
  const recipientName = text(f.recipientName).trim();
  if (recipientName.length < 1 || recipientName.length > 100) errors.recipientName = 'giftRecipientNameRequired';
  const recipientEmail = text(f.recipientEmail).trim();
  if (recipientEmail.length > 254 || !isValidEmail(recipientEmail)) errors.recipientEmail = 'giftRecipientEmailInvalid';
  const message = text(f.message).trim();
  if (message.length > GIFT_MESSAGE_MAX_LENGTH) errors.message = 'giftMessageTooLong';
  const date = checkDeliveryDate(f.deliveryDate, nowMs);
  if (!date.ok) errors.deliveryDate = date.reason === 'past' ? 'giftDeliveryDatePast' : date.reason === 'tooLate' ? 'giftDeliveryDateTooLate' : 'giftDeliveryDateInvalid';
  if (Object.keys(errors).length > 0 || !isGiftPeriodMonths(months)) return { ok: false, errors };
  const draft: GiftDraft = { licenceId, months, recipientName, recipientEmail, deliveryDate: text(f.deliveryDate) };
  return { ok: true, draft: message === '' ? draft : { ...draft, message } };
}

/** The UTC calendar day (`YYYY-MM-DD`) of `nowMs`: the earliest delivery date; `''` for a time that is not finite. */
export function giftToday(nowMs: number): string {
  return Number.isFinite(nowMs) ? new Date(Math.floor(nowMs / DAY_MS) * DAY_MS).toISOString().slice(0, 10) : '';
}

/**
 * Where GIFT_PAY (`/gift/:giftId?/pay`; issue 18) takes the gift it pays from:
 * - `tab`: this tab's draft from GIFT_LIST (and its gift once the payment created it);
 * - `platform`: the gift named in the address, read from the platform (`GET /api/v2/gifts/{id}`),
 *   for a reload without the draft, another tab, or the way back from a failed 3-D Secure;
 * - `none`: neither (or an id that is not a UUID): back to GIFT_LIST with `giftNothingToPay`.
 */
export type GiftPaySource = { kind: 'tab' } | { kind: 'platform'; giftId: string } | { kind: 'none' };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GIFT_PAY's source ({@link GiftPaySource}) from the tab's gift (`null`: no draft; its `giftId`
 * once created) and the address's `:giftId` (absent or blank: none). The tab's draft is used when
 * the address names no gift or names the draft's own gift; an address naming another gift (or a
 * draft whose gift is not created yet) reads that gift from the platform. Never throws.
 */
export function giftPaySource(tab: { giftId: string | null } | null | undefined, routeGiftId: unknown): GiftPaySource {
  const named = typeof routeGiftId === 'string' ? routeGiftId.trim() : '';
  if (named === '') return tab ? { kind: 'tab' } : { kind: 'none' };
  if (!UUID_PATTERN.test(named)) return { kind: 'none' };
  if (tab && tab.giftId !== null && tab.giftId.toLowerCase() === named.toLowerCase()) return { kind: 'tab' };
  return { kind: 'platform', giftId: named };
}

/** A gift as the platform answers it, as far as {@link giftPayStep} reads it. */
export interface GiftPayLike {
  status: string;
  licenceId: string;
  months: number;
  recipientName: string;
  recipientEmail: string;
  message?: string | undefined;
  deliveryDate: string;
}

/**
 * What GIFT_PAY does with a gift read from the platform: `pay` an UNPAID gift (its `draft`: the
 * licence, months, recipient and date the page shows; the payment loads the gift's basket by its
 * id), else `view` it on its page GIFT (already paid, cancelled, or malformed months). Never throws.
 */
export function giftPayStep(gift: GiftPayLike): { kind: 'pay'; draft: GiftDraft } | { kind: 'view' } {
  if (gift?.status !== 'UNPAID' || !isGiftPeriodMonths(gift.months)) return { kind: 'view' };
  const draft: GiftDraft = {
    licenceId: gift.licenceId,
    months: gift.months,
    recipientName: gift.recipientName,
    recipientEmail: gift.recipientEmail,
    deliveryDate: gift.deliveryDate,
  };
  return { kind: 'pay', draft: gift.message ? { ...draft, message: gift.message } : draft };
}
