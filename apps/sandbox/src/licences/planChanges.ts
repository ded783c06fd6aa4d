/**
 * Plan changes within a licence family, as the sandbox enforces them (docs/api.md "Plan
 * changes"). The decisions are core's rules (`planChange`, `upgradeCredit`): a licence held
 * active is refused (409 `LICENCE_ALREADY_ACTIVE`); an upgrade replaces the lower licence when
 * its payment succeeds, with a basket credit for the unused part of its period; a downgrade is
 * scheduled for the end of the period and applied when the sandbox clock passes it
 * (`scheduledChanges.ts`).
 */
import { and, desc, eq } from 'drizzle-orm';
import { planChange, upgradeCredit, type PlanChange } from '@stream/core/domain';
import type { Basket, Licence } from '@stream/core/contracts';
import type { SandboxDb } from '../db/open.js';
import { accountLicences, licences, payments } from '../db/schema.js';
import { ApiHttpError } from '../errors.js';
import { includedTax } from '../payments/amounts.js';
import { addPeriod } from './period.js';
import { expiryOf, statusOf, subscriptionPeriod, toAccountLicence, type CatalogueRow } from './state.js';
import { loadHeld, type HeldLicence } from './repository.js';

/** 409 `LICENCE_ALREADY_ACTIVE` (message key `licenceAlreadyActive`): the account holds it active. */
export const licenceAlreadyActive = () => new ApiHttpError(409, 'LICENCE_ALREADY_ACTIVE', ['licenceAlreadyActive']);
/** 409 `INVALID_TIER_CHANGE` (message key `invalidTierChange`, commerce §8). */
export const invalidTierChange = (...more: string[]) => new ApiHttpError(409, 'INVALID_TIER_CHANGE', ['invalidTierChange', ...more]);
/** 409 `LICENCE_MANAGED_EXTERNALLY`: a TV operator grants the licence; its actions are the operator's. */
export const managedExternally = (operator: string) =>
  new ApiHttpError(409, 'LICENCE_MANAGED_EXTERNALLY', [`This licence is included with ${operator || 'your TV provider'}, which manages it.`]);

/** The held licences in the wire shape the core rules read. */
export function heldAsLicences(held: readonly HeldLicence[], now: Date): Licence[] {
  return held.map((h) => toAccountLicence(h.row, h.cat, now, h.cardId));
}

/** What buying `cat` does to the account's plans (core `planChange`), with the held rows it names. */
export function planChangeFor(cat: CatalogueRow, held: readonly HeldLicence[], now: Date): PlanChange {
  return planChange(
    {
      id: cat.id,
      name: cat.name,
      type: cat.type,
      rank: cat.rank,
      ...(cat.familyId ? { family: cat.familyId } : {}),
    },
    heldAsLicences(held, now),
    { allowFree: true },
  );
}

/**
 * Refuses a purchase of `cat` the plan rules forbid: 409 `LICENCE_ALREADY_ACTIVE` when the account
 * holds it active, 409 `INVALID_TIER_CHANGE` for a downgrade (scheduled with
 * `POST /api/v2/active-licences/{id}/downgrade`, not bought). Returns the change otherwise.
 */
export function refuseForbiddenPurchase(cat: CatalogueRow, held: readonly HeldLicence[], now: Date): PlanChange {
  const change = planChangeFor(cat, held, now);
  if (change.kind === 'HELD') throw licenceAlreadyActive();
  if (change.kind === 'DOWNGRADE') {
    throw invalidTierChange(`${cat.name} is a lower plan than ${change.from.name}: schedule the change for the end of the period instead.`);
  }
  return change;
}

/** One upgrade credit line: the licence replaced and the credit (minor units of the basket's currency). */
export interface UpgradeCreditLine {
  licenceId: string;
  licenceName: string;
  amount: number;
}

/**
 * The credit lines of an upgrade to `cat` (empty when buying it is no upgrade): for each
 * replaced licence the account pays for, core `upgradeCredit` of what was paid for its current
 * period (the amount of its latest SUCCEEDED payment, when in `currency`; renewals charge the same
 * price) over that period (its expiry minus one billing period, not before it started), at `now`.
 * A licence in its free trial, paused, or with no payment credits nothing.
 */
