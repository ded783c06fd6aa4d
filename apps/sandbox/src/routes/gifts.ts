/**
 * Gift calls (issue 18; docs/api.md "Gifts"; contracts `@stream/core/contracts` `gifts.ts`, rules
 * `@stream/core/domain` `gifts.ts`): the realm's offers, creating a gift into the buyer's basket
 * (paid with the ordinary pay call of `routes/payments.ts`), the buyer's gifts with resend and
 * cancel (a refund), and redeeming a code. Delivery by the sandbox clock is `gifts/gifts.ts`.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import {
  calls,
  GIFT_CODE_EXPIRED,
  GIFT_CODE_INVALID,
  GIFT_CODE_USED,
  GIFT_REDEEM_MESSAGE_KEYS,
  type GiftRedemption,
} from '@stream/core/contracts';
import { checkDeliveryDate, normaliseGiftCode, renewalAfterGift } from '@stream/core/domain';
import type { SandboxDb } from '../db/open.js';
import { accountLicences, gifts, licences, payments, users } from '../db/schema.js';
import { ApiHttpError, badRequest } from '../errors.js';
import { findBuyersGift, giftAnswer, giftCodeHash, giftPlans, giftPrice, isGiftable, type GiftDelivery } from '../gifts/gifts.js';
import { loadCatalogue, loadHeld, saveHeld } from '../licences/repository.js';
import { startedRow, statusOf } from '../licences/state.js';
import { DEFAULT_CALLER, readSessionCaller, refuseChildPurchase } from '../payments/caller.js';
import { refundCharge } from '../payments/processor.js';
import { basketAnswer, openBasket, skuOf, updateBasket } from './payments.js';
import { conflict, type RouteContext } from './context.js';

const G = calls.gifts;

const DELIVERY_DATE_MESSAGES = {
  format: 'deliveryDate: not a calendar date (YYYY-MM-DD)',
  past: 'deliveryDate: must be today or later',
  tooLate: 'deliveryDate: at most 365 days ahead',
} as const;

/** A redemption error: `code` with its message key (`GIFT_REDEEM_MESSAGE_KEYS`). */
function redeemError(status: 404 | 409, code: keyof typeof GIFT_REDEEM_MESSAGE_KEYS): ApiHttpError {
  return new ApiHttpError(status, code, [GIFT_REDEEM_MESSAGE_KEYS[code]]);
}

