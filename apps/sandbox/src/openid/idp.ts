/**
 * The sandbox's OpenID provider: a real OpenID Connect server (panva's `oidc-provider`) under
 * `/_oidc` on the sandbox's own origin, with its own login and consent pages and its own users
 * (`IDP_USERS`). It serves the realm's OpenID Connect clients (`OPENID_CLIENTS`) as confidential
 * clients (`client_secret_basic`) with PKCE (S256) required. Keys are generated at start and the
 * state (sessions, codes, grants) lives in memory: a restart signs everybody out of the provider.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { IDP_PATH, IDP_USERS, isLoopbackHttp, OPENID_CLIENTS, webCallbackPath, type IdpClientConfig } from './clients.js';
import { SOCIAL_IDP_CLIENTS } from '../social/config.js';
import { OAUTH_IDP_CLIENTS } from '../oauth/config.js';

/** The extra clients whose code flow does not require PKCE (`IdpClientConfig.pkce === false`). */
const NO_PKCE_CLIENTS = new Set([...SOCIAL_IDP_CLIENTS, ...OAUTH_IDP_CLIENTS].filter((client) => client.pkce === false).map((client) => client.clientId));

/**
 * The grant and response types of an extra client: `code` → the authorisation code grant;
 * `id_token` → the implicit grant (the ID token in the fragment).
 */
function idpClientFlows(client: IdpClientConfig): { grant_types: string[]; response_types: string[] } {
  const responseTypes = client.responseTypes?.length ? [...client.responseTypes] : ['code'];
  const grantTypes = [
    ...(responseTypes.includes('code') ? ['authorization_code'] : []),
    ...(responseTypes.includes('id_token') ? ['implicit'] : []),
  ];
  return { grant_types: grantTypes, response_types: responseTypes };
}

