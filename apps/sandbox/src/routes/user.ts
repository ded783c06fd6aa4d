/**
 * `GET /api/v2/user/profile` (`calls.user.profile`; docs/sandbox.md "Calls"): the signed-in
 * (non-guest) account's details `{ id, contactEmail, name, birthDate?, phoneNumber?, taxNumber? }`,
 * null fields left out. 401 without a bearer, with a guest token or an invalid one; 401 when the
 * account no longer exists.
 */
import { eq } from 'drizzle-orm';
import { calls, type UserProfile } from '@stream/core/contracts';
import { users } from '../db/schema.js';
import { unauthorized } from '../errors.js';
import type { RouteContext } from './context.js';

/** Registers the profile call. */
export function registerUserRoutes(ctx: RouteContext): void {
  const { route, db } = ctx;

  route(calls.user.profile, async (_, c) => {
    const claims = await ctx.requireUser(c, 'Guests have no profile; sign in');
    const [user] = await db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
    if (!user) throw unauthorized('Account no longer exists');
    const profile: UserProfile = { id: user.id, contactEmail: user.email, name: user.name };
    if (user.birthDate != null) profile.birthDate = user.birthDate;
    if (user.phoneNumber != null) profile.phoneNumber = user.phoneNumber;
    if (user.taxNumber != null) profile.taxNumber = user.taxNumber;
    return profile;
  });
}
