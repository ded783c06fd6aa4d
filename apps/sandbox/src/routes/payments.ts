/**
 * Basket and payment calls (commerce §7 "Baskets and payments", errors of §8): the current basket
 * with its amounts, vouchers, payment providers, payment methods (a card token from the card
 * processor, or a redirecting provider's approval page), pay with an `Idempotency-Key` (the same
 * key never charges twice, and a key reused for another request is refused), cards and payment
 * history. The buyer's situation (country, VPN, child profile, billing address) is
 * `payments/caller.ts`, set through `routes/checkout.ts`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { calls, type Basket, type Card, type PaymentDetails, type PaymentHistoryItem, type PayRequest, type PayResponse } from '@stream/core/contracts';
import { allowedReturnUrl, localAmounts } from '@stream/core/domain';
import type { SandboxEnv } from '../http/env.js';
import type { SandboxDb } from '../db/open.js';
import { accountLicences, baskets, gifts, licences, paymentDetails, payments, users, vouchers } from '../db/schema.js';
import { ApiHttpError, badRequest, type ErrorStatus, type SandboxErrorCode } from '../errors.js';
import type { RouteInput } from '../http/route.js';
import { addPeriod, parsePeriod } from '../licences/period.js';
import { startedRow, subscriptionPeriod, type CatalogueRow } from '../licences/state.js';
import { loadHeld } from '../licences/repository.js';
import { refuseForbiddenPurchase, replaceForUpgrade, upgradeForPay, upgradeReplacedIds, withUpgradeCredit } from '../licences/planChanges.js';
import { basketAmounts } from '../payments/amounts.js';
import { blockReasonOf, missingFieldsOf, readCaller, refuseChildPurchase } from '../payments/caller.js';
import { DEFAULTS } from '../config.js';
import { realmWebOrigins } from '../seed/realm.js';
import { hostedPage, providerName } from '../payments/pages.js';
import { formatAmount, renderReceipt } from '../payments/receipt.js';
import { captureCharge, CARD_ERROR_MESSAGES, cardError, chargeToken, recordCharge, spendToken } from '../payments/processor.js';
import { normaliseVoucherCode, type VoucherRow } from '../payments/vouchers.js';
import type { GiftDelivery } from '../gifts/gifts.js';
import { conflict, type RouteContext } from './context.js';
import type { CaptchaService } from '../providers/captcha.js';
import { realmSettingsFor } from '../seed/realms.js';

const B = calls.baskets;
const V = calls.vouchers;
const PM = calls.paymentMethods;
const PAY = calls.payments;
const C = calls.cards;
const DAY = 86_400_000;

/** The payment providers the realm offers (`GET /api/v2/payment-providers`). */
export const PAYMENT_PROVIDERS = [
  { paymentProviderId: 'CARDS', providerType: 'CARDS', paymentMethodType: 'CARD', paymentProviderGroupType: 'CREDIT_CARD', hasVouchers: true },
  { paymentProviderId: 'PAYPAL', providerType: 'PAYPAL', paymentMethodType: 'PAYPAL', paymentProviderGroupType: 'PAYPAL', hasVouchers: true },
  { paymentProviderId: 'IDEAL', providerType: 'IDEAL', paymentMethodType: 'IDEAL', paymentProviderGroupType: 'IDEAL', hasVouchers: false },
  { paymentProviderId: 'BANCONTACT', providerType: 'BANCONTACT', paymentMethodType: 'BANCONTACT', paymentProviderGroupType: 'BANCONTACT', hasVouchers: false },
  { paymentProviderId: 'PIX', providerType: 'PIX', paymentMethodType: 'PIX', paymentProviderGroupType: 'PIX', hasVouchers: false },
  { paymentProviderId: 'ALIPAY', providerType: 'ALIPAY', paymentMethodType: 'ALIPAY', paymentProviderGroupType: 'ALIPAY', hasVouchers: false },
  { paymentProviderId: 'WEPAY', providerType: 'WEPAY', paymentMethodType: 'WEPAY', paymentProviderGroupType: 'WEPAY', hasVouchers: false },
  {
    paymentProviderId: 'ZERO_BALANCE',
    providerType: 'ZERO_BALANCE',
    paymentMethodType: 'ZERO_BALANCE',
    paymentProviderGroupType: 'ZERO_BALANCE',
    hasVouchers: true,
  },
] as const;
/** Providers whose payer approves on the provider's page (the sandbox's approval page). */
const REDIRECTING = new Set(['PAYPAL', 'IDEAL', 'BANCONTACT', 'PIX', 'ALIPAY', 'WEPAY']);
/** Chargeable payment details (VALID cards and approved redirecting providers) an account may keep. */
export const MAX_PAYMENT_DETAILS = 5;

/** SHA-256 (hex) of a single-use challenge or approval token: only the hash is kept. */
const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** A new single-use token for a challenge or approval URL (192 random bits, URL-safe). */
const newActionToken = () => randomBytes(24).toString('base64url');

/** Options of {@link registerPaymentRoutes}. */
export interface PaymentRouteOptions {
  /**
   * The realm's registered web origins: the only places a payer is sent back to (`returnUrl`).
   * @default realmWebOrigins(env SANDBOX_WEB_URL, else the default web URL)
   */
  webOrigins: readonly string[];
  /** Delivers the gifts a payment made due (a gift for today is emailed once paid; docs/api.md "Gifts"). */
  gifts?: Pick<GiftDelivery, 'deliverDue'>;
  /** The captcha check of a realm whose setting guards payment (issue 18; `providers/captcha.ts`); none: no check. */
  captcha?: Pick<CaptchaService, 'require'>;
}

type BasketRow = typeof baskets.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type DetailsRow = typeof paymentDetails.$inferSelect;
type GiftRow = typeof gifts.$inferSelect;

/**
 * Registers the basket, payment, card and history calls, the redirecting providers' approval
 * page and the 3-D Secure challenge on `app`. A card is stored (`VALID`: listed, counted, the
 * default when it is the first) only once a payment or an explicit set-up
 * (`POST /payment-method/validate`) succeeds with it; one card (processor fingerprint) is kept
 * once per account; a processor token attaches once (409 `TOKEN_ALREADY_USED`); the challenge
 * and the approval need the single-use token of the URL the platform answered; `returnUrl` must
 * be an address of `options.webOrigins` (core `allowedReturnUrl`), else 400.
 */
