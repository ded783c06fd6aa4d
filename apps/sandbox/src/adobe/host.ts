/**
 * The Adobe Pass emulation's own endpoints under `/_adobe` (docs/sandbox.md "Adobe Pass and
 * TV"), modelled on the public Adobe Pass REST API: dynamic client registration, the requestor
 * configuration, operator logos, the v1 authenticate address (core's `adobeAuthenticateUrl`),
 * one login page per operator, and the authentication status of a regcode. No realm headers, no
 * bearer; CORS is open (the app-wide middleware). Errors are `{ error, error_description }`
 * (JSON endpoints) or an HTML page with the reason in a `role="alert"` (pages).
 * Implements identity-and-routes.md §7 "{adobe host}/o/client/register", "{adobe host}/api/v1/config/{requestorId}".
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { calls } from '@stream/core/contracts';
import type { SandboxEnv } from '../http/env.js';
import { isLoopbackHttp } from '../openid/clients.js';
import { escapeHtml } from '../payments/pages.js';
import type { RouteContext } from '../routes/context.js';
import { throttledSeconds } from '../auth/throttle.js';
import {
  ADOBE_AUTH_PROVIDERS,
  ADOBE_PATH,
  ADOBE_REQUESTOR,
  CHANNELS,
  OPERATOR_ACCOUNTS,
  OPERATORS,
  operatorById,
  operatorLogoSvg,
  verifySoftwareStatement,
  type Operator,
} from './config.js';
import { opaqueToken, type AdobeStore, type Regcode } from './store.js';

/** What the emulation needs: the route context, its state and the web app's base address (when known). */
export interface AdobeHostDeps {
  routes: RouteContext;
  store: AdobeStore;
  webUrl: string | undefined;
}

const adobeError = (c: Context, status: 400 | 403 | 404, error: string, description: string) =>
  c.json({ error, error_description: description }, status);

/**
 * Whether the operator may send the viewer back to `raw`: an http(s) address on the web app's
 * origin, on a loopback http address (any port: local web apps), or a configured `redirectUri`.
 */
export function allowedReturnUrl(raw: string | undefined, webUrl: string | undefined): URL | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (webUrl && url.origin === new URL(webUrl).origin) return url;
  if (isLoopbackHttp(url)) return url;
  const configured = ADOBE_AUTH_PROVIDERS.map((entry) => entry.redirectUri).filter((value): value is string => typeof value === 'string');
  return configured.includes(url.href) ? url : null;
}

