/**
 * The stand-in OPIN portal (docs/sandbox.md "PBR, SPTV, OPIN and GIGYA"): a page of the sandbox
 * where a person signs in with an OPIN account and is sent back to the web app's `/login/opin`
 * with a short-lived, single-use `token` (and the `state` the app sent), which the platform
 * trades at `POST /api/v1/opin-auth` (identity-and-routes.md §7).
 *
 * - `GET /_opin/login?redirect_uri=&state=`: the sign-in form. `redirect_uri` must be the web
 *   app's `/login/opin` page (its origin, or any loopback origin when both are loopback); any
 *   other address gets a 400 page and is never followed.
 * - `POST /_opin/login` (form: email, password, redirect_uri, state): a wrong email or password
 *   shows the form again with one message for both; a right one answers 303 to
 *   `redirect_uri` with `token` and `state` added. Only the token's SHA-256 is stored.
 * The pages are for a person's browser: no realm or API key; labelled fields, an `h1`,
 * `role="alert"` errors, a 375 px wide layout; every value HTML-escaped.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { SandboxEnv } from '../http/env.js';
import type { SandboxDb } from '../db/open.js';
import { providerTokens } from '../db/schema.js';
import { isLoopbackHttp } from '../openid/clients.js';
import { escapeHtml } from '../payments/pages.js';
import { OPIN_PORTAL_PATH, OPIN_TOKEN_TTL_MS } from './config.js';
import type { ProviderStore } from './store.js';
import { throttledSeconds, type SecretThrottle } from '../auth/throttle.js';

/** The web app's OPIN page, where the portal sends the person back. */
export const OPIN_RETURN_PATH = '/login/opin';

/** SHA-256 (hex) of a portal token: the only form in which it is stored. */
export const hashProviderToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A `state` the portal passes on: 8–512 URL-safe characters. */
const STATE = /^[A-Za-z0-9\-_.~]{8,512}$/;

/**
 * `raw` as the address to send the person back to, or null when it is not the web app's OPIN
 * page: http(s), path `/login/opin`, no fragment, on the web app's origin (`webUrl`), or on any
 * loopback origin when the web app's is loopback too (or unknown).
 */
export function opinReturnAddress(raw: unknown, webUrl: string | undefined): URL | null {
  if (typeof raw !== 'string' || raw.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== OPIN_RETURN_PATH || url.hash !== '' || url.username || url.password) return null;
  const web = webUrl ? new URL(webUrl) : undefined;
  const sameApp = web ? url.origin === web.origin || (isLoopbackHttp(url) && isLoopbackHttp(web)) : isLoopbackHttp(url);
  return sameApp ? url : null;
}

/** What the portal needs. */
export interface OpinPortalDeps {
  db: SandboxDb;
  store: ProviderStore;
  now: () => number;
  /** The web app's base address, when known. */
  webUrl: string | undefined;
  /** The throttle of password checks (per email and per client address) and the client's address. */
  throttle: SecretThrottle;
  clientAddress: (c: Context) => string | undefined;
}

/**
 * Spends a portal token: the OPIN subject it was issued for, when it is known, unused and
 * unexpired; else null. A token is spent by exactly one call.
 */
export async function spendOpinToken(db: SandboxDb, token: string, nowMs: number): Promise<string | null> {
  const spent = await db
    .update(providerTokens)
    .set({ usedAt: new Date(nowMs) })
    .where(
      and(
        eq(providerTokens.hash, hashProviderToken(token)),
        eq(providerTokens.provider, 'OPIN'),
        isNull(providerTokens.usedAt),
        gt(providerTokens.expiresAt, new Date(nowMs)),
      ),
    )
    .returning({ subject: providerTokens.subject });
  return spent[0]?.subject ?? null;
}

/** Registers the portal's pages on `app`. */
export function registerOpinPortal(app: Hono<SandboxEnv>, deps: OpinPortalDeps): void {
  const loginPath = `${OPIN_PORTAL_PATH}/login`;

  const refuse = (c: Context<SandboxEnv>) =>
    c.html(
      page('Sign-in link not valid', '<h1>This sign-in link is not valid</h1><p role="alert">Go back to the app and choose OPIN again.</p>'),
      400,
      { 'cache-control': 'no-store' },
    );

  app.get(loginPath, async (c) => {
    const returnTo = opinReturnAddress(c.req.query('redirect_uri'), deps.webUrl);
    const state = c.req.query('state') ?? '';
    if (!returnTo || !STATE.test(state)) return refuse(c);
    await deps.store.ensureSeeded();
    return c.html(loginPage(returnTo.href, state), 200, { 'cache-control': 'no-store' });
  });

  app.post(loginPath, async (c) => {
    const form = await c.req.parseBody();
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const returnTo = opinReturnAddress(text('redirect_uri'), deps.webUrl);
    const state = text('state');
    if (!returnTo || !STATE.test(state)) return refuse(c);
    await deps.store.ensureSeeded();
    const email = text('email').slice(0, 256);
    const keys = { scope: 'provider', subject: `OPIN\n${email.trim().toLowerCase()}`, address: deps.clientAddress(c) } as const;
    let account: Awaited<ReturnType<ProviderStore['verify']>> = null;
    try {
      if (email.trim() && text('password')) account = await deps.throttle.attempt(keys, () => deps.store.verify('OPIN', email, text('password').slice(0, 256)));
    } catch (error) {
      const seconds = throttledSeconds(error);
      if (seconds === undefined) throw error;
      const message = `Too many attempts. Try again in ${seconds} seconds.`;
      return c.html(loginPage(returnTo.href, state, message, email), 429, { 'cache-control': 'no-store', 'retry-after': String(seconds) });
    }
    if (!account) {
      return c.html(loginPage(returnTo.href, state, 'Wrong email or password. Check them and try again.', email), 401, { 'cache-control': 'no-store' });
    }
    const token = randomBytes(32).toString('base64url');
    await deps.db.insert(providerTokens).values({
      hash: hashProviderToken(token),
      provider: 'OPIN',
      subject: account.subject,
      expiresAt: new Date(deps.now() + OPIN_TOKEN_TTL_MS),
    });
    returnTo.searchParams.set('token', token);
    returnTo.searchParams.set('state', state);
    return c.redirect(returnTo.href, 303);
  });
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · OPIN</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#eef6f3;margin:0;padding:2rem 1rem;color:#10241d}main{max-width:24rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.375rem;margin:0 0 .5rem}label{display:block;font-weight:600;margin:1rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #5d7169;border-radius:6px;min-height:2.75rem}
button{margin-top:1.25rem;width:100%;min-height:2.75rem;font-size:1rem;font-weight:600;border:0;border-radius:6px;background:#0b6b4f;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}[role=alert]{color:#a4001d;font-weight:600}</style></head>
<body><main>${body}</main></body></html>`;
}

function loginPage(returnTo: string, state: string, error?: string, email = ''): string {
  const described = error ? ' aria-describedby="opin-error" autofocus' : ' autofocus';
  return page(
    'Sign in',
    `<h1>Sign in to OPIN</h1><p>Stream wants you to sign in with your OPIN account.</p>
${error ? `<p role="alert" id="opin-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${OPIN_PORTAL_PATH}/login">
<input type="hidden" name="redirect_uri" value="${escapeHtml(returnTo)}"><input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${described}>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`,
  );
}