export function registerPaymentRoutes(
  app: Hono<SandboxEnv>,
  ctx: RouteContext,
  options: PaymentRouteOptions = { webOrigins: realmWebOrigins(process.env.SANDBOX_WEB_URL ?? DEFAULTS.webUrl) },
): void {
  const { db, route } = ctx;
  /** A completed gift payment may make its gift due now: deliver it before answering. */
  const afterCompleted = async (answer: PayResponse): Promise<PayResponse> => {
    if (answer.status === 'SUCCEEDED' && (answer as { giftId?: string }).giftId) await options.gifts?.deliverDue();
    return answer;
  };
  /** The return URL when the payer may be sent there; 400 `BAD_REQUEST` naming `field` otherwise. */
  const checkReturnUrl = (raw: string, field: string): string => {
    const allowed = allowedReturnUrl(raw, options.webOrigins);
    if (allowed === null) throw badRequest(`${field}: must be an https or loopback address of the realm's registered web origins`);
    return allowed;
  };

  // GET /api/v2/customer/basket: the current (open) basket, created empty when there is none.
  route(B.get, async (_, c) => {
    const claims = await ctx.requireUser(c);
    return basketAnswer(db, await openBasket(db, claims.sub), await ctx.sandboxNow());
  });

  // PUT /api/v2/voucher routes are registered before PUT /baskets/:id so `vouchers` is not taken for an id.
  /**
   * `findVoucher`, throttled per buyer's basket and per client address (auth/throttle.ts): an
   * unknown code counts as a failure; 429 `TOO_MANY_ATTEMPTS` after 5 in a row.
   */
  const guessVoucher = async (c: Context, userId: string, code: string): Promise<VoucherRow> => {
    const attempt = ctx.throttle.begin({ scope: 'voucher', subject: userId, address: ctx.clientAddress(c) });
    try {
      const voucher = await findVoucher(db, code);
      attempt.succeeded();
      return voucher;
    } catch (error) {
      if (error instanceof ApiHttpError && error.status === 404) attempt.failed();
      else attempt.released();
      throw error;
    }
  };

  // PUT /api/v2/baskets/vouchers/:code: applies a voucher to the current basket.
  route(V.add, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const voucher = await guessVoucher(c, claims.sub, params.code);
    const basket = await openBasket(db, claims.sub);
    const codes = basket.vouchers.includes(voucher.code) ? basket.vouchers : [...basket.vouchers, voucher.code];
    return basketAnswer(db, await updateBasket(db, basket, { vouchers: codes }));
  });

  // DELETE /api/v2/baskets/vouchers/:code: removes it.
  route(V.remove, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const voucher = await findVoucher(db, params.code);
    const basket = await openBasket(db, claims.sub);
    if (!basket.vouchers.includes(voucher.code)) {
      throw new ApiHttpError(404, 'NOT_FOUND', [`Voucher ${voucher.code} is not applied to this basket.`]);
    }
    const codes = basket.vouchers.filter((code) => code !== voucher.code);
    return basketAnswer(db, await updateBasket(db, basket, { vouchers: codes }));
  });

  // PUT /api/v2/baskets/:id?acknowledgeNoFreeTrial=: the current basket now holds licence :id.
  route(B.put, async ({ query, params }, c) => {
    const claims = await ctx.requireUser(c);
    refuseChildPurchase(claims);
    const cat = await findLicence(db, params.id);
    const now = await ctx.sandboxNow();
    // 409 LICENCE_ALREADY_ACTIVE for a licence held active, INVALID_TIER_CHANGE for a downgrade (docs/api.md "Plan changes").
    refuseForbiddenPurchase(cat, await loadHeld(db, claims.sub, now), now);
    const basket = await openBasket(db, claims.sub);
    const changes = {
      licenceId: cat.id,
      sku: skuOf(cat, (await readCaller(db, claims.sub)).country),
      acknowledgeNoFreeTrial: query.acknowledgeNoFreeTrial === 'true',
      // A licence put in the basket makes it an ordinary basket again.
      giftId: null,
    };
    return basketAnswer(db, await updateBasket(db, basket, changes), now);
  });

  // POST /api/v2/promotions/voucher/redeem { voucherCode, licenceId? }: applies the voucher to the
  // current basket (after putting licence `licenceId` in it, when sent).
  route(V.redeem, async ({ body }, c) => {
    const claims = await ctx.requireUser(c);
    refuseChildPurchase(claims);
    const voucher = await guessVoucher(c, claims.sub, body.voucherCode);
    let basket = await openBasket(db, claims.sub);
    if (body.licenceId !== undefined) {
      const cat = await findLicence(db, String(body.licenceId));
      basket = await updateBasket(db, basket, { licenceId: cat.id, sku: skuOf(cat, (await readCaller(db, claims.sub)).country), giftId: null });
    }
    if (!basket.vouchers.includes(voucher.code)) await updateBasket(db, basket, { vouchers: [...basket.vouchers, voucher.code] });
    return { redeemed: true };
  });

  // GET /api/v2/payment-providers
  route(PAY.providers, async (_, c) => {
    await ctx.optionalUser(c);
    return { providers: PAYMENT_PROVIDERS.map((p) => ({ ...p })) };
  });

  // POST /api/v4/payment-method/init: a card (processor token) or a redirecting provider. A card
  // is not stored yet (UNVERIFIED) unless it already is; the same card again answers its payment
  // details; the token is spent (a second attach: 409 TOKEN_ALREADY_USED).
  route(PM.init, async ({ body }, c) => {
    const claims = await ctx.requireUser(c);
    const sent = body.primaryPaymentDetails;
    const provider = providerOf(sent.targetPaymentProvider, 'primaryPaymentDetails.targetPaymentProvider');
    const returnUrl = sent.returnUrl === undefined ? null : checkReturnUrl(sent.returnUrl, 'primaryPaymentDetails.returnUrl');
    const exid = `pd_${randomUUID()}`;
    const now = new Date(ctx.now());
    const base = {
      exid,
      userId: claims.sub,
      provider: provider.paymentProviderId,
      methodType: sent.paymentMethodType.toUpperCase(),
      createdAt: now,
    };
    const cardToken = provider.paymentProviderId === 'CARDS' ? sent.token : undefined;
    if (provider.paymentProviderId === 'CARDS' && !cardToken) throw badRequest('primaryPaymentDetails.token: a card needs the card processor token');
    const redirecting = REDIRECTING.has(provider.paymentProviderId);
    // Issue 18 (docs/api.md "Captcha"): on a realm whose captcha guards payment, the challenge of a
    // payment the payer approves at the provider is spent here, before the payer leaves (the pay on
    // the way back needs none: see `approvedAwayUnpaid`).
    if (redirecting) await options.captcha?.require(c, realmSettingsFor(c.get('realm').name, true).captcha, 'payment');
    const approvalToken = redirecting ? newActionToken() : undefined;
    const row = await db.transaction(async (tx) => {
      // The account's row locked: two concurrent inits cannot both pass the limit.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, claims.sub)).for('update');
      let card: Exclude<Awaited<ReturnType<typeof spendToken>>, 'used' | undefined> | undefined;
      if (cardToken) {
        const spent = await spendToken(tx as unknown as SandboxDb, cardToken, now);
        if (!spent) throw badRequest('primaryPaymentDetails.token: unknown card token');
        if (spent === 'used') {
          throw new ApiHttpError(409, 'TOKEN_ALREADY_USED', ['This card token was already used: tokenise the card again.']);
        }
        card = spent;
        // The same card (processor fingerprint) again: its payment details, stored or not yet.
        if (card.fingerprint) {
          const same = await tx
            .select()
            .from(paymentDetails)
            .where(
              and(
                eq(paymentDetails.userId, claims.sub),
                eq(paymentDetails.provider, 'CARDS'),
                eq(paymentDetails.fingerprint, card.fingerprint),
                inArray(paymentDetails.status, ['VALID', 'UNVERIFIED']),
              ),
            );
          const found = same.find((r) => r.status === 'VALID') ?? same[0];
          if (found) return found;
        }
      }
      if (provider.paymentProviderId !== 'ZERO_BALANCE') {
        const stored = await tx
          .select({ exid: paymentDetails.exid })
          .from(paymentDetails)
          .where(and(eq(paymentDetails.userId, claims.sub), eq(paymentDetails.status, 'VALID'), ne(paymentDetails.provider, 'ZERO_BALANCE')));
        if (stored.length >= MAX_PAYMENT_DETAILS) {
          throw new ApiHttpError(409, 'MAX_CHARGEABLE_PAYMENT_DETAILS_REACHED', [
            `This account already has ${stored.length} stored payment methods, the most allowed (${MAX_PAYMENT_DETAILS}). Delete one to add another.`,
          ]);
        }
      }
      if (card) {
        const [inserted] = await tx
          .insert(paymentDetails)
          .values({
            ...base,
            cardTokenRef: card.token,
            brand: card.brand,
            last4: card.last4,
            expiryMonth: card.expMonth,
            expiryYear: card.expYear,
            fingerprint: card.fingerprint,
            isDefault: false,
            status: 'UNVERIFIED',
          })
          .returning();
        return inserted!;
      }
      const [inserted] = await tx
        .insert(paymentDetails)
        .values({
          ...base,
          status: redirecting ? 'PENDING' : 'VALID',
          returnUrl,
          approvalTokenHash: approvalToken ? tokenHash(approvalToken) : null,
        })
        .returning();
      return inserted!;
    });
    return detailsAnswer(row, ctx.publicUrl(c), approvalToken);
  });

  // POST /api/v4/payment-method/validate { paymentDetailsExid, redirectStatus? }: an approved
  // provider's details, or the explicit set-up of a card: the processor verifies it (nothing is
  // charged); a card it declines is not stored (402), one it accepts is (the limit applies).
  route(PM.validate, async ({ body }, c) => {
    const claims = await ctx.requireUser(c);
    let row = await findDetails(db, claims.sub, body.paymentDetailsExid);
    if (row.status === 'DECLINED') throw cardError('payment_method_declined');
    if (row.status === 'PENDING') throw conflict(`The payer has not yet approved ${row.exid} at ${row.provider}.`);
    if (row.status === 'UNVERIFIED') {
      const check = await chargeToken(db, row.cardTokenRef ?? '');
      if (check.ok === false) throw cardError(check.code);
      row = await db.transaction((tx) => storeCard(tx as unknown as SandboxDb, claims.sub, row.exid, { enforceLimit: true }));
    }
    return detailsAnswer(row, ctx.publicUrl(c));
  });

  // Pay: POST /api/v2/customer/baskets/pay/:id and /pay/ (the current basket: `namedBasket` null).
  // The contract's headers schema has checked the key: present, not blank, at most 255 characters.
  type PayInput = Pick<RouteInput<typeof B.pay>, 'query' | 'body' | 'headers'>;
  const pay = async (c: Context<SandboxEnv>, namedBasket: string | null, { query, body, headers }: PayInput): Promise<PayResponse> => {
    const claims = await ctx.requireUser(c);
    // A child profile's session: 403 before anything else (no replay, no charge).
    refuseChildPurchase(claims);
    const key = headers['Idempotency-Key'];
    const userId = claims.sub;
    if ((body.consent?.length ?? 0) > MAX_CONSENT_ANSWERS) throw badRequest(`consent: at most ${MAX_CONSENT_ANSWERS} answers`);
    const fingerprint = payFingerprint(body);

    // The same key again: the first call's answer (waiting for it while it is still being charged),
    // unless the key was first sent with another basket or body: 409, nothing charged.
    const refuseReuse = (first: PaymentRow) => {
      const otherBasket = namedBasket !== null && namedBasket.toLowerCase() !== first.basketId.toLowerCase();
      const otherBody = first.requestFingerprint !== null && first.requestFingerprint !== fingerprint;
      if (otherBasket || otherBody) {
        throw new ApiHttpError(409, 'IDEMPOTENCY_KEY_REUSED', [
          `This Idempotency-Key was already used for another payment request (${otherBasket ? 'another basket' : 'other payment details or consent'}). Send a new key for a new payment.`,
        ]);
      }
    };
    const replay = async () => {
      const first = await waitForPayment(db, userId, key, refuseReuse);
      if (!first) return undefined;
      if (first.status === 'PROCESSING' || first.response === null || first.responseStatus === null) {
        throw conflict('A payment with this Idempotency-Key is still in progress; retry with the same key.');
      }
      return answerStored(first);
    };
    const replayed = await replay();
    if (replayed) return replayed;
    // Issue 18: a realm whose captcha guards payment spends the request's token (403
    // CAPTCHA_FAIL_ERROR) before anything is charged; a replay of the same key above needs none,
    // nor the first pay with details just approved at a redirecting provider (their init spent it).
    const attrs = body.paymentArrangement.primaryPaymentDetailsAttributes;
    if (!(await approvedAwayUnpaid(db, userId, attrs.paymentDetailsExternalId))) {
      await options.captcha?.require(c, realmSettingsFor(c.get('realm').name, true).captcha, 'payment');
    }

    const basket = namedBasket === null ? await openBasket(db, userId) : await findBasket(db, userId, namedBasket);
    if (basket.status === 'PAID') throw conflict(`Basket ${basket.id} has already been paid.`);
    if (!basket.licenceId) throw conflict('The basket is empty: put a licence in it first.');
    const cat = await findLicence(db, basket.licenceId);
    const applied = await appliedVouchers(db, basket.vouchers);
    // The caller's country picks the price (its local amount and currency where the licence has one).
    const caller = await readCaller(db, userId);
    // A gift basket (docs/api.md "Gifts") pays for the gift's months and grants the payer nothing.
    const gift = basket.giftId ? await giftOfBasket(db, basket) : undefined;
    const amounts = basketAmounts(cat, applied, caller.country, gift?.months ?? 1);
    // A licence held active: 409; a downgrade: 409; an upgrade: the credit comes off the total (docs/api.md "Plan changes").
    if (!gift) await upgradeForPay(db, userId, cat, amounts, await ctx.sandboxNow());

    // Checks that charge nothing (the key stays unused, so the retry after fixing them may reuse it).
    const blocked = blockReasonOf(caller);
    if (blocked) throw new ApiHttpError(403, 'FORBIDDEN', [blocked]);
    const acknowledged = query.acknowledgeNoFreeTrial === 'true' || basket.acknowledgeNoFreeTrial;
    if (!gift && applied.some((v) => v.freeTrialDenied) && !acknowledged) throw conflict('freeTrialDenied');
    const missingFields = await missingFieldsOf(db, userId);
    if (missingFields.length > 0) {
      throw new ApiHttpError(424, 'BASKET_REQUIREMENTS_FAILED', ['Billing details are missing.'], { missingFields });
    }
    const provider = providerOf(attrs.targetPaymentProvider, 'paymentArrangement.primaryPaymentDetailsAttributes.targetPaymentProvider');
    let details: DetailsRow | undefined;
    if (amounts.total > 0) {
      if (provider.paymentProviderId === 'ZERO_BALANCE') throw badRequest('ZERO_BALANCE pays only a basket whose total is zero');
      if (!attrs.paymentDetailsExternalId) {
        throw badRequest('paymentArrangement.primaryPaymentDetailsAttributes.paymentDetailsExternalId: required for a basket to charge');
      }
      details = await findDetails(db, userId, attrs.paymentDetailsExternalId);
      if (details.provider !== provider.paymentProviderId) {
        throw badRequest(`Payment details ${details.exid} belong to ${details.provider}, not ${provider.paymentProviderId}`);
      }
      if (details.status === 'DECLINED') throw cardError('payment_method_declined');
      if (details.status === 'PENDING') throw conflict(`The payer has not yet approved ${details.exid} at ${details.provider}.`);
    }

    // Insert first: the UNIQUE (user_id, idempotency_key) lets one call only through. Under a lock
    // on the payer, the licence is checked again and no other payment of it may be in flight, so
    // two calls with different keys never both charge (docs/api.md "Plan changes").
    const paymentId = randomUUID();
    const now = await ctx.sandboxNow();
    const inserted = await db.transaction(async (txDb) => {
      const tx = txDb as unknown as SandboxDb;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pay:${userId}`}))`);
      if (gift) await claimGiftPayment(tx, basket.id);
      else await claimLicencePayment(tx, userId, cat, now);
      return tx
      .insert(payments)
      .values({
        id: paymentId,
        userId,
        basketId: basket.id,
        idempotencyKey: key,
        status: 'PROCESSING',
        amount: amounts.total,
        currency: amounts.currency,
        scale: amounts.scale,
        licenceId: cat.id,
        sku: skuOf(cat, caller.country) ?? basket.sku,
        provider: amounts.total > 0 ? provider.paymentProviderId : 'ZERO_BALANCE',
        paymentDetailsExid: details?.exid ?? null,
        requestFingerprint: fingerprint,
        consent: body.consent ?? null,
        giftId: gift?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    });
    if (inserted.length === 0) {
      const again = await replay();
      if (again) return again;
      throw conflict('A payment with this Idempotency-Key is still in progress; retry with the same key.');
    }
    // The consent answers are recorded on the account (the checkout context's recordedConsents).
    if (body.consent && body.consent.length > 0) await recordConsent(db, userId, body.consent);

    // Charge.
    let externalId: string | null = null;
    if (details?.provider === 'CARDS') {
      // The processor records the charge of the exact amount (a refund takes it back: a cancelled gift).
      const charge = await chargeToken(db, details.cardTokenRef ?? '', { amount: amounts.total, currency: amounts.currency, scale: amounts.scale, at: now });
      if (charge.ok === false) {
        const error = { status: 402, code: charge.code, messages: [CARD_ERROR_MESSAGES[charge.code] ?? charge.code] };
        await db
          .update(payments)
          .set({ status: 'FAILED', responseStatus: 402, response: error, updatedAt: now })
          .where(eq(payments.id, paymentId));
        throw cardError(charge.code);
      }
      externalId = charge.chargeId;
      if (charge.ok === 'requires_action') {
        // The challenge URL carries a single-use token bound to this payment (of this account).
        const actionToken = newActionToken();
        const answer: PayResponse = {
          status: 'REQUIRES_ACTION',
          paymentId,
          redirectUrl: `${ctx.publicUrl(c)}/_processor/v1/challenge/${paymentId}?token=${actionToken}`,
          licenceId: cat.id,
          ...(gift ? { giftId: gift.id } : {}),
        };
        await db
          .update(payments)
          .set({ status: 'REQUIRES_ACTION', externalId, actionTokenHash: tokenHash(actionToken), responseStatus: 200, response: answer, updatedAt: now })
          .where(eq(payments.id, paymentId));
        return answer;
      }
    } else if (details) {
      externalId = `${details.provider.toLowerCase()}_${randomUUID()}`;
      // The redirecting provider's stand-in: its approved payment is a captured charge of the processor.
      await recordCharge(db, externalId, { amount: amounts.total, currency: amounts.currency, scale: amounts.scale, at: now });
    }
    return afterCompleted(await completePayment(db, paymentId, externalId, now));
  };
  route(B.payCurrent, (input, c) => pay(c, null, input));
  route(B.pay, (input, c) => pay(c, input.params.id, input));

  // GET /api/v2/customer/cards
  route(C.list, async (_, c) => {
    const claims = await ctx.requireUser(c);
    const rows = await db
      .select()
      .from(paymentDetails)
      .where(and(eq(paymentDetails.userId, claims.sub), eq(paymentDetails.provider, 'CARDS'), eq(paymentDetails.status, 'VALID')))
      .orderBy(desc(paymentDetails.isDefault), paymentDetails.createdAt);
    return { cards: rows.map(cardAnswer) };
  });

  /**
   * Makes payment details `exid` pay for `licenceId` (and no other details do). 404 for details
   * or a licence the account does not hold (`cardsOnly`: details that are not a card count as
   * unknown); with `checkBilling`, 424 `BASKET_REQUIREMENTS_FAILED` with `details.missingFields`
   * when the caller's country needs billing fields the account lacks (the same check as pay),
   * and nothing moves.
   */
  async function attachToLicence(
    userId: string,
    exid: string,
    licenceId: string,
    options: { cardsOnly: boolean; checkBilling: boolean },
  ): Promise<void> {
    const details = await findDetails(db, userId, exid);
    if (options.cardsOnly && details.provider !== 'CARDS') {
      throw new ApiHttpError(404, 'NOT_FOUND', [`No card ${details.exid} on this account`]);
    }
    if (details.status !== 'VALID') {
      throw new ApiHttpError(409, 'CONFLICT', [`Payment details ${details.exid} are not usable yet (status ${details.status}).`]);
    }
    const [held] = await db
      .select({ id: accountLicences.id })
      .from(accountLicences)
      .where(and(eq(accountLicences.userId, userId), eq(accountLicences.licenceId, licenceId)))
      .limit(1);
    if (!held) throw new ApiHttpError(404, 'NOT_FOUND', [`No licence ${licenceId} on this account`]);
    if (options.checkBilling) {
      const missingFields = await missingFieldsOf(db, userId);
      if (missingFields.length > 0) {
        throw new ApiHttpError(424, 'BASKET_REQUIREMENTS_FAILED', ['Billing details are missing.'], { missingFields });
      }
    }
    await attachLicence(db, userId, details.exid, licenceId);
  }

  // POST /api/v2/licences/:licenceId/card/:cardId[?checkBillingDetails=true]: the card now pays for that licence.
  route(C.attachToLicence, async ({ query, params }, c) => {
    const claims = await ctx.requireUser(c);
    await attachToLicence(claims.sub, params.cardId, params.licenceId, {
      cardsOnly: true,
      checkBilling: query.checkBillingDetails === 'true',
    });
    return {};
  });

  // POST /api/v2/licence/:id/payment-details/:paymentDetailsId[/billing-details], no body: any
  // usable payment details (card, approved PayPal or iDEAL) now pay for the licence; the
  // billing-details suffix checks the billing details first.
  for (const [contract, checkBilling] of [
    [PAY.attachDetails, false],
    [PAY.attachDetailsWithBilling, true],
  ] as const) {
    route(contract, async ({ params }, c) => {
      const claims = await ctx.requireUser(c);
      await attachToLicence(claims.sub, params.paymentDetailsId, params.id, {
        cardsOnly: false,
        checkBilling,
      });
      return {};
    });
  }

  // DELETE /api/v2/customer/cards/:cardId: removes a card; the default moves to the most recent
  // remaining card, and the licences the card paid for move to the (remaining) default card.
  route(C.remove, async ({ params: { cardId } }, c) => {
    const claims = await ctx.requireUser(c);
    await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, claims.sub)).for('update');
      const card = await findCard(tx as unknown as SandboxDb, claims.sub, cardId);
      await tx.delete(paymentDetails).where(eq(paymentDetails.exid, card.exid));
      const remaining = await tx
        .select()
        .from(paymentDetails)
        .where(and(eq(paymentDetails.userId, claims.sub), eq(paymentDetails.provider, 'CARDS'), eq(paymentDetails.status, 'VALID')))
        .orderBy(desc(paymentDetails.createdAt), desc(paymentDetails.exid));
      const heir = remaining.find((row) => row.isDefault) ?? remaining[0];
      if (!heir) return; // no card left: its licences are left without one
      const licenceIds = [...heir.licenceIds, ...card.licenceIds.filter((id) => !heir.licenceIds.includes(id))];
      await tx.update(paymentDetails).set({ isDefault: true, licenceIds }).where(eq(paymentDetails.exid, heir.exid));
    });
    return {};
  });

  // PUT /api/v2/customer/cards/:cardId/default: the card becomes the account's only default.
  route(C.setDefault, async ({ params: { cardId } }, c) => {
    const claims = await ctx.requireUser(c);
    const card = await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, claims.sub)).for('update');
      const found = await findCard(tx as unknown as SandboxDb, claims.sub, cardId);
      await tx
        .update(paymentDetails)
        .set({ isDefault: false })
        .where(and(eq(paymentDetails.userId, claims.sub), ne(paymentDetails.exid, found.exid)));
      const [updated] = await tx.update(paymentDetails).set({ isDefault: true }).where(eq(paymentDetails.exid, found.exid)).returning();
      return updated!;
    });
    return cardAnswer(card);
  });

  // GET /api/v2/customer/payments: payment history, newest first.
  route(PAY.history, async (_, c) => {
    const claims = await ctx.requireUser(c);
    const rows = await db
      .select({ p: payments, name: licences.name, gift: { months: gifts.months, recipientName: gifts.recipientName } })
      .from(payments)
      .leftJoin(licences, eq(licences.id, payments.licenceId))
      .leftJoin(gifts, eq(gifts.id, payments.giftId))
      .where(and(eq(payments.userId, claims.sub), ne(payments.status, 'PROCESSING')))
      .orderBy(desc(payments.createdAt));
    const base = ctx.publicUrl(c);
    return { items: rows.map(({ p, name, gift }) => historyItem(p, name, base, gift)) };
  });

  // GET /api/v2/customer/payments/:id/receipt.pdf: the PDF receipt of a succeeded payment.
  app.get('/api/v2/customer/payments/:id/receipt.pdf', async (c) => {
    const claims = await ctx.requireUser(c);
    const id = c.req.param('id');
    const p = await paymentById(db, id);
    if (!p || p.userId !== claims.sub) throw new ApiHttpError(404, 'NOT_FOUND', [`No payment ${id} on this account`]);
    if (p.status !== 'SUCCEEDED') {
      throw conflict(`Payment ${p.id} did not succeed (status ${p.status.toLowerCase()}): there is no receipt for it.`);
    }
    const [cat] = await db.select({ name: licences.name }).from(licences).where(eq(licences.id, p.licenceId)).limit(1);
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, p.userId)).limit(1);
    const [gift] = p.giftId ? await db.select({ months: gifts.months }).from(gifts).where(eq(gifts.id, p.giftId)).limit(1) : [];
    const name = cat?.name ?? p.licenceId;
    const pdf = await renderReceipt({
      paymentId: p.id,
      paidAt: p.createdAt,
      productName: gift ? `Gift: ${name}, ${gift.months === 1 ? '1 month' : `${gift.months} months`}` : name,
      amount: p.amount,
      scale: p.scale,
      currency: p.currency,
      buyerEmail: user?.email ?? '',
      externalPaymentId: p.externalId,
      provider: p.provider,
    });
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="receipt-${p.id}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });

  // The redirecting providers' approval page: public, but only with the single-use token of the
  // approval URL init answered (bound to these payment details of this account).
  app.get('/_provider/approve/:exid', async (c) => {
    const token = c.req.query('token') ?? '';
    const [row] = token
      ? await db
          .select()
          .from(paymentDetails)
          .where(and(eq(paymentDetails.exid, c.req.param('exid')), eq(paymentDetails.approvalTokenHash, tokenHash(token)), eq(paymentDetails.status, 'PENDING')))
          .limit(1)
      : [];
    if (!row || row.provider === 'CARDS') return c.text('Unknown payment', 404);
    const base = `/_provider/approve/${encodeURIComponent(row.exid)}`;
    const suffix = `?token=${encodeURIComponent(token)}`;
    const name = providerName(row.provider);
    return c.html(
      hostedPage({
        title: `${name}: approve the payment method`,
        heading: `${name}: approve the payment method`,
        paragraphs: [
          `Stream asks to charge your ${name} account for its purchases. This is the sandbox's ${name} page: no real account is used.`,
          'Choose Approve to use it, or Decline to refuse.',
        ],
        actions: [
          { action: `${base}/approve${suffix}`, label: 'Approve', primary: true },
          { action: `${base}/decline${suffix}`, label: 'Decline' },
        ],
      }),
    );
  });
  app.post('/_provider/approve/:exid/:decision{approve|decline}', async (c) => {
    const token = c.req.query('token') ?? '';
    const approved = c.req.param('decision') === 'approve';
    // Spends the token: one decision only, and only with this URL's token.
    const [row] = token
      ? await db
          .update(paymentDetails)
          .set({ status: approved ? 'VALID' : 'DECLINED', approvalTokenHash: null })
          .where(
            and(
              eq(paymentDetails.exid, c.req.param('exid')),
              eq(paymentDetails.approvalTokenHash, tokenHash(token)),
              eq(paymentDetails.status, 'PENDING'),
              ne(paymentDetails.provider, 'CARDS'),
            ),
          )
          .returning()
      : [];
    if (!row) return c.text('Unknown payment', 404);
    const back = row.returnUrl ? allowedReturnUrl(row.returnUrl, options.webOrigins) : null;
    const params = new URLSearchParams({
      targetPaymentProvider: row.provider,
      paymentProviderId: row.provider,
      paymentMethodType: row.methodType,
      paymentDetailsExid: row.exid,
      redirect_status: approved ? 'succeeded' : 'failed',
      from: 'provider',
    });
    if (!back) return c.json({ redirect_status: approved ? 'succeeded' : 'failed', paymentDetailsExid: row.exid });
    return c.redirect(`${back}${back.includes('?') ? '&' : '?'}${params}`, 303);
  });

  // The card processor's 3-D Secure challenge: public, but only with the single-use token of the
  // challenge URL the pay call answered (bound to this payment of this account). `returnUrl`
  // must be an address of the realm's web origins (400 otherwise).
  app.get('/_processor/v1/challenge/:paymentId', async (c) => {
    const back = c.req.query('returnUrl');
    if (back !== undefined) checkReturnUrl(back, 'returnUrl');
    const token = c.req.query('token') ?? '';
    const payment = await paymentById(db, c.req.param('paymentId'));
    if (!payment || payment.status !== 'REQUIRES_ACTION' || !token || payment.actionTokenHash !== tokenHash(token)) {
      return c.text('No authentication pending', 404);
    }
    const base = `/_processor/v1/challenge/${payment.id}`;
    const query = new URLSearchParams({ token, ...(back ? { returnUrl: back } : {}) });
    const suffix = `?${query}`;
    return c.html(
      hostedPage({
        title: '3-D Secure: authenticate this payment',
        heading: 'Authenticate this payment',
        paragraphs: [
          `Your bank asks you to confirm a payment of ${formatAmount(payment.amount, payment.scale, payment.currency)} to Stream. This is the sandbox's 3-D Secure check: no real bank is asked.`,
          'Choose Complete authentication to pay, or Fail authentication to refuse the payment.',
        ],
        actions: [
          { action: `${base}/complete${suffix}`, label: 'Complete authentication', primary: true },
          { action: `${base}/fail${suffix}`, label: 'Fail authentication' },
        ],
      }),
    );
  });
  app.post('/_processor/v1/challenge/:paymentId/:result{complete|fail}', async (c) => {
    const back = c.req.query('returnUrl');
    if (back !== undefined) checkReturnUrl(back, 'returnUrl');
    const token = c.req.query('token') ?? '';
    const payment = await paymentById(db, c.req.param('paymentId'));
    if (!payment || !token) return c.text('No authentication pending', 404);
    // Spends the token: one answer only, and only with this URL's token.
    const [spent] = await db
      .update(payments)
      // PROCESSING while it completes: a new payment of the same licence meanwhile is refused.
      .set({ actionTokenHash: null, status: 'PROCESSING' })
      .where(and(eq(payments.id, payment.id), eq(payments.actionTokenHash, tokenHash(token)), eq(payments.status, 'REQUIRES_ACTION')))
      .returning({ id: payments.id });
    if (!spent) return c.text('No authentication pending', 404);
    const now = await ctx.sandboxNow();
    let status: string;
    if (c.req.param('result') === 'complete') {
      await captureCharge(db, payment.externalId, now);
      status = (await afterCompleted(await completePayment(db, payment.id, payment.externalId, now))).status;
    } else {
      const error = { status: 402, code: 'authentication_failed', messages: [CARD_ERROR_MESSAGES.authentication_failed!] };
      await db.update(payments).set({ status: 'FAILED', responseStatus: 402, response: error, updatedAt: now }).where(eq(payments.id, payment.id));
      status = 'FAILED';
    }
    if (!back) return c.json({ paymentId: payment.id, status });
    const params = new URLSearchParams({ paymentId: payment.id, redirect_status: status === 'SUCCEEDED' ? 'succeeded' : 'failed' });
    return c.redirect(`${back}${back.includes('?') ? '&' : '?'}${params}`, 303);
  });
}

