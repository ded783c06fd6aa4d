/**
 * Where to go after sign-in, and which return paths are trusted.
 * Implements identity-and-routes.md §2 "After sign-in completion".
 */
import { buildPath, matchRouteAnyLocale, type RouteKey, type RouteLocale } from './routes.js';

/** Longest return path accepted, in characters. */
export const MAX_RETURN_PATH_LENGTH = 2048;

/** How many rounds of percent-decoding {@link safeReturnPath} inspects before giving up. */
const MAX_DECODE_ROUNDS = 5;

/**
 * Characters never allowed in a return path, raw or decoded: C0/C1 controls, every Unicode
 * white space, zero-width and bidi-control characters, line/paragraph separators, BOM.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\s\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/u;

/** The path part of a URL reference: everything before the first `?` or `#`. */
function pathPart(path: string): string {
  const cut = path.search(/[?#]/);
  return cut >= 0 ? path.slice(0, cut) : path;
}

/** A path (no query) that stays a same-origin path: one leading slash, no `//`, no dot segments. */
function isSafePath(path: string): boolean {
  if (FORBIDDEN_CHARS.test(path)) return false;
  const slashed = pathPart(path.replace(/\\/g, '/'));
  if (!slashed.startsWith('/') || slashed.includes('//')) return false;
  return !slashed.split('/').some((segment) => segment === '.' || segment === '..');
}

/**
 * Returns `raw` unchanged when it is a path inside the app, else `null`. Never throws.
 *
 * Accepted: a string of at most {@link MAX_RETURN_PATH_LENGTH} characters starting with one `/`
 * with no control, white-space, zero-width or bidi characters anywhere, whose path part (before
 * `?`/`#`) has no `//`, no `/\` (backslashes count as slashes) and no `.` or `..` segment; the
 * path part must still pass after every round of percent-decoding (up to 5 rounds; malformed
 * encoding in the path, or still changing after 5 rounds, is rejected). So `/account?x=1`,
 * `/search?q=a%20b` and `/video/a%2Fb` pass; `//example.com`, `/\example.com`,
 * `/%2F%2Fexample.com`, `/%5Cexample.com`, `/%09/example.com`, `https://x`, `javascript:...`
 * do not. The query part may hold `//` (`?next=https://x`): it cannot change the origin.
 * Modelled on better-auth's same-origin check. Implements identity-and-routes.md §2 (from / redirect targets).
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  if (raw.length === 0 || raw.length > MAX_RETURN_PATH_LENGTH) return null;
  if (raw[0] !== '/' || FORBIDDEN_CHARS.test(raw)) return null;
  let form = pathPart(raw);
  if (!isSafePath(form)) return null;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return null;
    }
    if (decoded === form) return raw;
    if (round === MAX_DECODE_ROUNDS) return null;
    if (!isSafePath(decoded)) return null;
    form = pathPart(decoded);
  }
  return null;
}

/** Options of {@link postSignInTarget}. */
export interface PostSignInOptions {
  /** The default menu page; used when it is a safe in-app path. @default buildPath('HOME', {}, locale) */
  defaultPath?: string;
  /** Route set used to build the default and to build entry pages given as a key. @default 'en' */
  locale?: RouteLocale;
}

/** Query params carried over to a signup or purchase entry page (§2 rule 1). */
export const CARRIED_SIGN_IN_PARAMS = ['licences', 'redirectTo', 'from'] as const;

/** Routes a `from` target must not point at after sign-in (it would loop or log out again). */
const NON_RETURN_ROUTES: readonly RouteKey[] = ['LOGIN', 'LOGIN_REDIRECT', 'MAGIC_LINK', 'SIGNUP', 'LOGOUT'];

type EntryKind = 'login' | 'signup' | 'purchase' | 'other';

function entryKindOfKey(key: RouteKey): EntryKind {
  if (key === 'LOGIN' || key === 'LOGIN_REDIRECT') return 'login';
  if (key === 'SIGNUP') return 'signup';
  if (key === 'PURCHASE') return 'purchase';
  return 'other';
}

function resolveEntry(raw: string | null, locale: RouteLocale): { kind: EntryKind; path: string | null } {
  if (raw === null || raw === '') return { kind: 'other', path: null };
  // A bare route key is accepted as well as a path.
  if (raw === 'LOGIN' || raw === 'LOGIN_REDIRECT') return { kind: 'login', path: null };
  if (raw === 'SIGNUP' || raw === 'PURCHASE') return { kind: entryKindOfKey(raw), path: buildPath(raw, {}, locale) };
  const safe = safeReturnPath(raw);
  if (safe === null) return { kind: 'other', path: null };
  const match = matchRouteAnyLocale(pathPart(safe), locale);
  return { kind: match ? entryKindOfKey(match.key) : 'other', path: safe };
}

function safeFrom(raw: string | null, locale: RouteLocale): string | null {
  const safe = safeReturnPath(raw);
  if (safe === null) return null;
  const match = matchRouteAnyLocale(pathPart(safe), locale);
  if (match && NON_RETURN_ROUTES.includes(match.key)) return null;
  return safe;
}

/**
 * Where to navigate once sign-in completes. Always returns an in-app path (it passes
 * {@link safeReturnPath}). Never throws.
 *
 * - `search`: the current query string, with or without `?`; reads `entryPage`, `from`,
 *   `redirectTo`, `licences`. `entryPage` is an in-app path (`/signup?x=1`, matched in any
 *   locale set) or a bare key (`LOGIN`, `LOGIN_REDIRECT`, `SIGNUP`, `PURCHASE`).
 * - Rule 1: entry is signup or purchase → the entry path, keeping its own query and setting
 *   `licences` (every value), `redirectTo` and `from` from the current query; `redirectTo` and
 *   `from` are carried only when they are safe in-app paths. Entry is login or the login-redirect
 *   route and `from` is present → `from`.
 * - Rule 2: otherwise → `from`.
 * - Rule 3: otherwise → the default menu page (`options.defaultPath` when safe, else HOME in
 *   `options.locale`).
 * - A `from` that is unsafe, or points at login, login-redirect, magic-link, signup or logout,
 *   counts as absent (it would loop or sign out).
 * Implements identity-and-routes.md §2 "After sign-in completion".
 */
export function postSignInTarget(search: string, options: PostSignInOptions = {}): string {
  const locale: RouteLocale = options?.locale ?? 'en';
  const fallback = safeReturnPath(options?.defaultPath) ?? buildPath('HOME', {}, locale);
  const text = typeof search === 'string' ? search : '';
  const query = new URLSearchParams(text.startsWith('?') ? text.slice(1) : text);

  const entry = resolveEntry(query.get('entryPage'), locale);
  const from = safeFrom(query.get('from'), locale);

  if ((entry.kind === 'signup' || entry.kind === 'purchase') && entry.path !== null) {
    const cut = entry.path.search(/[?#]/);
    const base = pathPart(entry.path);
    const ownQuery = cut >= 0 && entry.path[cut] === '?' ? entry.path.slice(cut + 1).split('#')[0] ?? '' : '';
    const carried = new URLSearchParams(ownQuery);
    const licences = query.getAll('licences').filter((value) => value !== '');
    if (licences.length > 0) {
      carried.delete('licences');
      for (const licence of licences) carried.append('licences', licence);
    }
    const redirectTo = safeReturnPath(query.get('redirectTo'));
    if (redirectTo !== null) carried.set('redirectTo', redirectTo);
    else carried.delete('redirectTo');
    if (from !== null) carried.set('from', from);
    else carried.delete('from');
    const rest = carried.toString();
    const target = rest ? `${base}?${rest}` : base;
    return safeReturnPath(target) ?? fallback;
  }

  if (from !== null) return from;
  return fallback;
}
