/**
 * Licence calls (commerce §7 "Licences"): the catalogue, licence families with the viewer's
 * entitlements, the account's licences, and the lifecycle calls (pause, resume, cancel,
 * reactivate, cancellation promo, price-migration consent). Every lifecycle answer is
 * `{ licence }`, the account licence as it now stands. Statuses are computed with the sandbox clock.
 */
import type { Context } from 'hono';
import { calls, type Licence } from '@stream/core/contracts';
import { externalProviderOf, localAmounts } from '@stream/core/domain';
import { addPeriod } from '../licences/period.js';
import { loadCatalogue, loadHeld, loadOneHeld, saveHeld, type HeldLicence } from '../licences/repository.js';
import {
  expiryOf,
  isPaused,
  resumed,
  statusOf,
  subscriptionPeriod,
  toAccountLicence,
  toCatalogueLicence,
} from '../licences/state.js';
import { ApiHttpError, badRequest } from '../errors.js';
import { DEFAULT_CALLER, readCaller } from '../payments/caller.js';
import { invalidTierChange, licenceAlreadyActive, managedExternally, planChangeFor } from '../licences/planChanges.js';
import { conflict, day, parseDateTime, type RouteContext } from './context.js';

const L = calls.licences;
const P = calls.promos;
const MAX_PAUSE_MS = 366 * 86_400_000;

