import type { IncomingMessage, ServerResponse } from 'node:http';
import { IDP_PATH } from './clients.js';
import { createOidcIdp, type OidcIdp } from './idp.js';

/** An authorisation the platform started (`auth-uri`) and keeps until its code comes back (`token`). */
export interface PendingAuthorisation {
  clientName: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  expiresAt: number;
}

/**
 * The OpenID side of a running sandbox: the provider (started once the server's address is
 * known) and the platform's pending authorisations by `state` (in memory, single use, 10 minutes).
 */
export interface OpenIdRuntime {
  /** The web app's base address (callbacks `<webUrl>/login/openid/<client>`). */
  readonly webUrl: string;
  /** The provider's issuer once started, else undefined (in-process apps without a server). */
  issuer(): string | undefined;
  /** Starts the provider at `<origin>/_oidc`. Idempotent. */
  start(origin: string): Promise<void>;
  /** True when `url` (a request path) belongs to the provider. */
  handles(url: string | undefined): boolean;
  /** Serves a provider request (503 until started). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Pending authorisations by state. */
  readonly pending: Map<string, PendingAuthorisation>;
}

/** How long the platform keeps an authorisation's verifier and nonce. */
export const PENDING_AUTHORISATION_TTL_MS = 10 * 60 * 1000;

/** Creates the runtime; `webUrl` is the web app's base address. */
export function createOpenIdRuntime(webUrl: string): OpenIdRuntime {
  let idp: OidcIdp | undefined;
  let starting: Promise<void> | undefined;
  return {
    webUrl: webUrl.replace(/\/+$/, ''),
    issuer: () => idp?.issuer,
    start(origin) {
      starting ??= createOidcIdp(`${origin.replace(/\/+$/, '')}${IDP_PATH}`, webUrl).then((created) => {
        idp = created;
      });
      return starting;
    },
    handles: (url) => url === IDP_PATH || (url ?? '').startsWith(`${IDP_PATH}/`),
    handle(req, res) {
      if (!idp) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The OpenID provider is starting');
        return;
      }
      idp.handle(req, res);
    },
    pending: new Map(),
  };
}
