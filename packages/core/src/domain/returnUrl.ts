/**
 * Where a payment provider or the card processor's 3-D Secure page may send the payer back: an
 * address of the realm's registered web origins only (this project's rule, docs/api.md
 * "Payments are bound to their payer"). Implements commerce-and-account-data.md §5 "Redirecting
 * payment providers" with identity-and-routes.md §2 (trusted return addresses).
 */

/** Longest return URL accepted, in characters. */
export const MAX_RETURN_URL_LENGTH = 2048;

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0020\u007f-\u009f\\\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/u;

/** True for a loopback host name: `localhost`, `127.0.0.0/8`, `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** `origin` normalised (`scheme://host[:port]`, lower case, default port dropped), or null when it is no http(s) origin. */
export function normalOrigin(origin: string): string | null {
  if (typeof origin !== 'string') return null;
  try {
    const url = new URL(origin.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The return URL when the payer may be sent there, else null. Never throws.
 *
 * Accepted: a string of at most {@link MAX_RETURN_URL_LENGTH} characters, with no white space,
 * control, backslash, zero-width or bidi character, that is an absolute `https:` URL, or an
 * `http:` URL of a loopback host (`localhost`, `127.x.x.x`, `[::1]`), with no user name or
 * password, whose origin is one of `origins` (the realm's registered web origins, compared
 * normalised: `HTTPS://Example.com:443` is `https://example.com`). So with origins
 * `['https://watch.example', 'http://127.0.0.1:5173']`, `https://watch.example/pay/PAYPAL?x=1`
 * and `http://127.0.0.1:5173/payment-authorization` pass; `https://evil.example/`,
 * `javascript:alert(1)`, `//watch.example/x`, `http://watch.example/` (plain http off loopback),
 * `https://user@watch.example/` and `/pay` (relative) do not.
 */
export function allowedReturnUrl(raw: unknown, origins: readonly string[]): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RETURN_URL_LENGTH) return null;
  if (FORBIDDEN.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!/^https?:\/\//i.test(raw)) return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) return null;
  const registered = (Array.isArray(origins) ? origins : []).map(normalOrigin);
  return registered.includes(url.origin) ? raw : null;
}