/** Registers the licence calls. */
export function registerLicenceRoutes(ctx: RouteContext): void {
  const { db, route } = ctx;

  /**
   * The caller's country (the signed-in account's or the guest's caller state, `POST /_sandbox/caller`;
   * GB otherwise): its local price is the one a licence shows (core `localAmounts`).
   */
  const callerCountry = async (c: Context, userId: string | undefined): Promise<string> => {
    const subject = userId ?? (await ctx.optionalGuest(c));
    return subject ? (await readCaller(db, subject)).country : DEFAULT_CALLER.country;
  };
  const localised = (licence: Licence, country: string): Licence =>
    licence.amounts ? { ...licence, amounts: localAmounts(licence.amounts, country) } : licence;

  // GET /api/v2/licence: the catalogue (guests too), priced for the caller's country.
  route(L.list, async (_, c) => {
    const claims = await ctx.optionalUser(c);
    const now = await ctx.sandboxNow();
    const country = await callerCountry(c, claims?.sub);
    return { licences: (await loadCatalogue(db)).map((cat) => localised(toCatalogueLicence(cat, now), country)) };
  });

  // GET /api/v2/licence-family: families with their licences; with
  // includeEntitlements=ALL_ACTIVE_USER_ENTITLEMENTS a signed-in viewer's active licences are merged in.
  route(L.families, async ({ query }, c) => {
    const claims = await ctx.optionalUser(c);
    const now = await ctx.sandboxNow();
    const wanted = query.licenceId
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const held = new Map<string, HeldLicence>();
    if (claims && query.includeEntitlements === 'ALL_ACTIVE_USER_ENTITLEMENTS') {
      for (const h of await loadHeld(db, claims.sub, now)) {
        const status = statusOf(h.row, now);
        if (status === 'ACTIVE' || status === 'TRIAL_ACTIVE') held.set(h.cat.id, h);
      }
    }
    const [families, catalogue, country] = await Promise.all([
      db.query.licenceFamilies.findMany({ orderBy: (f, { asc }) => [asc(f.sortOrder), asc(f.id)] }),
      loadCatalogue(db),
      callerCountry(c, claims?.sub),
    ]);
    const licenceFamilies = families
      .map((family) => ({
        id: family.id,
        name: family.name,
        licences: catalogue
          .filter((cat) => cat.familyId === family.id && (!wanted || wanted.includes(cat.id)))
          .map((cat): Licence => {
            const h = held.get(cat.id);
            return localised(h ? toAccountLicence(h.row, h.cat, now, h.cardId) : toCatalogueLicence(cat, now), country);
          }),
      }))
      .filter((family) => family.licences.length > 0);
    return { licenceFamilies };
  });

  // GET /api/v2/user/licence: the account's licences (every status, expired included).
  route(L.mine, async (_, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const held = await loadHeld(db, claims.sub, now);
    return { licences: held.map((h) => toAccountLicence(h.row, h.cat, now, h.cardId)) };
  });

  // POST /api/v2/active-licences/:id/pause  { config?: { resumeAfter? } }; the body may be left out.
  route(L.pause, async ({ body, params }, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const held = await loadOneHeld(db, claims.sub, params.id, now);
    refuseIfManagedExternally(held);
    const { row, cat } = held;
    const id = cat.id;
    const period = subscriptionPeriod(cat);
    if (isPaused(row)) throw conflict(`Licence ${id} is already paused.`);
    if (!period) throw conflict(`Licence ${id} is not a subscription and cannot be paused.`);
    refuseUnlessLive(held, now, 'paused');
    if (statusOf(row, now) === 'TRIAL_ACTIVE') throw conflict(`Licence ${id} is in its free trial and cannot be paused.`);
    if (!row.autoRenewing) throw conflict(`Licence ${id} is cancelled and cannot be paused.`);
    if (row.pauseState !== 'ALLOWED') throw conflict(`Licence ${id} cannot be paused.`);
    const sent = body?.config?.resumeAfter;
    const resumeAfter = sent === undefined ? addPeriod(now, period) : parseDateTime(sent, 'config.resumeAfter');
    if (resumeAfter.getTime() <= now.getTime()) throw badRequest('config.resumeAfter: must be in the future');
    if (resumeAfter.getTime() - now.getTime() > MAX_PAUSE_MS) throw badRequest('config.resumeAfter: must be within a year');
    return { licence: await saveHeld(db, held, { pausedAt: now, resumeAfter }, now) };
  });

  // POST /api/v2/active-licences/:id/resume (empty body; any body is ignored)
  route(L.resume, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const held = await loadOneHeld(db, claims.sub, params.id, now);
    refuseIfManagedExternally(held);
    if (!isPaused(held.row)) throw conflict(`Licence ${held.cat.id} is not paused.`);
    return { licence: await saveHeld(db, held, resumed(held.row, now), now) };
  });

  // DELETE /api/v2/active-licences/:id[?cancellationDiscount=IGNORE]: auto-renew stops, access until expiry.
  route(L.cancel, async ({ query, params }, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const held = await loadOneHeld(db, claims.sub, params.id, now);
    refuseIfManagedExternally(held);
    const { row, cat } = held;
    if (!subscriptionPeriod(cat)) throw conflict(`Licence ${cat.id} does not renew; there is nothing to cancel.`);
    refuseUnlessLive(held, now, 'cancelled');
    if (!row.autoRenewing) {
      throw conflict(`Licence ${cat.id} is already cancelled.`, `Access continues until ${day(expiryOf(row))}.`);
    }
    const changes = {
      autoRenewing: false,
      cancelledAt: now,
      ...(query.cancellationDiscount === 'IGNORE' && row.promoStatus === null ? { promoStatus: 'REFUSED' } : {}),
    };
    return { licence: await saveHeld(db, held, changes, now) };
  });

  // PUT /api/v2/reactivate-licence/:id: a cancelled, unexpired subscription renews again.
  route(L.reactivate, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const held = await loadOneHeld(db, claims.sub, params.id, now);
    refuseIfManagedExternally(held);
    const { row, cat } = held;
    if (!subscriptionPeriod(cat)) throw conflict(`Licence ${cat.id} does not renew and cannot be reactivated.`);
    if (statusOf(row, now) === 'EXPIRED') throw conflict(`Licence ${cat.id} has expired; buy it again to reactivate it.`);
    refuseUnlessLive(held, now, 'reactivated');
    if (row.autoRenewing) throw conflict(`Licence ${cat.id} is not cancelled.`);
    const migration = row.priceMigration?.consent === 'LEAVE' ? { priceMigration: { ...row.priceMigration, consent: null } } : {};
    return { licence: await saveHeld(db, held, { autoRenewing: true, cancelledAt: null, ...migration }, now) };
  });

  // GET /api/v2/cancellation-promo/:id/verify
  route(P.verify, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const held = await loadOneHeld(db, claims.sub, params.id, now);
    const promo = held.cat.cancellationPromo;
    if (!promo || promoRefusal(held, now)) return { available: false };
    return { available: true, discount: { ...promo.discount }, description: promo.description };
  });

  // POST /api/v2/cancellation-promo/:id/redeem: the discount applies from now for lifeTimeRepeat periods.
  route(P.redeem, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const held = await loadOneHeld(db, claims.sub, params.id, now);
    const promo = offerOf(held, now);
    const period = subscriptionPeriod(held.cat)!;
    const discount = {
      ...promo.discount,
      state: 'ACTIVE' as const,
      startsAt: now.toISOString(),
      endsAt: addPeriod(now, period, promo.discount.lifeTimeRepeat ?? 1).toISOString(),
    };
    const changes = { promoStatus: 'REDEEMED', discounts: [...held.row.discounts, discount] };
    return { licence: await saveHeld(db, held, changes, now) };
  });

  // POST /api/v2/cancellation-promo/:id/refuse: the offer is declined (the cancel is a separate call).
  route(P.refuse, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const held = await loadOneHeld(db, claims.sub, params.id, now);
    offerOf(held, now);
    await saveHeld(db, held, { promoStatus: 'REFUSED' }, now);
    return {};
  });

  // POST /api/v2/active-licences/:id/downgrade { licenceId }: held licence :id becomes licenceId
  // (same family, lower rank: core planChange says DOWNGRADE) at the end of its current period.
  route(L.scheduleDowngrade, async ({ body, params }, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const held = await loadOneHeld(db, claims.sub, params.id, now);
    refuseIfManagedExternally(held);
    refuseUnlessLive(held, now, 'changed');
    if (!subscriptionPeriod(held.cat)) throw conflict(`Licence ${held.cat.id} does not renew; there is no period end to change it at.`);
    if (isPaused(held.row)) throw conflict(`Licence ${held.cat.id} is paused; resume it before changing plan.`);
    const target = (await loadCatalogue(db)).find((cat) => cat.id === body.licenceId);
    if (!target) throw new ApiHttpError(404, 'NOT_FOUND', [`No licence ${body.licenceId} in the catalogue`]);
    const change = planChangeFor(target, await loadHeld(db, claims.sub, now), now);
    if (change.kind === 'HELD') throw licenceAlreadyActive();
    if (change.kind !== 'DOWNGRADE' || change.from.id !== held.cat.id || !subscriptionPeriod(target)) {
      throw invalidTierChange(`${target.name} is not a lower plan of ${held.cat.name}'s family.`);
    }
    const scheduledChange = { licenceId: target.id, licenceName: target.name, requestedAt: now.toISOString() };
    return { licence: await saveHeld(db, held, { scheduledChange }, now) };
  });

  // DELETE /api/v2/active-licences/:id/downgrade: withdraws the scheduled downgrade.
  route(L.cancelDowngrade, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const held = await loadOneHeld(db, claims.sub, params.id, now);
    if (!held.row.scheduledChange) throw new ApiHttpError(404, 'NOT_FOUND', [`No plan change is scheduled on licence ${held.cat.id}`]);
    return { licence: await saveHeld(db, held, { scheduledChange: null }, now) };
  });

  // PUT /api/v2/price-migration/:id/consent  { status: LEAVE | CONTINUE }
  route(L.priceMigrationConsent, async ({ body, params }, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const migrationId = params.id;
    const held = (await loadHeld(db, claims.sub, now)).find((h) => h.row.priceMigration?.id === migrationId);
    if (!held) throw new ApiHttpError(404, 'NOT_FOUND', [`No price migration ${migrationId} on this account`]);
    const migration = held.row.priceMigration!;
    if (migration.consent) throw conflict(`Price migration ${migrationId} has already been answered (${migration.consent}).`);
    if (Date.parse(migration.effectiveFrom) <= now.getTime()) {
      throw conflict(`Price migration ${migrationId} is already in effect since ${day(new Date(migration.effectiveFrom))}.`);
    }
    refuseUnlessLive(held, now, 'changed');
    const changes =
      body.status === 'CONTINUE'
        ? { priceMigration: { ...migration, consent: 'CONTINUE' as const } }
        : { priceMigration: { ...migration, consent: 'LEAVE' as const }, autoRenewing: false, cancelledAt: held.row.cancelledAt ?? now };
    return { licence: await saveHeld(db, held, changes, now) };
  });
}