/** Registers the `/_adobe` endpoints and pages on `app`. */
export function registerAdobeHost(app: Hono<SandboxEnv>, deps: AdobeHostDeps): void {
  const { routes, store } = deps;
  app.use(`${ADOBE_PATH}/*`, bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.text('Request body too large', 413) }));

  // POST /_adobe/o/client/register { software_statement }: dynamic client registration (RFC 7591).
  app.post(`${ADOBE_PATH}${calls.adobeHost.register.path}`, async (c) => {
    let statement: unknown;
    try {
      statement = ((await c.req.json()) as { software_statement?: unknown } | null)?.software_statement;
    } catch {
      return adobeError(c, 400, 'invalid_request', 'The body must be JSON: { "software_statement": "…" }');
    }
    if (typeof statement !== 'string' || statement.trim() === '') return adobeError(c, 400, 'invalid_request', 'software_statement is required');
    const softwareId = verifySoftwareStatement(statement);
    if (!softwareId) return adobeError(c, 400, 'invalid_software_statement', 'The software statement was not issued by this Adobe Pass');
    const clientId = `${softwareId}-${opaqueToken().slice(0, 12)}`;
    const clientSecret = opaqueToken();
    await store.addClient(clientId, clientSecret);
    return c.json(
      { client_id: clientId, client_secret: clientSecret, client_id_issued_at: Math.floor(routes.now() / 1000), client_secret_expires_at: 0, grant_types: ['client_credentials'], software_id: softwareId },
      201,
    );
  });

  // GET /_adobe/api/v1/config/:requestorId: the requestor with its operators and channels.
  app.get(`${ADOBE_PATH}/api/v1/config/:requestorId`, (c) => {
    const requestorId = c.req.param('requestorId');
    if (requestorId !== ADOBE_REQUESTOR.id) return adobeError(c, 404, 'unknown_requestor', `No requestor ${requestorId}`);
    const base = `${routes.publicUrl(c)}${ADOBE_PATH}/logos`;
    return c.json({
      requestor: {
        id: ADOBE_REQUESTOR.id,
        displayName: ADOBE_REQUESTOR.displayName,
        mvpds: OPERATORS.map((operator) => ({ id: operator.id, displayName: operator.displayName, logoUrl: `${base}/${operator.id}.svg`, featured: operator.featured })),
        channels: CHANNELS.map((channel) => ({ ...channel })),
      },
    });
  });

  // GET /_adobe/logos/:file: an operator's SVG logo.
  app.get(`${ADOBE_PATH}/logos/:file`, (c) => {
    const operator = operatorById(c.req.param('file').replace(/\.svg$/, ''));
    if (!operator) return adobeError(c, 404, 'not_found', 'No such logo');
    return c.body(operatorLogoSvg(operator), 200, { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
  });

  /** The regcode, operator and return address of an authenticate or login request; an error page otherwise. */
  async function startFacts(query: Record<string, string | undefined>): Promise<{ regcode: Regcode; operator: Operator; back: URL } | string> {
    const regcode = await store.regcode(query.reg_code ?? '');
    if (!regcode || (query.requestor_id !== undefined && query.requestor_id !== regcode.requestorId)) {
      return 'This sign-in code is unknown or has expired. Go back to the app and pick your TV provider again.';
    }
    const operator = operatorById(query.mso_id ?? '');
    if (!operator) return 'This TV provider is unknown. Go back to the app and pick your TV provider again.';
    const back = allowedReturnUrl(query.redirect_url, deps.webUrl);
    if (!back) return 'The address to return to is not allowed. Go back to the app and start again.';
    if (query.domain_name !== undefined && query.domain_name !== back.hostname) return 'The return domain does not match the return address. Go back to the app and start again.';
    return { regcode, operator, back };
  }

  // GET /_adobe/api/v1/authenticate?reg_code&requestor_id&mso_id&redirect_url&domain_name…: to the operator's login page.
  app.get(`${ADOBE_PATH}/api/v1/authenticate`, async (c) => {
    const query = c.req.query();
    const facts = await startFacts(query);
    if (typeof facts === 'string') return c.html(problemPage(facts), 400);
    const login = new URLSearchParams({ reg_code: facts.regcode.code, requestor_id: facts.regcode.requestorId, redirect_url: facts.back.href });
    return c.redirect(`${ADOBE_PATH}/login/${facts.operator.id}?${login}`, 302);
  });

  // GET /_adobe/login/:mvpdId: the operator's login page.
  app.get(`${ADOBE_PATH}/login/:mvpdId`, async (c) => {
    const facts = await startFacts({ ...c.req.query(), mso_id: c.req.param('mvpdId') });
    if (typeof facts === 'string') return c.html(problemPage(facts), 400);
    return c.html(loginPage(facts.operator, facts.regcode.code, facts.back.href));
  });

  // POST /_adobe/login/:mvpdId (form): sign in at the operator, or cancel; back to the app either way.
  app.post(`${ADOBE_PATH}/login/:mvpdId`, async (c) => {
    const form = await c.req.parseBody();
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
    const facts = await startFacts({ reg_code: text('reg_code'), redirect_url: text('redirect_url'), mso_id: c.req.param('mvpdId') });
    if (typeof facts === 'string') return c.html(problemPage(facts), 400);
    if (text('action') === 'cancel') return c.redirect(facts.back.href, 303);
    const email = (text('email') ?? '').trim().toLowerCase();
    // Throttled per operator account and per client address (auth/throttle.ts).
    const keys = { scope: 'provider', subject: `ADOBE\n${facts.operator.id}\n${email}`, address: routes.clientAddress(c) } as const;
    let account: (typeof OPERATOR_ACCOUNTS)[number] | undefined;
    try {
      account = await routes.throttle.attempt(keys, async () =>
        OPERATOR_ACCOUNTS.find((candidate) => candidate.mvpdId === facts.operator.id && candidate.email === email && candidate.password === (text('password') ?? '')),
      );
    } catch (error) {
      const seconds = throttledSeconds(error);
      if (seconds === undefined) throw error;
      const message = `Too many attempts. Try again in ${seconds} seconds.`;
      return c.html(loginPage(facts.operator, facts.regcode.code, facts.back.href, message, email), 429, { 'retry-after': String(seconds) });
    }
    if (!account) {
      return c.html(loginPage(facts.operator, facts.regcode.code, facts.back.href, 'Wrong email or password for this TV provider. Check them and try again.', email), 200);
    }
    await store.authenticate(facts.regcode.code, { mvpdId: facts.operator.id, email: account.email, at: routes.now() });
    return c.redirect(facts.back.href, 303);
  });

  // GET /_adobe/api/v1/checkauthn/:regcode: the authentication status of a regcode.
  app.get(`${ADOBE_PATH}/api/v1/checkauthn/:regcode`, async (c) => {
    const regcode = await store.regcode(c.req.param('regcode'));
    if (!regcode) return adobeError(c, 404, 'unknown_regcode', 'Unknown or expired regcode');
    if (!regcode.authn) return c.json({ status: 'not_authenticated' }, 403);
    return c.json({ status: 'authenticated', mvpd: regcode.authn.mvpdId, expires: new Date(regcode.expiresAt).toISOString() });
  });
}

const STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;background:#f4f4f7;margin:0;padding:2rem 1rem;color:#1a1a2e}',
  'main{max-width:24rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}',
  'h1{font-size:1.4rem;margin:.5rem 0 1rem}img{display:block}',
  'label{display:block;font-weight:600;margin:1rem 0 .25rem}',
  'input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #767689;border-radius:6px;min-height:2.75rem}',
  'button{margin-top:1.25rem;width:100%;min-height:2.75rem;padding:.7rem;font-size:1rem;border:0;border-radius:6px;background:#3a2fbf;color:#fff;cursor:pointer}',
  'button.secondary{background:#fff;color:#3a2fbf;border:1px solid #3a2fbf;margin-top:.5rem}',
  'button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}[role=alert]{color:#a4001d;font-weight:600}',
].join('');

