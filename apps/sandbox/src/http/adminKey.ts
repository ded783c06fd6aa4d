/**
 * The sandbox admin key (docs/sandbox.md "Admin key"): every `/_sandbox/*` control and page
 * needs it, separately from the realm's public API key, so a web page open in a developer's
 * browser can neither call a control (impersonation, grants, the clock) nor read the outbox.
 *
 * - Tools and tests send it in the `x-sandbox-admin-key` header ({@link SANDBOX_ADMIN_HEADER}).
 * - A person's browser asks for it once: a `/_sandbox/*` page (the outbox page, the TV page)
 *   without it answers 401 with a small form that posts the key to
 *   `POST /_sandbox/admin-key` (form fields `key`, `next`); a right key sets the
 *   `sandbox_admin_key` cookie (`HttpOnly; SameSite=Strict; Path=/_sandbox`) and answers 303 to
 *   `next` (a `/_sandbox/` path, else the outbox page); a wrong key answers 403 with the form.
 * - Without a key (header or cookie) a control answers 401 `UNAUTHORIZED`
 *   `sandboxAdminKeyRequired`; with a wrong one 403 `FORBIDDEN` `sandboxAdminKeyInvalid`.
 *   Keys are compared in constant time (over their SHA-256, so lengths do not leak).
 * - No `/_sandbox/*` answer carries a CORS header (`app.ts` keeps CORS to the other paths).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { SandboxEnv } from './env.js';
import { ApiHttpError } from '../errors.js';
import { escapeHtml } from '../payments/pages.js';

/** Request header that carries the admin key (tools, tests). */
export const SANDBOX_ADMIN_HEADER = 'x-sandbox-admin-key';
/** Cookie that carries the admin key for a person's browser (set by the key form). */
export const SANDBOX_ADMIN_COOKIE = 'sandbox_admin_key';
/** Where the key form posts (form fields `key` and `next`). */
export const ADMIN_KEY_FORM_PATH = '/_sandbox/admin-key';
/** The page the form returns to when `next` is missing or not a `/_sandbox/` path. */
const DEFAULT_NEXT = '/_sandbox/outbox/page';
/** How long the cookie lasts: 12 hours (a working day). */
const COOKIE_MAX_AGE_S = 12 * 60 * 60;

/** A fresh random admin key (24 random bytes, base64url): used when `SANDBOX_ADMIN_KEY` is not set. */
export function randomAdminKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Whether `path` is a sandbox control or page (`/_sandbox` or below). */
export function isSandboxPath(path: string): boolean {
  return path === '/_sandbox' || path.startsWith('/_sandbox/');
}

/** Compares two secrets in constant time (over their SHA-256, so lengths may differ). */
export function sameAdminKey(sent: string, key: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(key));
}

const STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1rem;background:#f4f5f7;color:#1b1f24}',
  'main{max-width:32rem;margin:0 auto}',
  'h1{font-size:1.5rem;margin:0 0 1rem}',
  'form{display:flex;flex-direction:column;gap:.75rem}',
  'label{display:flex;flex-direction:column;font-weight:600}',
  'input{font:inherit;padding:.5rem;border:1px solid #6b7280;border-radius:.375rem;min-height:2.75rem;box-sizing:border-box}',
  'button{font:inherit;font-weight:600;min-height:2.75rem;padding:0 1rem;border-radius:.375rem;border:2px solid #1f4fd1;background:#1f4fd1;color:#fff;cursor:pointer}',
  '[role=alert]{color:#a4161a;font-weight:600}',
  'button:focus-visible,input:focus-visible{outline:3px solid #f0b400;outline-offset:2px}',
].join('');

/** The key form, returning to `next` once the key is accepted; `wrong` adds the refusal. */
export function adminKeyFormHtml(next: string, wrong: boolean): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Sandbox admin key</title><style>${STYLE}</style></head>` +
    `<body><main><h1>Sandbox admin key</h1>` +
    `<p>This sandbox page needs the admin key that <code>npm start</code> prints (<code>SANDBOX_ADMIN_KEY</code>).</p>` +
    (wrong ? `<p role="alert" id="key-error">That key is not this sandbox's admin key.</p>` : '') +
    `<form method="post" action="${ADMIN_KEY_FORM_PATH}">` +
    `<input type="hidden" name="next" value="${escapeHtml(next)}">` +
    `<label>Admin key<input type="password" name="key" required autocomplete="off"${wrong ? ' aria-invalid="true" aria-describedby="key-error"' : ''}></label>` +
    `<button type="submit">Continue</button></form></main></body></html>`
  );
}

/** `next` if it is a `/_sandbox/` path of this server (no scheme, host or backslash), else the outbox page. */
function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/_sandbox/') || /[\\\s]/.test(next) || next.startsWith('//')) return DEFAULT_NEXT;
  return next;
}

/** Whether the request is a person's browser asking for a page (GET that accepts HTML). */
function wantsPage(c: Context): boolean {
  return c.req.method === 'GET' && (c.req.header('accept') ?? '').includes('text/html');
}

/**
 * Registers the admin-key gate on `/_sandbox/*` and the key form's `POST /_sandbox/admin-key`.
 * Register it before every `/_sandbox` route and page. `key` is the sandbox's admin key.
 */
export function registerAdminKeyGate(app: Hono<SandboxEnv>, key: string): void {
  const page = (c: Context, status: 401 | 403) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    return c.html(adminKeyFormHtml(safeNext(c.req.path + (new URL(c.req.url).search || '')), status === 403), status);
  };

  app.post(ADMIN_KEY_FORM_PATH, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const sent = typeof form['key'] === 'string' ? form['key'] : '';
    const next = safeNext(form['next']);
    c.header('cache-control', 'no-store');
    if (!sent || !sameAdminKey(sent, key)) return c.html(adminKeyFormHtml(next, true), 403);
    setCookie(c, SANDBOX_ADMIN_COOKIE, sent, { path: '/_sandbox', httpOnly: true, sameSite: 'Strict', maxAge: COOKIE_MAX_AGE_S });
    return c.redirect(next, 303);
  });

  const gate: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    if (c.req.path === ADMIN_KEY_FORM_PATH && c.req.method === 'POST') return next();
    const sent = c.req.header(SANDBOX_ADMIN_HEADER) ?? getCookie(c, SANDBOX_ADMIN_COOKIE);
    if (!sent) {
      if (wantsPage(c)) return page(c, 401);
      throw new ApiHttpError(401, 'UNAUTHORIZED', ['sandboxAdminKeyRequired', `Send the sandbox admin key in ${SANDBOX_ADMIN_HEADER}`]);
    }
    if (!sameAdminKey(sent, key)) {
      if (wantsPage(c)) return page(c, 403);
      throw new ApiHttpError(403, 'FORBIDDEN', ['sandboxAdminKeyInvalid', 'Wrong sandbox admin key']);
    }
    return next();
  };
  app.use('/_sandbox', gate);
  app.use('/_sandbox/*', gate);
}