/**
 * Claims the purchase of `cat` for `userId`; call it inside the payer's locked transaction, just
 * before the payment row is inserted.
 * - The licence is checked again (held: 409 `LICENCE_ALREADY_ACTIVE`; a downgrade: 409), since a
 *   payment of it may have succeeded since the first check.
 * - A payment of the same licence still PROCESSING: 409 `CONFLICT` (`paymentInProgress`).
 * - A payment of it waiting for 3-D Secure (REQUIRES_ACTION) is superseded: marked FAILED, so its
 *   challenge can no longer complete (completion needs REQUIRES_ACTION) and charge a second time.
 */
async function claimLicencePayment(tx: SandboxDb, userId: string, cat: CatalogueRow, now: Date): Promise<void> {
  refuseForbiddenPurchase(cat, await loadHeld(tx, userId, now), now);
  const open = await tx
    .select({ id: payments.id, status: payments.status, updatedAt: payments.updatedAt })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.licenceId, cat.id), inArray(payments.status, ['PROCESSING', 'REQUIRES_ACTION'])));
  // A PROCESSING row older than two minutes is a call that died mid-charge: it blocks nothing.
  const inFlight = open.some((p) => p.status === 'PROCESSING' && now.getTime() - p.updatedAt.getTime() < STALE_PROCESSING_MS);
  if (inFlight) throw conflict('paymentInProgress');
  const waiting = open.map((p) => p.id);
  if (waiting.length > 0) {
    const error = { status: 402, code: 'authentication_failed', messages: ['Superseded by a newer payment of the same licence.'] };
    await tx
      .update(payments)
      .set({ status: 'FAILED', actionTokenHash: null, responseStatus: 402, response: error, updatedAt: now })
      .where(and(inArray(payments.id, waiting), eq(payments.status, 'REQUIRES_ACTION')));
  }
}

