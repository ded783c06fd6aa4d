/**
 * Gifts (issue 18; docs/api.md "Gifts"; rules in `@stream/core/domain` `gifts.ts`): the realm's
 * offers and their prices, the buyer's view of a gift, redemption codes (random, only their
 * SHA-256 kept) and the delivery of due gifts by email on the sandbox clock.
 *
 * Delivery is lazy, as licence renewals are (`licences/repository.ts` settles on every read): a
 * gift whose delivery moment (00:00 UTC of its date) the sandbox clock has passed is emailed by
 * the next {@link GiftDelivery.deliverDue}, which runs after a gift is paid, before every gift
 * call and before every read of the outbox (`GET /_sandbox/outbox` and its page). So a test that
 * moves the clock past the date and reads the outbox finds the email.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Gift, GiftPlan } from '@stream/core/contracts';
import {
  addMonthsUtc,
  buildPath,
  formatGiftCode,
  GIFT_CODE_ALPHABET,
  GIFT_CODE_LENGTH,
  GIFT_CODE_LIFETIME_MONTHS,
  giftActions,
  giftStatus,
  normaliseGiftCode,
  type GiftPeriodMonths,
} from '@stream/core/domain';
import type { SandboxDb } from '../db/open.js';
import { gifts, licences, users } from '../db/schema.js';
import type { Mailer, OutgoingEmail } from '../email/outbox.js';
import { ApiHttpError } from '../errors.js';
import type { CatalogueRow } from '../licences/state.js';
import { basketAmounts } from '../payments/amounts.js';
import { escapeHtml } from '../payments/pages.js';
import { GIFTABLE_PLANS } from '../seed/realm.js';

export type GiftRow = typeof gifts.$inferSelect;

/** A new redemption code: {@link GIFT_CODE_LENGTH} characters of Crockford's base 32 from the CSPRNG (each byte's low 5 bits: uniform, 120 bits). */
export function newGiftCode(): string {
  const bytes = randomBytes(GIFT_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += GIFT_CODE_ALPHABET[byte & 31];
  return code;
}

/** SHA-256 (hex) of a code in its stored form (core `normaliseGiftCode`): what the table keeps. */
export const giftCodeHash = (code: string) => createHash('sha256').update(`gift:${code}`, 'utf8').digest('hex');

/** Whether the realm gives licence `licenceId` for `months`. */
export function isGiftable(licenceId: string, months: number): months is GiftPeriodMonths {
  return (GIFTABLE_PLANS[licenceId] ?? []).includes(months as GiftPeriodMonths);
}

/** The price of `months` of `cat` for a caller in `country`: the licence's (monthly) price times the months. */
export function giftPrice(cat: CatalogueRow, months: number, country: string): { amount: number; currency: string; scale: number } {
  const { total, currency, scale } = basketAmounts(cat, [], country, months);
  return { amount: total, currency, scale };
}

/** The realm's offers for a caller in `country`, by licence (catalogue order) then months. */
export function giftPlans(catalogue: readonly CatalogueRow[], country: string): GiftPlan[] {
  return catalogue.flatMap((cat) =>
    (GIFTABLE_PLANS[cat.id] ?? []).map((months) => ({
      licenceId: cat.id,
      licenceName: cat.name,
      ...(cat.description ? { description: cat.description } : {}),
      months,
      price: giftPrice(cat, months, country),
    })),
  );
}

/** The buyer's view of a gift at `now` (never its code). */
export function giftAnswer(row: GiftRow, licenceName: string, now: Date): Gift {
  const status = giftStatus(
    {
      deliverAtMs: row.deliverAt.getTime(),
      deliveredAtMs: row.deliveredAt?.getTime() ?? null,
      redeemedAtMs: row.redeemedAt?.getTime() ?? null,
      cancelledAtMs: row.cancelledAt?.getTime() ?? null,
      paid: row.paidAt !== null,
    },
    now.getTime(),
  );
  const actions = row.paidAt ? giftActions(status) : { resend: false, cancel: false };
  const iso = (d: Date | null) => (d ? d.toISOString() : undefined);
  const answer: Gift = {
    giftId: row.id,
    status,
    licenceId: row.licenceId,
    licenceName,
    months: row.months as GiftPeriodMonths,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    deliveryDate: row.deliveryDate,
    price: { amount: row.amount, currency: row.currency, scale: row.scale },
    createdAt: row.createdAt.toISOString(),
    canResend: actions.resend,
    canCancel: actions.cancel,
  };
  if (row.message) answer.message = row.message;
  if (row.paymentId) answer.paymentId = row.paymentId;
  for (const [key, value] of [
    ['deliveredAt', iso(row.deliveredAt)],
    ['redeemedAt', iso(row.redeemedAt)],
    ['cancelledAt', iso(row.cancelledAt)],
    ['codeExpiresAt', iso(row.codeExpiresAt)],
  ] as const) {
    if (value) answer[key] = value;
  }
  if (row.cancelledAt) answer.refunded = true;
  return answer;
}

/** The gift `giftId` of `buyerId` with its licence's name; 404 for another account's or an unpaid one (unless `unpaid`). */
export async function findBuyersGift(db: SandboxDb, buyerId: string, giftId: string, options: { unpaid?: boolean } = {}) {
  const [found] = await db
    .select({ row: gifts, licenceName: licences.name })
    .from(gifts)
    .leftJoin(licences, eq(licences.id, gifts.licenceId))
    .where(and(eq(gifts.id, giftId), eq(gifts.buyerId, buyerId)))
    .limit(1);
  if (!found || (!found.row.paidAt && !options.unpaid)) throw new ApiHttpError(404, 'NOT_FOUND', [`No gift ${giftId} on this account`]);
  return { row: found.row, licenceName: found.licenceName ?? found.row.licenceId };
}

/** The gift email: who gives what, the message, the code and the redemption link. */
export function composeGiftEmail(input: { to: string; recipientName: string; buyerName: string; licenceName: string; months: number; message: string | null; code: string; link: string; expiresAt: Date }): OutgoingEmail {
  const period = input.months === 1 ? '1 month' : `${input.months} months`;
  const subject = `${input.buyerName} sent you ${period} of ${input.licenceName} on Stream`;
  const lines = [
    `Hello ${input.recipientName},`,
    `${input.buyerName} gave you ${period} of ${input.licenceName} on Stream.`,
    ...(input.message ? [`Their message: "${input.message}"`] : []),
    `Your code: ${formatGiftCode(input.code)}`,
    `Redeem it by ${input.expiresAt.toISOString().slice(0, 10)}: sign in or create an account, and the ${period} start (or are added to the plan you have).`,
  ];
  const text = `${lines.join('\n\n')}\n\n${input.link}\n`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>` +
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${escapeHtml(input.link)}">Redeem my gift</a></p></body></html>`;
  return { to: input.to, subject, text, html, kind: 'gift', link: input.link };
}

/** What delivers gifts (one per app). */
export interface GiftDelivery {
  /** Emails every paid gift whose delivery moment the sandbox clock has passed (each once); how many. */
  deliverDue(): Promise<number>;
  /** Emails gift `giftId` again with a new code (the old code stops working); the row after. */
  resend(giftId: string): Promise<GiftRow>;
}

/** Options of {@link createGiftDelivery}. */
export interface GiftDeliveryDeps {
  db: SandboxDb;
  mailer: Mailer;
  /** The web app's base URL (no trailing slash): the redemption link's origin. */
  webUrl: string;
  sandboxNow: () => Promise<Date>;
}

/** The gift delivery over `deps` (see the module's docs). */
export function createGiftDelivery(deps: GiftDeliveryDeps): GiftDelivery {
  const { db } = deps;

  /** Gives `row` a new code (a first delivery also starts its year) and emails it; the row after. */
  async function send(row: GiftRow, now: Date, first: boolean): Promise<GiftRow | undefined> {
    const code = newGiftCode();
    const changes = first
      ? { deliveredAt: now, codeHash: giftCodeHash(code), codeExpiresAt: new Date(addMonthsUtc(now.getTime(), GIFT_CODE_LIFETIME_MONTHS)) }
      : { codeHash: giftCodeHash(code) };
    // Claimed by one update: a concurrent delivery of the same gift finds it delivered and sends nothing.
    const [claimed] = await db
      .update(gifts)
      .set(changes)
      .where(
        first
          ? and(eq(gifts.id, row.id), isNull(gifts.deliveredAt), isNull(gifts.cancelledAt))
          : and(eq(gifts.id, row.id), isNotNull(gifts.deliveredAt), isNull(gifts.redeemedAt), isNull(gifts.cancelledAt)),
      )
      .returning();
    if (!claimed) return undefined;
    const [buyer] = await db.select({ name: users.name }).from(users).where(eq(users.id, claimed.buyerId)).limit(1);
    const [cat] = await db.select({ name: licences.name }).from(licences).where(eq(licences.id, claimed.licenceId)).limit(1);
    // The sign-in page of the link returns (its `from`) to REDEEM with the code filled in.
    const from = `${buildPath('REDEEM')}?${new URLSearchParams({ redeemCode: code })}`;
    const link = `${deps.webUrl}${buildPath('GIFT_REDEMPTION_LOGIN', { redeemCode: code })}?${new URLSearchParams({ from })}`;
    await deps.mailer.send(
      composeGiftEmail({
        to: claimed.recipientEmail,
        recipientName: claimed.recipientName,
        buyerName: buyer?.name.trim() || 'Someone',
        licenceName: cat?.name ?? claimed.licenceId,
        months: claimed.months,
        message: claimed.message,
        code,
        link,
        expiresAt: claimed.codeExpiresAt ?? now,
      }),
      now,
    );
    return claimed;
  }

  return {
    async deliverDue() {
      const now = await deps.sandboxNow();
      const due = await db
        .select()
        .from(gifts)
        .where(and(isNotNull(gifts.paidAt), isNull(gifts.deliveredAt), isNull(gifts.cancelledAt), lte(gifts.deliverAt, now)));
      let sent = 0;
      for (const row of due) if (await send(row, now, true)) sent += 1;
      return sent;
    },
    async resend(giftId) {
      const now = await deps.sandboxNow();
      const [row] = await db.select().from(gifts).where(eq(gifts.id, giftId)).limit(1);
      const sent = row ? await send(row, now, false) : undefined;
      if (!sent) throw new ApiHttpError(409, 'CONFLICT', ['Only a delivered gift that is not yet redeemed can be sent again.']);
      return sent;
    },
  };
}

/** The gift whose current code is `typed` (any case, spaces, dashes), or undefined (malformed or unknown). */
export async function findGiftByCode(db: SandboxDb, typed: string): Promise<GiftRow | undefined> {
  const code = normaliseGiftCode(typed);
  if (!code) return undefined;
  const [row] = await db.select().from(gifts).where(eq(gifts.codeHash, giftCodeHash(code))).limit(1);
  return row;
}
