/**
 * Who may open the admin previews (identity-and-routes.md §2 route table "Admin previews", §6
 * "roles come from claim rol"; issue 18). The spec names no role values: this project's
 * administrator role is `ADMIN` (the sandbox's `users.role`, signed as the `rol` claim).
 */
import type { SessionUser } from './claims.js';
import type { RouteKey } from './routes.js';

/** The `rol` claim value of an administrator. */
export const ADMIN_ROLE = 'ADMIN';

/** The admin preview routes (`/_admin/...`), visible to an administrator's session only. */
export const ADMIN_PREVIEW_ROUTE_KEYS = [
  'ADMIN_404_PREVIEW',
  'ADMIN_NAVBAR_PREVIEW',
  'ADMIN_PLUGIN_PREVIEW',
  'ADMIN_PREVIEW',
  'ADMIN_SECTION_PREVIEW',
] as const satisfies readonly RouteKey[];

/** One admin preview route key. */
export type AdminPreviewRouteKey = (typeof ADMIN_PREVIEW_ROUTE_KEYS)[number];

/** True for one of {@link ADMIN_PREVIEW_ROUTE_KEYS}; false for anything else (any input). */
export function isAdminPreviewRoute(key: unknown): key is AdminPreviewRouteKey {
  return typeof key === 'string' && (ADMIN_PREVIEW_ROUTE_KEYS as readonly string[]).includes(key);
}

/**
 * True when the session is a signed-in administrator's: not a guest and `role` (claim `rol`)
 * exactly {@link ADMIN_ROLE}. False for no session, a guest, any other role or malformed input.
 */
export function isAdministrator(user: Pick<SessionUser, 'guest' | 'role'> | null | undefined): boolean {
  if (typeof user !== 'object' || user === null) return false;
  return user.guest !== true && user.role === ADMIN_ROLE;
}