/** Registers the gift calls on the app of `ctx`; `delivery` emails due gifts before each gift call. */
export function registerGiftRoutes(ctx: RouteContext, delivery: GiftDelivery): void {
  const { db, route } = ctx;

  // GET /api/v2/gift-plans: guests too (their price is the default caller's).
  route(G.plans, async (_, c) => {
    const claims = await ctx.optionalUser(c);
    const country = claims ? (await readSessionCaller(db, claims)).country : DEFAULT_CALLER.country;
    return { plans: giftPlans(await loadCatalogue(db), country) };
  });

  // POST /api/v2/gifts: a new unpaid gift, in the buyer's open basket.
  route(G.create, async ({ body }, c) => {
    const claims = await ctx.requireUser(c);
    // A child profile (its session, or the caller control's child flag) cannot buy gifts.
    refuseChildPurchase(claims);
    const caller = await readSessionCaller(db, claims);
    if (caller.child) throw new ApiHttpError(403, 'FORBIDDEN', ['kidPurchasePermissionDenied']);
    if (!isGiftable(body.licenceId, body.months)) {
      throw new ApiHttpError(404, 'NOT_FOUND', [`No gift of ${body.months} months of licence ${body.licenceId}`]);
    }
    const [cat] = await db.select().from(licences).where(and(eq(licences.id, body.licenceId), eq(licences.active, true))).limit(1);
    if (!cat) throw new ApiHttpError(404, 'NOT_FOUND', [`No licence ${body.licenceId} in the catalogue`]);
    const now = await ctx.sandboxNow();
    const date = checkDeliveryDate(body.deliveryDate, now.getTime());
    if (!date.ok) throw badRequest(DELIVERY_DATE_MESSAGES[date.reason]);
    const { country } = caller;
    const id = randomUUID();
    const message = body.message?.trim();
    const [row] = await db
      .insert(gifts)
      .values({
        id,
        buyerId: claims.sub,
        licenceId: cat.id,
        months: body.months,
        recipientName: body.recipientName,
        recipientEmail: body.recipientEmail.trim().toLowerCase(),
        message: message ? message : null,
        deliveryDate: body.deliveryDate,
        deliverAt: new Date(date.deliverAtMs),
        ...toPrice(giftPrice(cat, body.months, country)),
        createdAt: now,
      })
      .returning();
    const basket = await updateBasket(db, await openBasket(db, claims.sub), { licenceId: cat.id, sku: skuOf(cat, country), giftId: id, acknowledgeNoFreeTrial: false });
    return { gift: giftAnswer(row!, cat.name, now), basket: await basketAnswer(db, basket, now) };
  });

  // PUT /api/v2/gifts/:giftId/basket: the unpaid gift back in the open basket (its checkout's load).
  route(G.basket, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const { row } = await findBuyersGift(db, claims.sub, params.giftId, { unpaid: true });
    if (row.paidAt || row.cancelledAt) throw conflict('This gift has already been paid: create a new gift.');
    const [cat] = await db.select().from(licences).where(eq(licences.id, row.licenceId)).limit(1);
    const { country } = await readSessionCaller(db, claims);
    const basket = await updateBasket(db, await openBasket(db, claims.sub), { licenceId: row.licenceId, sku: cat ? skuOf(cat, country) : null, giftId: row.id, acknowledgeNoFreeTrial: false });
    return basketAnswer(db, basket, await ctx.sandboxNow());
  });

  // GET /api/v2/gifts: the buyer's paid gifts, newest first.
  route(G.list, async (_, c) => {
    const claims = await ctx.requireUser(c);
    await delivery.deliverDue();
    const now = await ctx.sandboxNow();
    const rows = await db
      .select({ row: gifts, licenceName: licences.name })
      .from(gifts)
      .leftJoin(licences, eq(licences.id, gifts.licenceId))
      .where(and(eq(gifts.buyerId, claims.sub), isNotNull(gifts.paidAt)))
      .orderBy(desc(gifts.paidAt));
    return { items: rows.map(({ row, licenceName }) => giftAnswer(row, licenceName ?? row.licenceId, now)) };
  });

  // GET /api/v2/gifts/:giftId: an unpaid one too (UNPAID; GIFT_PAY reads it to pay it).
  route(G.get, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    await delivery.deliverDue();
    const { row, licenceName } = await findBuyersGift(db, claims.sub, params.giftId, { unpaid: true });
    return giftAnswer(row, licenceName, await ctx.sandboxNow());
  });

  // POST /api/v2/gifts/:giftId/resend: a new code by email (DELIVERED only).
  route(G.resend, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    await delivery.deliverDue();
    const { row, licenceName } = await findBuyersGift(db, claims.sub, params.giftId);
    const now = await ctx.sandboxNow();
    const status = giftAnswer(row, licenceName, now);
    if (!status.canResend) throw conflict(`A ${status.status.toLowerCase()} gift cannot be sent again.`);
    return giftAnswer(await delivery.resend(row.id), licenceName, now);
  });

  // POST /api/v2/gifts/:giftId/cancel: SCHEDULED only; the payment is refunded.
  route(G.cancel, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    await delivery.deliverDue();
    const { licenceName } = await findBuyersGift(db, claims.sub, params.giftId);
    const now = await ctx.sandboxNow();
    const row = await db.transaction(async (txDb) => {
      const tx = txDb as unknown as SandboxDb;
      const [locked] = await tx.select().from(gifts).where(eq(gifts.id, params.giftId)).for('update');
      if (!locked || !giftAnswer(locked, licenceName, now).canCancel) {
        throw conflict('Only a gift that has not been delivered yet can be cancelled.');
      }
      const [cancelled] = await tx.update(gifts).set({ cancelledAt: now }).where(eq(gifts.id, locked.id)).returning();
      if (locked.paymentId) await refundGiftPayment(tx, locked.paymentId, locked.id, now);
      return cancelled!;
    });
    return giftAnswer(row, licenceName, now);
  });

  // POST /api/v2/gift-redemptions { code }: throttled like every secret (a malformed or unknown code is a failed guess).
  route(G.redeem, async ({ body }, c) => {
    const claims = await ctx.requireUser(c);
    const attempt = ctx.throttle.begin({ scope: 'giftCode', subject: claims.sub, address: ctx.clientAddress(c) });
    try {
      const answer = await redeem(db, claims.sub, body.code, await ctx.sandboxNow());
      attempt.succeeded();
      return answer;
    } catch (error) {
      if (error instanceof ApiHttpError && error.code === GIFT_CODE_INVALID) attempt.failed();
      else attempt.released();
      throw error;
    }
  });
}