/** A whole page: language, title, a `main` landmark. */
function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)} · Adobe Pass (sandbox)</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

function problemPage(reason: string): string {
  return page('Sign-in problem', `<h1>Sign-in problem</h1><p role="alert">${escapeHtml(reason)}</p>`);
}

/** The operator's login form (the error, when there is one, is announced and described by the email field). */
function loginPage(operator: Operator, regcode: string, back: string, error?: string, email = ''): string {
  const name = escapeHtml(operator.displayName);
  const hidden = `<input type="hidden" name="reg_code" value="${escapeHtml(regcode)}"><input type="hidden" name="redirect_url" value="${escapeHtml(back)}">`;
  const action = `${ADOBE_PATH}/login/${escapeHtml(operator.id)}`;
  return page(
    `Sign in to ${operator.displayName}`,
    `<img src="${ADOBE_PATH}/logos/${escapeHtml(operator.id)}.svg" alt="" width="120" height="60">` +
      `<h1>Sign in to ${name}</h1><p>Use the account of your TV subscription with ${name}.</p>` +
      (error ? `<p role="alert" id="login-error">${escapeHtml(error)}</p>` : '') +
      `<form method="post" action="${action}">${hidden}` +
      `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" ${error ? 'aria-describedby="login-error" aria-invalid="true" ' : ''}autofocus>` +
      `<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>` +
      `<button type="submit" name="action" value="signin">Sign in</button></form>` +
      `<form method="post" action="${action}">${hidden}<button type="submit" name="action" value="cancel" class="secondary">Cancel</button></form>`,
  );
}
