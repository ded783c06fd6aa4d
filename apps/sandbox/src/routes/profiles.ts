/**
 * The household (issue 16; docs/api.md "Profiles and preferences"; `calls.profiles`,
 * `calls.preferences`): an account's profiles (at most 5, names 1 to 30 graphemes, the last
 * adult kept), selecting one (a session for it; the parental PIN when a child's session would
 * widen what it may watch, throttled per profile), and each profile's preferences (commerce §3,
 * §7). The rules are core's `domain/household.ts` and `domain/preferences.ts`; only the caller's
 * own account is ever read or written.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { calls, type PreferencesAnswer } from '@stream/core/contracts';
import {
  checkProfileName,
  DEFAULT_ADULT_AVATAR,
  DEFAULT_CHILD_AGE_RATING_LIMIT,
  DEFAULT_CHILD_AVATAR,
  DEFAULT_PREFERENCES,
  deniedActionKey,
  MAX_PROFILES,
  mergePreferences,
  profileCreationProblem,
  profileMay,
  profileRemovalProblem,
  sameProfileName,
  switchNeedsPin,
  type PreferencesPatch,
} from '@stream/core/domain';
import type { Context } from 'hono';
import type { AccessClaims } from '../auth/jwt.js';
import { issueSession, type SessionDeps } from '../auth/sessions.js';
import type { SandboxDb } from '../db/open.js';
import { profiles, refreshTokens, users } from '../db/schema.js';
import { ApiHttpError, badRequest, forbidden } from '../errors.js';
import { parentalPinInForce, verifyParentalPin } from '../parental/pin.js';
import { pinThrottleSubject, WRONG_PIN } from './parentalControl.js';
import { ensureProfiles, findProfile, profileAnswer, profileRef, sessionProfile, type ProfileRow } from '../household/profiles.js';
import type { RouteContext } from './context.js';

const P = calls.profiles;
const PREFS = calls.preferences;

/** 404 `NOT_FOUND` for a profile the account does not have. */
const profileNotFound = () => new ApiHttpError(404, 'NOT_FOUND', ['No such profile']);

/** The stored name of `raw` (core's name rule), or 400 with the rule's message key. */
function profileNameOf(raw: string): string {
  const checked = checkProfileName(raw);
  if (!checked.ok) throw badRequest(checked.problem);
  return checked.name;
}

/** 409 `PROFILE_NAME_TAKEN` when another profile of `all` has `name` (trimmed, case-insensitive). */
function refuseTakenName(all: readonly ProfileRow[], name: string, exceptId?: string): void {
  if (all.some((p) => p.id !== exceptId && sameProfileName(p.name, name))) {
    throw new ApiHttpError(409, 'PROFILE_NAME_TAKEN', ['profileNameTaken', 'Another profile has this name']);
  }
}

/** The stored preferences of a profile, whole (defaults for what was never set). */
const preferencesOf = (row: ProfileRow): PreferencesAnswer => ({ ...mergePreferences(DEFAULT_PREFERENCES, row.preferences as PreferencesPatch) });

