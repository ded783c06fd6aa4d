/**
 * The card processor sandbox, in the manner of the well-known payment processors and separate
 * from the platform: card details go to it directly (`POST /_processor/v1/tokens`), it answers a
 * token, and the platform stores only that token, the brand, the last four digits and the expiry.
 * The number and the CVC are checked and dropped, never stored or logged. A charge on a token
 * ({@link chargeToken}) answers what the test number says; a charge with an amount is recorded
 * (`processor_charges`), captured at once or once its 3-D Secure challenge completes
 * ({@link captureCharge}), and can be refunded ({@link refundCharge}: exact minor units, never
 * more than what is left, once per idempotency key).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sum } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import type { SandboxEnv } from '../http/env.js';
import type { SandboxDb } from '../db/open.js';
import { processorCharges, processorRefunds, processorTokens } from '../db/schema.js';
import { ApiHttpError, type CardErrorCode } from '../errors.js';
import { readJsonBody } from '../http/body.js';

/** What a charge on a test card does: a decline code, `requires_action` (3-D Secure), or success (absent). */
export const TEST_CARDS: Readonly<Record<string, CardErrorCode | 'requires_action'>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  '4000002500003155': 'requires_action',
};

/** The human text of each processor code (the pay call's `messages`). */
export const CARD_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  incorrect_number: 'Your card number is incorrect.',
  invalid_expiry_year: "Your card's expiration year is invalid.",
  authentication_failed: 'The card holder did not complete the authentication.',
  payment_method_declined: 'The payer declined the payment at the provider.',
};

/** `POST /_processor/v1/tokens` body. */
export const tokenRequestSchema = z.object({
  number: z.string().check(z.minLength(1), z.maxLength(40)),
  expMonth: z.int().check(z.gte(1), z.lte(12)),
  expYear: z.int().check(z.gte(2000), z.lte(2100)),
  cvc: z.string().check(z.regex(/^\d{3,4}$/)),
});

/** The token answer. */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /**
   * The card's fingerprint (`fp_` + 24 hex digits): the same card number always has the same
   * fingerprint, whatever the token, so the platform never stores one card twice.
   */
  fingerprint: string;
}

/** The fingerprint of a card number (digits only): a keyed SHA-256, never reversible to the number. */
export function cardFingerprint(digits: string): string {
  return `fp_${createHash('sha256').update(`stream-sandbox-processor:${digits}`, 'utf8').digest('hex').slice(0, 24)}`;
}

/** A 402 with the processor's code and its human message. */
export function cardError(code: CardErrorCode): ApiHttpError {
  return new ApiHttpError(402, code, [CARD_ERROR_MESSAGES[code] ?? code]);
}

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card brand from the number's prefix. */
export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** Registers the processor's routes (`/_processor/v1/*`: no realm, no API key, no bearer). */
export function registerProcessorRoutes(app: Hono<SandboxEnv>, deps: { db: SandboxDb; now: () => number }): void {
  // POST /_processor/v1/tokens { number, expMonth, expYear, cvc } → { token, brand, last4, expMonth, expYear }
  app.post('/_processor/v1/tokens', async (c) => {
    const body = await readJsonBody(c, tokenRequestSchema);
    const digits = body.number.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw cardError('incorrect_number');
    const today = new Date(deps.now());
    const year = today.getUTCFullYear();
    if (body.expYear < year || (body.expYear === year && body.expMonth < today.getUTCMonth() + 1)) {
      throw cardError('invalid_expiry_year');
    }
    const answer: CardToken = {
      token: `tok_${randomBytes(12).toString('hex')}`,
      brand: brandOf(digits),
      last4: digits.slice(-4),
      expMonth: body.expMonth,
      expYear: body.expYear,
      fingerprint: cardFingerprint(digits),
    };
    await deps.db.insert(processorTokens).values({ ...answer, outcome: TEST_CARDS[digits] ?? null, createdAt: new Date(deps.now()) });
    return c.json(answer);
  });
}

/** A token's card (brand, last 4, expiry, outcome, fingerprint), or undefined for an unknown token. */
export async function findToken(db: SandboxDb, token: string) {
  const [row] = await db.select().from(processorTokens).where(eq(processorTokens.token, token)).limit(1);
  return row;
}

/**
 * Spends a token: a token attaches to payment details once. Returns its card, `'used'` when it
 * was already spent (the caller answers 409 `TOKEN_ALREADY_USED`), or undefined for an unknown
 * token. Atomic: of two concurrent attaches with one token, one only gets the card.
 */
export async function spendToken(db: SandboxDb, token: string, at: Date) {
  const [row] = await db
    .update(processorTokens)
    .set({ usedAt: at })
    .where(and(eq(processorTokens.token, token), isNull(processorTokens.usedAt)))
    .returning();
  if (row) return row;
  return (await findToken(db, token)) ? ('used' as const) : undefined;
}

/** The result of charging a token. */
export type ChargeResult =
  | { ok: true; chargeId: string }
  | { ok: false; code: CardErrorCode }
  | { ok: 'requires_action'; chargeId: string };

/** An amount in minor units: `amount` at `scale` decimals of `currency`. */
export interface MinorUnits {
  amount: number;
  currency: string;
  scale: number;
}

/**
 * Charges the card behind `token` (the outcome is the test card's, whatever the amount). With
 * `charge` (a payment's amount and the time), a successful charge is recorded as captured and one
 * that needs 3-D Secure as `requires_action` (captured by {@link captureCharge}); without it (a
 * card's verification) nothing is recorded.
 */