/** The running provider: its issuer and the Node request handler of everything under `/_oidc`. */
export interface OidcIdp {
  issuer: string;
  /** Handles a request whose path starts with `/_oidc` (interaction pages first, then the provider). */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * Creates the provider for `issuer` (`<sandbox origin>/_oidc`). `webUrl` is the web app's base
 * address: each client's redirect URI is `<webUrl>/login/openid/<clientName>`; when it is a
 * loopback http address the client is registered as `native`, so that the provider accepts the
 * same callback on any loopback port (RFC 8252 §7.3): web apps started on other ports work too.
 */
export async function createOidcIdp(issuer: string, webUrl: string): Promise<OidcIdp> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: `sandbox-${randomBytes(4).toString('hex')}`, alg: 'RS256', use: 'sig' };
  const web = new URL(webUrl);
  const loopback = isLoopbackHttp(web);

  const configuration: Configuration = {
    clients: [
      ...OPENID_CLIENTS.map((client) => ({
        client_id: client.clientName,
        client_secret: client.clientSecret,
        application_type: loopback ? 'native' : 'web',
        redirect_uris: [`${web.origin}${webCallbackPath(client.clientName)}`],
        post_logout_redirect_uris: [`${web.origin}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      })),
      ...[...SOCIAL_IDP_CLIENTS, ...OAUTH_IDP_CLIENTS].map((client) => ({
        client_id: client.clientId,
        ...(client.clientSecret ? { client_secret: client.clientSecret } : {}),
        application_type: loopback ? 'native' : 'web',
        redirect_uris: client.redirectPaths.map((path) => `${web.origin}${path}`),
        post_logout_redirect_uris: [`${web.origin}/`],
        ...idpClientFlows(client),
        token_endpoint_auth_method: client.clientSecret ? 'client_secret_basic' : 'none',
      })),
    ] as Configuration['clients'],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // PKCE is required of every code flow except the stand-ins that say otherwise (their real providers' web flows use none).
    pkce: { required: (_ctx, client) => !NO_PKCE_CLIENTS.has(client.clientId) },
    // The ID token carries the scopes' claims (email, name): the platform reads them there.
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `${IDP_PATH}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const user = IDP_USERS.find((candidate) => candidate.sub === sub);
      if (!user) return undefined;
      return {
        accountId: user.sub,
        claims: () => ({ sub: user.sub, email: user.email, email_verified: user.emailVerified, name: user.name }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in problem', `<h1>Sign-in problem</h1><p role="alert">${escapeHtml(String(out.error_description ?? out.error))}</p>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const clientName = String(details.params.client_id ?? '');
    if (req.method === 'GET' && !action) {
      if (details.prompt.name === 'login') return send(res, 200, loginPage(uid, clientName));
      return send(res, 200, consentPage(uid, clientName, String(details.params.scope ?? 'openid')));
    }
    if (req.method === 'POST' && action === 'login') {
      const form = new URLSearchParams(await readBody(req));
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const user = IDP_USERS.find((candidate) => candidate.email === email && candidate.password === (form.get('password') ?? ''));
      if (!user) return send(res, 200, loginPage(uid, clientName, 'Wrong email or password. Check them and try again.', email));
      await provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    if (req.method === 'POST' && action === 'confirm') {
      const accountId = details.session?.accountId;
      if (!accountId) throw new Error('no session');
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId: clientName }))
        : new provider.Grant({ accountId, clientId: clientName });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    if (req.method === 'POST' && action === 'abort') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in' }, { mergeWithLastSubmission: false });
      return;
    }
    send(res, 404, page('Not found', '<h1>Not found</h1>'));
  }

  return {
    issuer,
    handle(req, res) {
      const url = req.url ?? '/';
      const match = /^\/_oidc\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|confirm|abort))?\/?(?:\?.*)?$/.exec(url);
      if (match) {
        interaction(req, res, match[1]!, match[2]).catch(() => {
          if (!res.headersSent) send(res, 400, page('Sign-in expired', '<h1>Sign-in expired</h1><p role="alert">This sign-in page has expired. Go back to the app and start again.</p>'));
        });
        return;
      }
      // Mounted under /_oidc: the provider sees the path below the mount and finds the mount in originalUrl.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
      req.url = url.slice(IDP_PATH.length) || '/';
      callback(req, res);
    },
  };
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Stream ID</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f7;margin:0;padding:2rem 1rem;color:#1a1a2e}main{max-width:24rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
label{display:block;font-weight:600;margin:1rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #767689;border-radius:6px}
button{margin-top:1.25rem;width:100%;padding:.7rem;font-size:1rem;border:0;border-radius:6px;background:#3a2fbf;color:#fff;cursor:pointer}button.secondary{background:#fff;color:#3a2fbf;border:1px solid #3a2fbf;margin-top:.5rem}
button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}[role=alert]{color:#a4001d;font-weight:600}</style></head>
<body><main>${body}</main></body></html>`;
}

function loginPage(uid: string, clientName: string, error?: string, email = ''): string {
  return page(
    'Sign in',
    `<h1>Sign in to Stream ID</h1><p>${escapeHtml(clientName)} wants you to sign in.</p>
${error ? `<p role="alert" id="login-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${IDP_PATH}/interaction/${uid}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" ${error ? 'aria-describedby="login-error" autofocus' : 'autofocus'}>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>
<form method="post" action="${IDP_PATH}/interaction/${uid}/abort"><button type="submit" class="secondary">Cancel</button></form>`,
  );
}

function consentPage(uid: string, clientName: string, scope: string): string {
  const items = scope.split(' ').filter(Boolean).map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  return page(
    'Allow access',
    `<h1>Allow ${escapeHtml(clientName)}?</h1><p>${escapeHtml(clientName)} asks to see:</p><ul>${items}</ul>
<form method="post" action="${IDP_PATH}/interaction/${uid}/confirm"><button type="submit" autofocus>Allow</button></form>
<form method="post" action="${IDP_PATH}/interaction/${uid}/abort"><button type="submit" class="secondary">Cancel</button></form>`,
  );
}