/** After this long (ms) a payment still PROCESSING is taken as dead and blocks no new payment. */
const STALE_PROCESSING_MS = 120_000;

/** Most consent answers one pay call may carry. */
const MAX_CONSENT_ANSWERS = 50;

/**
 * The pay request's fingerprint, stored with the payment so a reused `Idempotency-Key` can be
 * told apart from a retry: SHA-256 of the payment details id, the provider and method (as matched,
 * case-insensitively) and the consent answers. The query (`acknowledgeNoFreeTrial`) is not part of it.
 */
function payFingerprint(body: PayRequest): string {
  const attrs = body.paymentArrangement.primaryPaymentDetailsAttributes;
  const canonical = JSON.stringify([
    attrs.paymentDetailsExternalId ?? null,
    attrs.targetPaymentProvider.trim().toUpperCase().replace(/[\s-]+/g, '_'),
    attrs.paymentMethodType.trim().toUpperCase(),
    (body.consent ?? []).map((answer) => [answer.fieldName, answer.answer]),
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/**
 * Waits (up to 10 s) while the payment with `key` is being charged; undefined when there is none.
 * `check` sees the row first (it throws to refuse a reused key without waiting).
 */
async function waitForPayment(
  db: SandboxDb,
  userId: string,
  key: string,
  check: (row: PaymentRow) => void,
): Promise<PaymentRow | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)))
      .limit(1);
    if (row) check(row);
    if (!row || row.status !== 'PROCESSING' || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Replays a stored answer: the pay answer, or the stored error thrown again (it gets this request's id). */
function answerStored(p: PaymentRow): PayResponse {
  const body = p.response!;
  if (p.responseStatus! >= 400) {
    const e = body as { status: number; code: string; messages: string[]; details?: Record<string, unknown> };
    throw new ApiHttpError(e.status as ErrorStatus, e.code as SandboxErrorCode, e.messages, e.details);
  }
  return body as PayResponse;
}

/**
 * Marks the payment SUCCEEDED, grants the licence (ACTIVE, auto-renewing subscriptions renew one
 * period on), closes the basket and attaches the licence to the card; the pay answer.
 */
async function completePayment(db: SandboxDb, paymentId: string, externalId: string | null, now: Date): Promise<PayResponse> {
  // An upgrade ends the licences it replaces now (docs/api.md "Plan changes").
  const replaced = await upgradeReplacedIds(db, paymentId, now);
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (!p) throw new Error(`payment ${paymentId} vanished`);
    if (p.giftId) return completeGiftPayment(tx as unknown as SandboxDb, p, externalId, now);
    const [cat] = await tx.select().from(licences).where(eq(licences.id, p.licenceId)).limit(1);
    if (!cat) throw new Error(`licence ${p.licenceId} vanished`);
    // The free trial applies when the licence has one and no voucher of the basket refused it.
    const [basket] = await tx.select().from(baskets).where(eq(baskets.id, p.basketId)).limit(1);
    const trial = !!cat.trialPeriod && !!basket && !(await appliedVouchers(tx as unknown as SandboxDb, basket.vouchers)).some((v) => v.freeTrialDenied);
    const row = grantRow(cat, p.userId, now, trial);
    await tx
      .insert(accountLicences)
      .values({ ...row, id: randomUUID(), createdAt: now })
      .onConflictDoUpdate({ target: [accountLicences.userId, accountLicences.licenceId], set: row });
    await replaceForUpgrade(tx as unknown as SandboxDb, p.userId, replaced, now);
    await tx.update(baskets).set({ status: 'PAID', updatedAt: now }).where(eq(baskets.id, p.basketId));
    const answer: PayResponse = { status: 'SUCCEEDED', paymentId, licenceId: cat.id };
    await tx
      .update(payments)
      .set({ status: 'SUCCEEDED', externalId, responseStatus: 200, response: answer, updatedAt: now })
      .where(eq(payments.id, paymentId));
    if (p.paymentDetailsExid) {
      // The card the payment succeeded with is now stored (no limit: it was checked at init).
      await storeCard(tx as unknown as SandboxDb, p.userId, p.paymentDetailsExid, { enforceLimit: false });
      await attachLicence(tx as unknown as SandboxDb, p.userId, p.paymentDetailsExid, cat.id);
    }
    return answer;
  });
}

