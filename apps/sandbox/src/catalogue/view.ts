/** The {@link View} a request is answered for: the catalogue's calls and the viewer's library (favourites, history) draw their tiles with it. */
import type { Context } from 'hono';
import type { AccessClaims } from '../auth/jwt.js';
import type { RouteContext } from '../routes/context.js';
import { ageLimitOf } from './rating.js';
import { catalogueAnchor } from './anchor.js';
import { catalogueLocale } from './text.js';
import type { View } from './tiles.js';

/**
 * The view of a request: the locale `Accept-Language` picks (sent back as `Content-Language`,
 * with `Vary: Accept-Language`), the sandbox clock, the catalogue anchor and the sandbox's base
 * URL, and the age-rating limit of `claims` (a child profile's session; `catalogue/rating.ts`).
 * The caller checks the bearer (the catalogue's `optionalUser`, the library's `requireUser`).
 */
export async function requestView(ctx: RouteContext, c: Context, claims: AccessClaims | undefined): Promise<View> {
  const locale = catalogueLocale(c.req.header('accept-language'));
  c.header('Content-Language', locale);
  c.header('Vary', 'Accept-Language');
  const now = await ctx.sandboxNow();
  return { locale, nowMs: now.getTime(), anchorMs: await catalogueAnchor(ctx.db, now), base: ctx.publicUrl(c), ageLimit: ageLimitOf(claims) };
}