export async function chargeToken(db: SandboxDb, token: string, charge?: MinorUnits & { at: Date }): Promise<ChargeResult> {
  const row = await findToken(db, token);
  if (!row) return { ok: false, code: 'processing_error' };
  const chargeId = `ch_${randomBytes(12).toString('hex')}`;
  if (row.outcome && row.outcome !== 'requires_action') return { ok: false, code: row.outcome as CardErrorCode };
  const captured = !row.outcome;
  if (charge) await recordCharge(db, chargeId, charge, captured);
  return captured ? { ok: true, chargeId } : { ok: 'requires_action', chargeId };
}

/**
 * Records charge `chargeId` of `charge` (minor units): captured at `charge.at` (a card charged at
 * once, a redirecting provider's approved payment), or waiting for its 3-D Secure challenge.
 */
export async function recordCharge(db: SandboxDb, chargeId: string, charge: MinorUnits & { at: Date }, captured = true): Promise<void> {
  await db.insert(processorCharges).values({
    id: chargeId,
    amount: charge.amount,
    currency: charge.currency,
    scale: charge.scale,
    status: captured ? 'captured' : 'requires_action',
    createdAt: charge.at,
    capturedAt: captured ? charge.at : null,
  });
}

/** Captures a charge whose 3-D Secure challenge completed (nothing for an unknown or already captured one). */
export async function captureCharge(db: SandboxDb, chargeId: string | null, at: Date): Promise<void> {
  if (!chargeId) return;
  await db
    .update(processorCharges)
    .set({ status: 'captured', capturedAt: at })
    .where(and(eq(processorCharges.id, chargeId), eq(processorCharges.status, 'requires_action')));
}

/** A refund the processor made: its id (`re_…`), the charge and the exact amount; `replayed` when the key had already refunded. */
export interface ChargeRefund extends MinorUnits {
  refundId: string;
  chargeId: string;
  replayed: boolean;
}

/** Why the processor refused a refund. */
export type RefundRefusal = 'no_such_charge' | 'charge_not_captured' | 'amount_exceeds_balance' | 'invalid_amount' | 'currency_mismatch';

/**
 * Refunds `refund.amount` minor units of captured charge `chargeId`, once per `idempotencyKey`:
 * the same key again answers the first refund (`replayed`), refunding nothing more. In one
 * transaction with the charge's row locked, so concurrent refunds of one charge never take more
 * than it holds. Refuses (`{ ok: false, reason }`) an unknown or uncaptured charge, another
 * currency or scale, an amount that is not a positive whole number, or more than the charge's
 * {@link chargeBalance}.
 */
export async function refundCharge(
  db: SandboxDb,
  chargeId: string,
  refund: MinorUnits & { idempotencyKey: string; at: Date },
): Promise<{ ok: true; refund: ChargeRefund } | { ok: false; reason: RefundRefusal }> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as SandboxDb;
    const [charge] = await tx.select().from(processorCharges).where(eq(processorCharges.id, chargeId)).for('update');
    const [done] = await tx.select().from(processorRefunds).where(eq(processorRefunds.idempotencyKey, refund.idempotencyKey)).limit(1);
    if (done) return { ok: true as const, refund: { refundId: done.id, chargeId: done.chargeId, amount: done.amount, currency: done.currency, scale: done.scale, replayed: true } };
    if (!charge) return { ok: false as const, reason: 'no_such_charge' as const };
    if (charge.status !== 'captured') return { ok: false as const, reason: 'charge_not_captured' as const };
    if (charge.currency !== refund.currency || charge.scale !== refund.scale) return { ok: false as const, reason: 'currency_mismatch' as const };
    if (!Number.isInteger(refund.amount) || refund.amount <= 0) return { ok: false as const, reason: 'invalid_amount' as const };
    if (refund.amount > charge.amount - (await refundedOf(tx, chargeId))) return { ok: false as const, reason: 'amount_exceeds_balance' as const };
    const refundId = `re_${randomBytes(12).toString('hex')}`;
    await tx.insert(processorRefunds).values({
      id: refundId,
      chargeId,
      amount: refund.amount,
      currency: refund.currency,
      scale: refund.scale,
      idempotencyKey: refund.idempotencyKey,
      createdAt: refund.at,
    });
    return { ok: true as const, refund: { refundId, chargeId, amount: refund.amount, currency: refund.currency, scale: refund.scale, replayed: false } };
  });
}

/** Minor units refunded so far of `chargeId`. */
async function refundedOf(db: SandboxDb, chargeId: string): Promise<number> {
  const [row] = await db.select({ total: sum(processorRefunds.amount) }).from(processorRefunds).where(eq(processorRefunds.chargeId, chargeId));
  return Number(row?.total ?? 0);
}

/**
 * What the processor holds of charge `chargeId`: the captured amount less its refunds (minor
 * units; 0 for a charge not captured), and its refunds; undefined for an unknown charge.
 */
export async function chargeBalance(db: SandboxDb, chargeId: string): Promise<{ captured: number; refunded: number; balance: number; refunds: number } | undefined> {
  const [charge] = await db.select().from(processorCharges).where(eq(processorCharges.id, chargeId)).limit(1);
  if (!charge) return undefined;
  const rows = await db.select({ amount: processorRefunds.amount }).from(processorRefunds).where(eq(processorRefunds.chargeId, chargeId));
  const refunded = rows.reduce((total, row) => total + row.amount, 0);
  const captured = charge.status === 'captured' ? charge.amount : 0;
  return { captured, refunded, balance: captured - refunded, refunds: rows.length };
}