/**
 * Completes a gift payment `p` (inside `completePayment`'s transaction): the payment SUCCEEDED,
 * the gift paid (its delivery is then the gift delivery's), the basket closed, the card stored;
 * nothing is granted to the payer. The pay answer carries `giftId` (this project's field).
 */
async function completeGiftPayment(tx: SandboxDb, p: PaymentRow, externalId: string | null, now: Date): Promise<PayResponse> {
  await tx.update(gifts).set({ paidAt: now, paymentId: p.id }).where(and(eq(gifts.id, p.giftId!), isNull(gifts.paidAt)));
  await tx.update(baskets).set({ status: 'PAID', updatedAt: now }).where(eq(baskets.id, p.basketId));
  const answer: PayResponse = { status: 'SUCCEEDED', paymentId: p.id, giftId: p.giftId! };
  await tx.update(payments).set({ status: 'SUCCEEDED', externalId, responseStatus: 200, response: answer, updatedAt: now }).where(eq(payments.id, p.id));
  if (p.paymentDetailsExid) await storeCard(tx, p.userId, p.paymentDetailsExid, { enforceLimit: false });
  return answer;
}

/** The unpaid gift a gift basket pays for; 409 when it was paid or cancelled meanwhile. */
async function giftOfBasket(db: SandboxDb, basket: BasketRow): Promise<GiftRow> {
  const [gift] = await db.select().from(gifts).where(and(eq(gifts.id, basket.giftId!), eq(gifts.buyerId, basket.userId))).limit(1);
  if (!gift || gift.paidAt || gift.cancelledAt) throw conflict('This gift has already been paid: create a new gift.');
  return gift;
}

