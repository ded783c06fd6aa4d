/**
 * Sandbox-only controls, off the platform's paths (`/_sandbox/*`; the sandbox admin key in
 * `x-sandbox-admin-key`, the realm and its API key required, no bearer; `http/adminKey.ts`): the sandbox clock, granting a licence in any state, and resetting an account's licences
 * to the seed. Their bodies are validated with the schemas below (not part of the contracts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import type { SandboxEnv } from '../http/env.js';
import { insertSeededLicences } from '../db/seed.js';
import { accountLicences, licences, users } from '../db/schema.js';
import { ApiHttpError, badRequest } from '../errors.js';
import { readJsonBody } from '../http/body.js';
import { readClockOffset, writeClockOffset } from '../licences/clock.js';
import { addPeriod, parsePeriod } from '../licences/period.js';
import { loadHeld, loadOneHeld } from '../licences/repository.js';
import { subscriptionPeriod, toAccountLicence, type AccountLicenceRow } from '../licences/state.js';
import { parseDateTime, type RouteContext } from './context.js';

const isoString = () => z.string().check(z.minLength(1));

/** `POST /_sandbox/clock` body: an ISO 8601 date-time, or null for the real clock. */
export const clockRequestSchema = z.object({ now: z.nullable(isoString()) });

/** `POST /_sandbox/licences/grant` body. */
export const grantRequestSchema = z.object({
  email: z.string().check(z.minLength(3)),
  licenceId: z.string().check(z.minLength(1)),
  status: z.optional(z.enum(['ACTIVE', 'TRIAL_ACTIVE', 'EXPIRED', 'INACTIVE'])),
  expiresAt: z.optional(isoString()),
  autoRenewing: z.optional(z.boolean()),
  pauseState: z.optional(z.enum(['ALLOWED', 'NOT_ALLOWED', 'PAUSED'])),
  resumeAfter: z.optional(isoString()),
  /** A TV operator's name: the licence is included with that operator (as entitlement sync grants it), not paid by the account. */
  grantedBy: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
});
export type GrantRequest = z.infer<typeof grantRequestSchema>;

/** `POST /_sandbox/reset-licences` body. */
export const resetRequestSchema = z.object({ email: z.string().check(z.minLength(3)) });

const DAY = 86_400_000;

/** Registers the `/_sandbox/*` controls on `app`. */
export function registerControlRoutes(app: Hono<SandboxEnv>, ctx: RouteContext): void {
  const { db } = ctx;

  const clockAnswer = async () => {
    const offsetMs = await readClockOffset(db);
    const real = ctx.now();
    return { now: new Date(real + offsetMs).toISOString(), realNow: new Date(real).toISOString(), offsetMs };
  };

  // GET /_sandbox/clock: { now, realNow, offsetMs }.
  app.get('/_sandbox/clock', async (c) => c.json(await clockAnswer()));

  // POST /_sandbox/clock { now: ISO | null }: the sandbox clock reads `now` from this moment on (and
  // keeps ticking); null puts it back on the real clock.
  app.post('/_sandbox/clock', async (c) => {
    const body = await readJsonBody(c, clockRequestSchema);
    const offset = body.now === null ? null : parseDateTime(body.now, 'now').getTime() - ctx.now();
    await writeClockOffset(db, offset);
    return c.json(await clockAnswer());
  });

  // POST /_sandbox/licences/grant: creates or replaces the account's licence in the state asked for.
  app.post('/_sandbox/licences/grant', async (c) => {
    const body = await readJsonBody(c, grantRequestSchema);
    const now = await ctx.sandboxNow();
    const userId = await findUser(body.email);
    const [cat] = await db.select().from(licences).where(eq(licences.id, body.licenceId)).limit(1);
    if (!cat) throw new ApiHttpError(404, 'NOT_FOUND', [`No licence ${body.licenceId} in the catalogue`]);
    const row = grantedRow(body, cat, userId, now);
    await db.transaction(async (tx) => {
      await tx.delete(accountLicences).where(and(eq(accountLicences.userId, userId), eq(accountLicences.licenceId, cat.id)));
      await tx.insert(accountLicences).values(row);
    });
    const held = await loadOneHeld(db, userId, cat.id, now);
    return c.json({ licence: toAccountLicence(held.row, held.cat, now, held.cardId) });
  });

  // POST /_sandbox/reset-licences { email }: the account's licences back to the seed (dates from the sandbox clock).
  app.post('/_sandbox/reset-licences', async (c) => {
    const body = await readJsonBody(c, resetRequestSchema);
    const now = await ctx.sandboxNow();
    const userId = await findUser(body.email);
    const email = body.email.trim().toLowerCase();
    await db.transaction(async (tx) => {
      await tx.delete(accountLicences).where(eq(accountLicences.userId, userId));
      await insertSeededLicences(tx, userId, email, now.getTime());
    });
    const held = await loadHeld(db, userId, now);
    return c.json({ licences: held.map((h) => toAccountLicence(h.row, h.cat, now, h.cardId)) });
  });

  async function findUser(email: string): Promise<string> {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
    if (!user) throw new ApiHttpError(404, 'NOT_FOUND', [`No account with email ${email}`]);
    return user.id;
  }
}