/** Registers every call of `calls.profiles` and `calls.preferences`. */
export function registerProfileRoutes(ctx: RouteContext, sessions: SessionDeps): void {
  const { db, route } = ctx;

  /** The caller and its profile. */
  async function caller(c: Context) {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    return { claims, now, current: await sessionProfile(db, claims, now) };
  }

  /** The caller, who must be allowed to manage the household: 403 `kidProfileManagementDenied` from a child's session. */
  async function manager(c: Context) {
    const found = await caller(c);
    if (found.claims.par === 'RESTRICTED' || !profileMay(profileRef(found.current), 'manageProfiles')) {
      throw forbidden(deniedActionKey('manageProfiles'), 'A child profile cannot manage profiles');
    }
    return found;
  }

  // GET /api/v2/profiles
  route(P.list, async (_, c) => {
    const { claims, now, current } = await caller(c);
    const all = await ensureProfiles(db, claims.sub, now);
    const pin = await parentalPinInForce(db, claims.sub);
    return {
      items: all.map((row) => ({ ...profileAnswer(row), pinRequired: switchNeedsPin(profileRef(current), profileRef(row), pin) })),
      currentProfileId: current.id,
      maxProfiles: MAX_PROFILES,
    };
  });

  // POST /api/v2/profiles { name, type, avatar?, ageRatingLimit? }
  route(P.create, async ({ body }, c) => {
    const { claims, now } = await manager(c);
    const name = profileNameOf(body.name);
    if (body.type === 'ADULT' && body.ageRatingLimit !== undefined) throw badRequest('ageRatingLimit: only a child profile has a limit');
    const row = await db.transaction(async (tx) => {
      // The account's row is the lock: two creations at once cannot both pass the limit.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, claims.sub)).for('update');
      const all = await ensureProfiles(tx as unknown as SandboxDb, claims.sub, now);
      const problem = profileCreationProblem(all, name);
      if (problem === 'PROFILE_LIMIT') throw new ApiHttpError(409, 'PROFILE_LIMIT', ['profileLimitReached', `An account has at most ${MAX_PROFILES} profiles`]);
      if (problem) refuseTakenName(all, name);
      // Creation times strictly increase within an account, so "oldest first" is the creation order.
      const last = all.at(-1)?.createdAt.getTime() ?? 0;
      const child = body.type === 'CHILD';
      const [created] = await tx
        .insert(profiles)
        .values({
          id: randomUUID(),
          userId: claims.sub,
          name,
          type: body.type,
          avatar: body.avatar ?? (child ? DEFAULT_CHILD_AVATAR : DEFAULT_ADULT_AVATAR),
          ageRatingLimit: child ? (body.ageRatingLimit ?? DEFAULT_CHILD_AGE_RATING_LIMIT) : null,
          createdAt: new Date(Math.max(now.getTime(), last + 1)),
        })
        .returning();
      return created!;
    });
    return profileAnswer(row);
  });

  // PATCH /api/v2/profiles/:id { name?, avatar?, ageRatingLimit? }
  route(P.update, async ({ params, body }, c) => {
    const { claims, now } = await manager(c);
    const all = await ensureProfiles(db, claims.sub, now);
    const target = all.find((p) => p.id === params.id);
    if (!target) throw profileNotFound();
    const changes: Partial<typeof profiles.$inferInsert> = {};
    if (body.name !== undefined) {
      changes.name = profileNameOf(body.name);
      refuseTakenName(all, changes.name, target.id);
    }
    if (body.avatar !== undefined) changes.avatar = body.avatar;
    if (body.ageRatingLimit !== undefined) {
      if (target.type !== 'CHILD') throw badRequest('ageRatingLimit: only a child profile has a limit');
      changes.ageRatingLimit = body.ageRatingLimit;
    }
    const [row] = await db.update(profiles).set(changes).where(and(eq(profiles.id, target.id), eq(profiles.userId, claims.sub))).returning();
    if (!row) throw profileNotFound();
    return profileAnswer(row);
  });

  // DELETE /api/v2/profiles/:id
  route(P.remove, async ({ params }, c) => {
    const { claims, now, current } = await manager(c);
    const all = await ensureProfiles(db, claims.sub, now);
    const problem = profileRemovalProblem(
      all.map((p) => ({ id: p.id, ...profileRef(p) })),
      params.id,
      current.id,
    );
    if (problem === 'NOT_FOUND') throw profileNotFound();
    if (problem === 'PROFILE_IN_USE') throw new ApiHttpError(409, 'PROFILE_IN_USE', ['profileInUse', 'Select another profile before deleting this one']);
    if (problem === 'LAST_ADULT_PROFILE') {
      throw new ApiHttpError(409, 'LAST_ADULT_PROFILE', ['lastAdultProfile', 'An account keeps at least one adult profile']);
    }
    await db.transaction(async (tx) => {
      await tx.delete(profiles).where(and(eq(profiles.id, params.id), eq(profiles.userId, claims.sub)));
      // Its sessions on other devices end at their next refresh.
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, claims.sub), eq(refreshTokens.profileId, params.id), isNull(refreshTokens.revokedAt)));
    });
    return { id: params.id, deleted: true as const };
  });

  // POST /api/v2/profiles/:id/select { pin? }
  route(P.select, async ({ params, body }, c) => {
    const { claims, current } = await caller(c);
    const target = await findProfile(db, claims.sub, params.id);
    if (!target) throw profileNotFound();
    if (switchNeedsPin(profileRef(current), profileRef(target), await parentalPinInForce(db, claims.sub))) {
      await checkPin(claims, current, body.pin);
    }
    const provider = claims.sid ? await familyProvider(claims.sid) : undefined;
    const tokens = await issueSession(sessions, claims.sub, { profileId: target.id, ...(provider ? { provider } : {}) });
    // The caller's own session ends: the device now holds the chosen profile's.
    if (claims.sid) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date(sessions.now()) })
        .where(and(eq(refreshTokens.familyId, claims.sid), eq(refreshTokens.userId, claims.sub), isNull(refreshTokens.revokedAt)));
    }
    return tokens;
  });

  /**
   * The parental PIN check of a switch: 403 `parentalPinRequired` without one, 403
   * `INVALID_PIN` `wrongPin` for a wrong one (as `POST /api/v1/parental-control/verify`), 429 after 5 wrong ones from the same profile (scope
   * `parentalPin`, keyed by the session's profile: other profiles keep working).
   */
  async function checkPin(claims: AccessClaims, current: ProfileRow, pin: string | undefined): Promise<void> {
    if (pin === undefined) throw forbidden('parentalPinRequired', 'The parental PIN is required to leave this profile');
    const right = await ctx.throttle.attempt({ scope: 'parentalPin', subject: pinThrottleSubject(claims) }, () => verifyParentalPin(db, claims.sub, pin));
    if (!right) throw new ApiHttpError(403, 'INVALID_PIN', [WRONG_PIN]);
  }

  /** The sign-in provider of a session family, carried to the session a selection makes (an unlink of it ends both). */
  async function familyProvider(familyId: string): Promise<string | undefined> {
    const [row] = await db.select({ provider: refreshTokens.provider }).from(refreshTokens).where(eq(refreshTokens.familyId, familyId)).limit(1);
    return row?.provider ?? undefined;
  }

  // GET /api/v2/user/preferences
  route(PREFS.get, async (_, c) => preferencesOf((await caller(c)).current));

  // PUT /api/v2/user/preferences { …some fields }: merges; the contract refused bad values before.
  route(PREFS.update, async ({ body }, c) => {
    const { claims, current } = await caller(c);
    const stored = { ...(current.preferences as Record<string, unknown>) };
    for (const [key, value] of Object.entries(body)) if (value !== undefined) stored[key] = value;
    const [row] = await db
      .update(profiles)
      .set({ preferences: stored })
      .where(and(eq(profiles.id, current.id), eq(profiles.userId, claims.sub)))
      .returning();
    return preferencesOf(row ?? current);
  });
}