/**
 * Claims the payment of gift basket `basketId` inside the payer's locked transaction: a payment
 * of it PROCESSING, waiting for 3-D Secure or SUCCEEDED (under another `Idempotency-Key`) makes
 * this one 409 `CONFLICT` (`paymentInProgress`), so a gift is paid once.
 */
async function claimGiftPayment(tx: SandboxDb, basketId: string): Promise<void> {
  const open = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.basketId, basketId), inArray(payments.status, ['PROCESSING', 'REQUIRES_ACTION', 'SUCCEEDED'])))
    .limit(1);
  if (open.length > 0) throw conflict('paymentInProgress');
}

/**
 * The account licence a purchase grants (every field but id and createdAt). With `trial` (the
 * licence has a trial period and the basket kept it), the licence is TRIAL_ACTIVE until
 * `now + trialPeriod`, and a subscription's first period starts when the trial ends.
 */
function grantRow(cat: CatalogueRow, userId: string, now: Date, trial = false) {
  const period = subscriptionPeriod(cat);
  const trialPeriod = trial ? parsePeriod(cat.trialPeriod) : undefined;
  const trialEndsAt = trialPeriod ? addPeriod(now, trialPeriod) : null;
  const expiresAt = period
    ? addPeriod(trialEndsAt ?? now, period)
    : cat.fixedEndAt
      ? cat.fixedEndAt
      : cat.purchaseStrategyType === 'PPV'
        ? new Date(now.getTime() + 2 * DAY)
        : null;
  return { userId, licenceId: cat.id, ...startedRow(cat, { autoRenewing: !!period, startedAt: now, expiresAt, trialEndsAt, updatedAt: now }) };
}