/** The stored row for a grant (see docs/sandbox.md for the defaults). 400 for contradictions. */
function grantedRow(
  body: GrantRequest,
  cat: typeof licences.$inferSelect,
  userId: string,
  now: Date,
): AccountLicenceRow {
  const period = subscriptionPeriod(cat);
  const status = body.status ?? 'ACTIVE';
  const t = now.getTime();
  const expiresAt = body.expiresAt === undefined ? undefined : parseDateTime(body.expiresAt, 'expiresAt');
  if (body.autoRenewing && !period) throw badRequest('autoRenewing: only subscriptions renew');
  if (body.pauseState === 'PAUSED' && (!period || status !== 'ACTIVE')) {
    throw badRequest('pauseState: only an ACTIVE subscription can be PAUSED');
  }
  if (body.resumeAfter !== undefined && body.pauseState !== 'PAUSED') throw badRequest('resumeAfter: only with pauseState PAUSED');

  /** Default end of access from now: one period, the pass's end, 2 days for PPV, never for free. */
  const defaultExpiry = (): Date | null =>
    period ? addPeriod(now, period) : cat.fixedEndAt ? cat.fixedEndAt : cat.purchaseStrategyType === 'PPV' ? new Date(t + 2 * DAY) : null;

  let expiry: Date | null;
  let trialEndsAt: Date | null = null;
  let autoRenewing = body.autoRenewing ?? !!period;
  if (status === 'EXPIRED') {
    expiry = expiresAt ?? new Date(t - DAY);
    if (expiry.getTime() > t) throw badRequest('expiresAt: an EXPIRED licence must expire before the sandbox clock');
    autoRenewing = false;
  } else if (status === 'TRIAL_ACTIVE') {
    const trial = parsePeriod(cat.trialPeriod) ?? { years: 0, months: 0, days: 7 };
    trialEndsAt = expiresAt ?? addPeriod(now, trial);
    if (trialEndsAt.getTime() <= t) throw badRequest('expiresAt: a trial must end after the sandbox clock');
    expiry = trialEndsAt;
  } else {
    expiry = expiresAt ?? defaultExpiry();
    if (expiry && expiry.getTime() <= t) throw badRequest('expiresAt: must be after the sandbox clock (use status EXPIRED)');
  }
  const paused = body.pauseState === 'PAUSED';
  const resumeAfter = paused ? (body.resumeAfter ? parseDateTime(body.resumeAfter, 'resumeAfter') : addPeriod(now, period!)) : null;
  if (resumeAfter && resumeAfter.getTime() <= t) throw badRequest('resumeAfter: must be after the sandbox clock');
  const startedAt = expiry && expiry.getTime() <= t ? new Date(expiry.getTime() - 30 * DAY) : now;
  return {
    id: randomUUID(),
    userId,
    licenceId: cat.id,
    status: status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    autoRenewing,
    startedAt,
    expiresAt: expiry,
    trialEndsAt,
    pauseState: paused ? 'ALLOWED' : (body.pauseState ?? (cat.pausable ? 'ALLOWED' : 'NOT_ALLOWED')),
    pausedAt: paused ? now : null,
    resumeAfter,
    pendingActions:
      status === 'INACTIVE'
        ? [{ action: 'CONFIRMED_PAYMENT_REQUIRED', requestedAt: now.toISOString(), actionDueBy: new Date(t + DAY).toISOString() }]
        : [],
    paymentEventType: status === 'INACTIVE' ? 'UNCONFIRMED' : 'CONFIRMED',
    discounts: [],
    priceMigration: null,
    promoStatus: null,
    cancelledAt: period && !autoRenewing && !body.grantedBy ? now : null,
    grantedBy: body.grantedBy ?? null,
    scheduledChange: null,
    createdAt: now,
    updatedAt: now,
  };
}