/** 409 `LICENCE_MANAGED_EXTERNALLY` for a licence a TV operator grants (core `isExternallyProvided`). */
function refuseIfManagedExternally(held: HeldLicence): void {
  const operator = externalProviderOf(toAccountLicence(held.row, held.cat, new Date(), held.cardId));
  if (operator !== null) throw managedExternally(operator);
}

/** 409 for an EXPIRED or INACTIVE licence. */
function refuseUnlessLive(held: HeldLicence, now: Date, verb: string): void {
  const status = statusOf(held.row, now);
  if (status === 'EXPIRED') throw conflict(`Licence ${held.cat.id} expired on ${day(held.row.expiresAt)} and cannot be ${verb}.`);
  if (status === 'INACTIVE') throw conflict(`Licence ${held.cat.id} is awaiting payment confirmation and cannot be ${verb}.`);
}

/** The cancellation offer the licence has now; 409 `CONFLICT` saying why when it has none. */
function offerOf(held: HeldLicence, now: Date): NonNullable<HeldLicence['cat']['cancellationPromo']> {
  const promo = held.cat.cancellationPromo;
  const refusal = promo ? promoRefusal(held, now) : 'it has no cancellation offer';
  if (!promo || refusal) throw conflict(`No cancellation offer is available for licence ${held.cat.id}: ${refusal}.`);
  return promo;
}

/** Why the cancellation offer is not on offer for this licence now, or undefined when it is. */
function promoRefusal(held: HeldLicence, now: Date): string | undefined {
  const { row, cat } = held;
  if (row.grantedBy !== null) return `it is included with ${row.grantedBy}`;
  if (row.promoStatus === 'REDEEMED') return 'it was already redeemed';
  if (row.promoStatus === 'REFUSED') return 'it was refused';
  if (!subscriptionPeriod(cat)) return 'it does not renew';
  const status = statusOf(row, now);
  if (status !== 'ACTIVE' && status !== 'TRIAL_ACTIVE') return `it is ${status}`;
  if (!row.autoRenewing) return 'it is already cancelled';
  return undefined;
}