/**
 * Stores the account's card `exid` once a payment or a set-up succeeded with it: `UNVERIFIED` →
 * `VALID`, the default when the account has no stored default card. Other details are answered
 * unchanged. With `enforceLimit`, 409 `MAX_CHARGEABLE_PAYMENT_DETAILS_REACHED` when the account
 * already stores {@link MAX_PAYMENT_DETAILS}. Run it in a transaction (the account row is locked).
 */
async function storeCard(db: SandboxDb, userId: string, exid: string, options: { enforceLimit: boolean }): Promise<DetailsRow> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const row = await findDetails(db, userId, exid);
  if (row.status !== 'UNVERIFIED') return row;
  const stored = await db
    .select({ provider: paymentDetails.provider, isDefault: paymentDetails.isDefault })
    .from(paymentDetails)
    .where(and(eq(paymentDetails.userId, userId), eq(paymentDetails.status, 'VALID'), ne(paymentDetails.provider, 'ZERO_BALANCE')));
  if (options.enforceLimit && stored.length >= MAX_PAYMENT_DETAILS) {
    throw new ApiHttpError(409, 'MAX_CHARGEABLE_PAYMENT_DETAILS_REACHED', [
      `This account already has ${stored.length} stored payment methods, the most allowed (${MAX_PAYMENT_DETAILS}). Delete one to add another.`,
    ]);
  }
  const hasDefault = stored.some((r) => r.provider === 'CARDS' && r.isDefault);
  const [updated] = await db
    .update(paymentDetails)
    .set({ status: 'VALID', isDefault: !hasDefault })
    .where(eq(paymentDetails.exid, row.exid))
    .returning();
  return updated!;
}

/**
 * Records consent `answers` on the account: each answer replaces the stored answer of the same
 * field name; the others are kept (`users.consent_answers`, first written at sign-up).
 */
async function recordConsent(db: SandboxDb, userId: string, answers: readonly { fieldName: string; answer: boolean }[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ consentAnswers: users.consentAnswers }).from(users).where(eq(users.id, userId)).for('update');
    const given = new Map(answers.map((a) => [a.fieldName, a.answer] as const));
    const kept = (user?.consentAnswers ?? []).filter((a) => !given.has(a.fieldName));
    const merged = [...kept, ...[...given].map(([fieldName, answer]) => ({ fieldName, answer }))];
    await tx.update(users).set({ consentAnswers: merged }).where(eq(users.id, userId));
  });
}

/** The card `exid` now pays for `licenceId` (and no other card of the account does). */
async function attachLicence(db: SandboxDb, userId: string, exid: string, licenceId: string): Promise<void> {
  const rows = await db.select().from(paymentDetails).where(eq(paymentDetails.userId, userId));
  for (const row of rows) {
    const has = row.licenceIds.includes(licenceId);
    const want = row.exid === exid;
    if (has === want) continue;
    const licenceIds = want ? [...row.licenceIds, licenceId] : row.licenceIds.filter((id) => id !== licenceId);
    await db.update(paymentDetails).set({ licenceIds }).where(eq(paymentDetails.exid, row.exid));
  }
}

/** The account's open basket; created (empty) when it has none. */
export async function openBasket(db: SandboxDb, userId: string): Promise<BasketRow> {
  const find = async () =>
    (
      await db
        .select()
        .from(baskets)
        .where(and(eq(baskets.userId, userId), eq(baskets.status, 'OPEN')))
        .limit(1)
    )[0];
  const found = await find();
  if (found) return found;
  // The partial unique index (one OPEN basket per user) settles two concurrent creations.
  await db.insert(baskets).values({ id: randomUUID(), userId }).onConflictDoNothing();
  const created = await find();
  if (!created) throw new Error('open basket missing after insert');
  return created;
}

async function findBasket(db: SandboxDb, userId: string, id: string): Promise<BasketRow> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const [row] = UUID.test(id)
    ? await db.select().from(baskets).where(and(eq(baskets.id, id), eq(baskets.userId, userId))).limit(1)
    : [];
  if (!row) throw new ApiHttpError(404, 'NOT_FOUND', [`No basket ${id} on this account`]);
  return row;
}

export async function updateBasket(db: SandboxDb, basket: BasketRow, changes: Partial<BasketRow>): Promise<BasketRow> {
  const [row] = await db
    .update(baskets)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(baskets.id, basket.id))
    .returning();
  return row!;
}

async function findLicence(db: SandboxDb, id: string): Promise<CatalogueRow> {
  const [cat] = await db
    .select()
    .from(licences)
    .where(and(eq(licences.id, id), eq(licences.active, true)))
    .limit(1);
  if (!cat) throw new ApiHttpError(404, 'NOT_FOUND', [`No licence ${id} in the catalogue`]);
  return cat;
}

async function findVoucher(db: SandboxDb, code: string): Promise<VoucherRow> {
  const normalised = normaliseVoucherCode(code);
  const [row] = normalised === '' ? [] : await db.select().from(vouchers).where(eq(vouchers.code, normalised)).limit(1);
  if (!row) throw new ApiHttpError(404, 'NOT_FOUND', [`Voucher code ${code.trim()} is not valid.`]);
  return row;
}

async function findDetails(db: SandboxDb, userId: string, exid: string): Promise<DetailsRow> {
  const [row] = await db
    .select()
    .from(paymentDetails)
    .where(and(eq(paymentDetails.exid, exid), eq(paymentDetails.userId, userId)))
    .limit(1);
  if (!row) throw new ApiHttpError(404, 'NOT_FOUND', [`No payment details ${exid} on this account`]);
  return row;
}

/**
 * Whether `exid` names the caller's payment details of a redirecting provider, approved there
 * (`VALID`) and not yet used by any payment: the pay on the way back from the approval (PAY), whose
 * captcha challenge the init spent before the payer left (issue 18; docs/api.md "Captcha"). Once a
 * payment used them, a later pay with them needs its own challenge. Never throws for unknown ids.
 */
async function approvedAwayUnpaid(db: SandboxDb, userId: string, exid: string | null | undefined): Promise<boolean> {
  if (!exid) return false;
  const [row] = await db
    .select({ provider: paymentDetails.provider, status: paymentDetails.status })
    .from(paymentDetails)
    .where(and(eq(paymentDetails.exid, exid), eq(paymentDetails.userId, userId)))
    .limit(1);
  if (!row || !REDIRECTING.has(row.provider) || row.status !== 'VALID') return false;
  const [used] = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.userId, userId), eq(payments.paymentDetailsExid, exid))).limit(1);
  return used === undefined;
}