export async function upgradeCreditLines(
  db: SandboxDb,
  userId: string,
  cat: CatalogueRow,
  held: readonly HeldLicence[],
  currency: string,
  now: Date,
): Promise<UpgradeCreditLine[]> {
  const change = planChangeFor(cat, held, now);
  if (change.kind !== 'UPGRADE') return [];
  const lines: UpgradeCreditLine[] = [];
  for (const replaced of change.replaces) {
    const h = held.find((x) => x.cat.id === replaced.id);
    if (!h) continue;
    const period = subscriptionPeriod(h.cat);
    const end = expiryOf(h.row);
    if (!period || !end || statusOf(h.row, now) !== 'ACTIVE' || h.row.pausedAt) continue;
    const [paid] = await db
      .select({ amount: payments.amount, currency: payments.currency })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.licenceId, h.cat.id), eq(payments.status, 'SUCCEEDED')))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!paid || paid.currency !== currency) continue;
    const periodStart = Math.max(addPeriod(end, period, -1).getTime(), h.row.startedAt.getTime());
    const amount = upgradeCredit({ paid: paid.amount, periodStartMs: periodStart, periodEndMs: end.getTime(), nowMs: now.getTime() });
    lines.push({ licenceId: h.cat.id, licenceName: h.cat.name, amount });
  }
  return lines;
}

/**
 * Ends the licences an upgrade to `licenceId` replaces, now: status EXPIRED, no renewal, no
 * scheduled change. Called in the payment's transaction once it has succeeded.
 */
export async function replaceForUpgrade(db: SandboxDb, userId: string, replacedIds: readonly string[], now: Date): Promise<void> {
  for (const licenceId of replacedIds) {
    await db
      .update(accountLicences)
      .set({ status: 'EXPIRED', autoRenewing: false, expiresAt: now, scheduledChange: null, pausedAt: null, resumeAfter: null, updatedAt: now })
      .where(and(eq(accountLicences.userId, userId), eq(accountLicences.licenceId, licenceId)));
  }
}

type BasketAmounts = Basket['amounts'];

/**
 * Applies the upgrade credit lines to basket `amounts`, in place, and returns them: the lines go
 * to `amounts.upgradeCredits` (this project's field: `[{ licenceId, licenceName, amount }]`,
 * minor units), `amounts.upgradeCredit` is their sum, and `total` and `discountedTotal` drop by it
 * (never below zero) with `discountedTax` the tax included in the new total. No lines: unchanged.
 */
export function applyUpgradeCredit(amounts: BasketAmounts, lines: readonly UpgradeCreditLine[]): BasketAmounts {
  if (lines.length === 0) return amounts;
  const credit = lines.reduce((sum, line) => sum + line.amount, 0);
  const total = Math.max(0, amounts.total - credit);
  Object.assign(amounts, {
    upgradeCredits: lines.map((line) => ({ ...line })),
    upgradeCredit: credit,
    total,
    discountedTotal: total,
    discountedTax: includedTax(total),
  });
  return amounts;
}

/**
 * The basket answer with the upgrade credit of its licence for `userId` at `now` (see
 * {@link upgradeCreditLines}); the first basket item also names what it replaces
 * (`upgradeFrom: { licenceId, licenceName }`, this project's field).
 */
export async function withUpgradeCredit(db: SandboxDb, userId: string, basket: Basket, now: Date): Promise<Basket> {
  const licenceId = basket.basketItems[0]?.licenceId;
  if (!licenceId) return basket;
  const [cat] = await db.select().from(licences).where(eq(licences.id, licenceId)).limit(1);
  if (!cat) return basket;
  const held = await loadHeld(db, userId, now);
  const change = planChangeFor(cat, held, now);
  if (change.kind !== 'UPGRADE') return basket;
  const lines = await upgradeCreditLines(db, userId, cat, held, basket.amounts.currency, now);
  Object.assign(basket.basketItems[0]!, { upgradeFrom: { licenceId: change.from.id, licenceName: change.from.name } });
  applyUpgradeCredit(basket.amounts, lines);
  return basket;
}

/**
 * For the pay call: refuses what the plan rules forbid ({@link refuseForbiddenPurchase}) and
 * applies the upgrade credit to `amounts` in place (the total charged).
 */
export async function upgradeForPay(db: SandboxDb, userId: string, cat: CatalogueRow, amounts: BasketAmounts, now: Date): Promise<void> {
  const held = await loadHeld(db, userId, now);
  refuseForbiddenPurchase(cat, held, now);
  applyUpgradeCredit(amounts, await upgradeCreditLines(db, userId, cat, held, amounts.currency, now));
}

/** The licence ids the payment `paymentId`'s licence replaces as an upgrade (none when it is no upgrade). */
export async function upgradeReplacedIds(db: SandboxDb, paymentId: string, now: Date): Promise<string[]> {
  const [p] = await db.select({ userId: payments.userId, licenceId: payments.licenceId }).from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!p) return [];
  const [cat] = await db.select().from(licences).where(eq(licences.id, p.licenceId)).limit(1);
  if (!cat) return [];
  const change = planChangeFor(cat, await loadHeld(db, p.userId, now), now);
  return change.kind === 'UPGRADE' ? change.replaces.map((l) => l.id) : [];
}
