/**
 * Token sign-in through an external page (OPIN): the portal address the viewer is sent to, and
 * the token and state read from the query the portal sends the viewer back with.
 * Implements identity-and-routes.md §2 "Login page" (sub-route `opin`, query param `token`) and
 * §7 "POST /api/v1/opin-auth {opinAuthToken}"; the `state` check is this project's (login CSRF).
 */
import { absoluteHttpUrl } from './signInScript.js';

/** A token or state as carried in a query: 8–4096 characters of `A–Z a–z 0–9 - _ . ~`. */
const URL_TOKEN = /^[A-Za-z0-9\-_.~]{8,4096}$/;

/** What {@link readTokenReturn} found in a query. */
export interface TokenReturn {
  /** The `token` param when well formed, else null. */
  token: string | null;
  /** The `state` param when well formed, else null. */
  state: string | null;
  /** The query without `token` and `state` (`?from=…`, or `''` when nothing is left). */
  search: string;
  /** True when the query had a `token` or `state` param at all (the address must be cleaned). */
  hadParams: boolean;
}

/**
 * Reads the `token` and `state` a sign-in page sent the viewer back with from `search` (with or
 * without `?`), and the query without them (so that the token leaves the address bar). A value
 * that is not a well-formed URL token (8–4096 characters of `A–Z a–z 0–9 - _ . ~`), or that
 * appears more than once, reads as null. Never throws.
 */
export function readTokenReturn(search: unknown): TokenReturn {
  const query = new URLSearchParams(typeof search === 'string' ? search.replace(/^\?/, '') : '');
  const single = (name: string): string | null => {
    const values = query.getAll(name);
    return values.length === 1 && URL_TOKEN.test(values[0]!) ? values[0]! : null;
  };
  const token = single('token');
  const state = single('state');
  const hadParams = query.has('token') || query.has('state');
  query.delete('token');
  query.delete('state');
  const rest = query.toString();
  return { token, state, search: rest ? `?${rest}` : '', hadParams };
}

/** What {@link opinPortalUrl} builds from. */
export interface OpinPortalFacts {
  /** The realm entry's `baseUri` (§3 "Auth provider"): the portal's address, absolute or a path on the platform. */
  baseUri: unknown;
  /** The platform's address, for a `baseUri` that is a path. */
  base?: string | null;
  /** Where the portal sends the viewer back (the web app's `/login/opin`, with `from`): absolute http(s). */
  returnUrl: string;
  /** The random value the app keeps and the portal sends back. */
  state: string;
}

/**
 * The OPIN portal's sign-in address: `{baseUri}/login?redirect_uri={returnUrl}&state={state}`,
 * `baseUri` resolved like a script URL (`absoluteHttpUrl`). Null when `baseUri` is unusable,
 * `returnUrl` is not an absolute http(s) URL, or `state` is not a well-formed URL token. Never throws.
 */
export function opinPortalUrl(facts: OpinPortalFacts): string | null {
  if (!facts || typeof facts !== 'object') return null;
  const portal = absoluteHttpUrl(facts.baseUri, facts.base);
  const returnUrl = absoluteHttpUrl(facts.returnUrl);
  if (portal === null || returnUrl === null || typeof facts.state !== 'string' || !URL_TOKEN.test(facts.state)) return null;
  const url = new URL(`${portal.replace(/\/+$/, '')}/login`);
  url.search = new URLSearchParams({ redirect_uri: returnUrl, state: facts.state }).toString();
  return url.toString();
}