/** The caller's stored card `exid`; 404 for an unknown id, another account's card, a card not stored or non-card details. */
async function findCard(db: SandboxDb, userId: string, exid: string): Promise<DetailsRow> {
  const [row] = await db
    .select()
    .from(paymentDetails)
    .where(
      and(eq(paymentDetails.exid, exid), eq(paymentDetails.userId, userId), eq(paymentDetails.provider, 'CARDS'), eq(paymentDetails.status, 'VALID')),
    )
    .limit(1);
  if (!row) throw new ApiHttpError(404, 'NOT_FOUND', [`No card ${exid} on this account`]);
  return row;
}

async function paymentById(db: SandboxDb, id: string | undefined): Promise<PaymentRow | undefined> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!id || !UUID.test(id)) return undefined;
  return (await db.select().from(payments).where(eq(payments.id, id)).limit(1))[0];
}

/** Vouchers by code, in the order given (unknown codes skipped). */
async function appliedVouchers(db: SandboxDb, codes: readonly string[]): Promise<VoucherRow[]> {
  if (codes.length === 0) return [];
  const rows = await db.select().from(vouchers);
  return codes.map((code) => rows.find((r) => r.code === code)).filter((r): r is VoucherRow => !!r);
}

function providerOf(sent: string, field: string) {
  const wanted = sent.trim().toUpperCase().replace(/[\s-]+/g, '_');
  const provider = PAYMENT_PROVIDERS.find((p) => p.paymentProviderId === wanted);
  if (!provider) throw badRequest(`${field}: unknown payment provider ${sent}`);
  return provider;
}

/** The sku of the licence's chosen price for a caller in `country` (core `localAmounts`: local, else default). */
export function skuOf(cat: CatalogueRow, country: string): string | null {
  const amounts = localAmounts(cat.amounts, country);
  const amount = amounts.find((a) => a.local === true) ?? amounts.find((a) => a.default === true);
  return amount?.sku ?? null;
}

/** The basket answer, with the upgrade credit at `now` (the sandbox clock) when its licence is an upgrade. */
export async function basketAnswer(db: SandboxDb, basket: BasketRow, now: Date = new Date()): Promise<Basket> {
  const answer = await basketWithoutCredit(db, basket);
  return basket.giftId ? answer : withUpgradeCredit(db, basket.userId, answer, now);
}

async function basketWithoutCredit(db: SandboxDb, basket: BasketRow): Promise<Basket> {
  const cat = basket.licenceId ? await findLicence(db, basket.licenceId).catch(() => undefined) : undefined;
  const applied = await appliedVouchers(db, basket.vouchers);
  const freeTrialDenied = applied.some((v) => v.freeTrialDenied);
  const { country } = await readCaller(db, basket.userId);
  if (cat && basket.giftId) return giftBasket(db, basket, cat, applied, country);
  const items: Basket['basketItems'] = cat
    ? [
        {
          sku: skuOf(cat, country) ?? basket.sku ?? cat.id,
          licenceId: cat.id,
          subscriptionSetting: {
            ...(cat.subscriptionPeriod ? { subscriptionPeriod: cat.subscriptionPeriod } : {}),
            ...(cat.purchaseStrategyType ? { subscriptionType: cat.purchaseStrategyType } : {}),
            ...(cat.trialPeriod && !freeTrialDenied ? { trialPeriodDuration: cat.trialPeriod } : {}),
          },
        },
      ]
    : [];
  return {
    id: basket.id,
    basketItems: items,
    amounts: basketAmounts(cat, applied, country),
    // This sandbox's extra fields.
    freeTrialDenied,
    acknowledgeNoFreeTrial: basket.acknowledgeNoFreeTrial,
  };
}

/**
 * A gift basket's answer (docs/api.md "Gifts"): its one item is the licence with `gift { giftId,
 * months, recipientName }`, no subscription setting or trial; the amounts are the months' price.
 */
async function giftBasket(db: SandboxDb, basket: BasketRow, cat: CatalogueRow, applied: readonly VoucherRow[], country: string): Promise<Basket> {
  const [gift] = await db.select().from(gifts).where(eq(gifts.id, basket.giftId!)).limit(1);
  const months = gift?.months ?? 1;
  return {
    id: basket.id,
    basketItems: [
      {
        sku: skuOf(cat, country) ?? basket.sku ?? cat.id,
        licenceId: cat.id,
        gift: { giftId: basket.giftId, months, recipientName: gift?.recipientName ?? '' },
      },
    ],
    amounts: basketAmounts(cat, applied, country, months),
    freeTrialDenied: false,
    acknowledgeNoFreeTrial: basket.acknowledgeNoFreeTrial,
  };
}

/** The payment details answer; `approvalToken` (init only) goes into a pending provider's approval URL. */
function detailsAnswer(row: DetailsRow, publicUrl: string, approvalToken?: string): PaymentDetails {
  const answer: PaymentDetails = {
    paymentDetailsExid: row.exid,
    targetPaymentProvider: row.provider,
    paymentProviderType: row.provider,
    paymentMethodDetails: { paymentMethodType: row.methodType },
  };
  if (row.status === 'PENDING' && approvalToken) {
    answer.redirectUrl = `${publicUrl}/_provider/approve/${encodeURIComponent(row.exid)}?token=${encodeURIComponent(approvalToken)}`;
  }
  if (row.provider === 'CARDS') Object.assign(answer, { brand: row.brand, last4Digits: row.last4 });
  (answer as Record<string, unknown>).status = row.status;
  return answer;
}

function cardAnswer(row: DetailsRow): Card {
  return {
    cardId: row.exid,
    cardType: (row.brand ?? 'unknown').toUpperCase(),
    last4Digits: row.last4 ?? '',
    showEula: false,
    paymentProviderId: row.provider,
    licences: [...row.licenceIds],
    paymentMethodType: row.methodType,
    default: row.isDefault,
    ...(row.expiryMonth !== null ? { expiryMonth: row.expiryMonth } : {}),
    ...(row.expiryYear !== null ? { expiryYear: row.expiryYear } : {}),
  };
}

/**
 * A payment history item. A gift's payment (docs/api.md "Gifts") is marked `itemType: 'GIFT'` with
 * `gift { giftId, months, recipientName }`; a refunded one has status `refunded` and its refund
 * `{ amount, scale, currency, refundedAt, refundId? }` in `refunds` (`refundId`: the card
 * processor's refund, when something was charged).
 */
function historyItem(
  p: PaymentRow,
  licenceName: string | null,
  publicUrl: string,
  gift: { months: number; recipientName: string } | null = null,
): PaymentHistoryItem {
  const price = { amount: p.amount, scale: p.scale, currency: p.currency };
  const item: PaymentHistoryItem = {
    id: p.id,
    when: p.createdAt.toISOString(),
    skuLicence: { licenceName: licenceName ?? p.licenceId, price },
    skus: p.sku ? [p.sku] : [],
    itemType: p.giftId ? 'GIFT' : 'LICENCE',
    status: p.refundedAt ? 'refunded' : p.status.toLowerCase(),
    refunds: p.refundedAt ? [{ ...price, refundedAt: p.refundedAt.toISOString(), ...(p.refundId ? { refundId: p.refundId } : {}) }] : [],
  };
  if (p.giftId && gift) Object.assign(item, { gift: { giftId: p.giftId, ...gift } });
  if (p.sku) item.sku = p.sku;
  if (p.externalId) item.externalPaymentId = p.externalId;
  // This sandbox's extra field: the PDF receipt of a succeeded payment.
  if (p.status === 'SUCCEEDED') (item as Record<string, unknown>).receiptUrl = `${publicUrl}/api/v2/customer/payments/${p.id}/receipt.pdf`;
  return item;
}