/**
 * Refunds the payment `paymentId` of cancelled gift `giftId` in full (inside the cancel's
 * transaction, the gift's row locked): the card processor refunds its charge of the exact amount
 * (`refundCharge`, idempotency key `gift-cancel:{giftId}`, so it is made once whatever happens),
 * and the payment records when and which refund (its history item is then `refunded`). A payment
 * that charged nothing (a zero balance) is marked refunded without a processor refund.
 */
async function refundGiftPayment(tx: SandboxDb, paymentId: string, giftId: string, now: Date): Promise<void> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment || payment.refundedAt) return;
  let refundId: string | null = null;
  if (payment.externalId && payment.amount > 0) {
    const refunded = await refundCharge(tx, payment.externalId, {
      amount: payment.amount,
      currency: payment.currency,
      scale: payment.scale,
      idempotencyKey: `gift-cancel:${giftId}`,
      at: now,
    });
    // Refused (nothing to refund back): the whole cancel rolls back, the gift stays scheduled.
    if (!refunded.ok) throw conflict(`The card processor refused the refund (${refunded.reason}).`);
    refundId = refunded.refund.refundId;
  }
  await tx.update(payments).set({ refundedAt: now, refundId, updatedAt: now }).where(eq(payments.id, paymentId));
}

/** The price columns of a gift. */
const toPrice = (price: { amount: number; currency: string; scale: number }) => ({ amount: price.amount, currency: price.currency, scale: price.scale });

/**
 * Redeems `typed` for `userId` at `now`, in one transaction with the gift's row locked (so
 * concurrent redemptions of one code grant it once) and the recipient's account row locked (so
 * the licence is read and written by one redemption at a time). The same account again: the
 * stored answer. See `calls.gifts.redeem` for the errors.
 */
async function redeem(db: SandboxDb, userId: string, typed: string, now: Date): Promise<GiftRedemption> {
  const code = normaliseGiftCode(typed);
  if (!code) throw redeemError(404, GIFT_CODE_INVALID);
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as SandboxDb;
    const [gift] = await tx.select().from(gifts).where(eq(gifts.codeHash, giftCodeHash(code))).for('update');
    if (!gift || gift.cancelledAt) throw redeemError(404, GIFT_CODE_INVALID);
    if (gift.redeemedAt) {
      if (gift.redeemedBy === userId && gift.redemption) return gift.redemption as GiftRedemption;
      throw redeemError(409, GIFT_CODE_USED);
    }
    if (gift.codeExpiresAt && gift.codeExpiresAt.getTime() <= now.getTime()) throw redeemError(409, GIFT_CODE_EXPIRED);
    const [cat] = await tx.select().from(licences).where(eq(licences.id, gift.licenceId)).limit(1);
    if (!cat) throw redeemError(404, GIFT_CODE_INVALID);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

    const held = (await loadHeld(tx, userId, now)).find((h) => h.cat.id === cat.id);
    const status = held ? statusOf(held.row, now) : undefined;
    const hold = held ? { paidUntilMs: held.row.expiresAt?.getTime() ?? null, grantsAccess: status === 'ACTIVE' || status === 'TRIAL_ACTIVE' } : null;
    const renewal = renewalAfterGift(hold, gift.months, now.getTime());
    const base = { licenceId: cat.id, licenceName: cat.name, months: gift.months as GiftRedemption['months'], redeemedAt: now.toISOString() };
    let answer: GiftRedemption;
    if (renewal.kind === 'extend' && held) {
      await saveHeld(tx, held, { expiresAt: new Date(renewal.toMs) }, now);
      answer = { ...base, outcome: 'extend', previousExpiresAt: new Date(renewal.fromMs).toISOString(), expiresAt: new Date(renewal.toMs).toISOString() };
    } else if (renewal.kind === 'new') {
      const values = {
        userId,
        licenceId: cat.id,
        ...startedRow(cat, { autoRenewing: false, startedAt: now, expiresAt: new Date(renewal.endsAtMs), trialEndsAt: null, updatedAt: now }),
      };
      await tx
        .insert(accountLicences)
        .values({ ...values, id: randomUUID(), createdAt: now })
        .onConflictDoUpdate({ target: [accountLicences.userId, accountLicences.licenceId], set: values });
      answer = { ...base, outcome: 'new', expiresAt: new Date(renewal.endsAtMs).toISOString() };
    } else if (renewal.kind === 'unchanged') {
      answer = { ...base, outcome: 'unchanged' };
    } else {
      throw conflict(`Gift ${gift.id} cannot be redeemed (${renewal.kind === 'invalid' ? renewal.reason : 'state'}).`);
    }
    await tx.update(gifts).set({ redeemedAt: now, redeemedBy: userId, redemption: answer }).where(eq(gifts.id, gift.id));
    return answer;
  });
}
