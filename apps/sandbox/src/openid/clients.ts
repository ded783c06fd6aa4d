/**
 * The realm's OpenID Connect clients and the sandbox OpenID provider's own users (docs/sandbox.md
 * "OpenID Connect"). The provider and the platform side read the same list.
 */

/** One OpenID Connect client of the realm (identity-and-routes.md §3 "Auth provider", kind OPENID_CONNECT). */
export interface OpenIdClientConfig {
  /** `clientName` of the realm's auth provider and of the `/openid/{client}` calls; also the provider's `client_id`. */
  clientName: string;
  /** The confidential client's secret at the provider (`client_secret_basic`). */
  clientSecret: string;
  /** Button text of the login page. */
  displayName: string;
}

/** The realm's OpenID Connect clients. */
export const OPENID_CLIENTS: readonly OpenIdClientConfig[] = [
  { clientName: 'stream-idp', clientSecret: 'stream-idp-sandbox-secret', displayName: 'Stream ID (OpenID)' },
];

/**
 * Another client of the sandbox OpenID provider, beyond the realm's OpenID Connect clients: the
 * Apple, Google and Facebook stand-ins (`social/config.ts`) and the generic external OAuth
 * providers (`oauth/config.ts`) declare theirs, and `idp.ts` registers them all.
 */
export interface IdpClientConfig {
  clientId: string;
  /** The secret of a confidential client (`client_secret_basic`); absent for a public client (`none`, PKCE). */
  clientSecret?: string;
  /** Web app paths the provider may send the browser back to (`/login/google`…), on the web app's origin. */
  redirectPaths: readonly string[];
  /**
   * What the authorisation answers: `code` (the default; exchanged at the token endpoint) or
   * `id_token` (the implicit answer in the fragment, as Google Identity Services gives the browser
   * an ID token; a nonce is required).
   */
  responseTypes?: readonly ('code' | 'id_token')[];
  /**
   * Whether the code flow requires PKCE (S256). @default true. The Apple and Facebook stand-ins
   * turn it off: their platform-side exchange is a confidential client's, as with the real ones.
   */
  pkce?: boolean;
}

/** A user of the sandbox OpenID provider (not a platform account: the platform creates or links one at first sign-in). */
export interface IdpUser {
  /** The provider's stable subject (`sub`). */
  sub: string;
  email: string;
  password: string;
  name: string;
  /** The provider vouches for the address (`email_verified`); only then may the platform link by email. */
  emailVerified: boolean;
}

const idpUsers: IdpUser[] = [
  { sub: 'idp-user-1', email: 'oidc.user@idp.test', password: 'idp-password', name: 'OIDC User', emailVerified: true },
  { sub: 'idp-user-2', email: 'oidc.second@idp.test', password: 'idp-password', name: 'Second OIDC User', emailVerified: true },
  { sub: 'idp-social-1', email: 'social.user@idp.test', password: 'idp-password', name: 'Social User', emailVerified: true },
];

/** The sandbox OpenID provider's users (the seeded ones plus those added with {@link addIdpUser}). */
export const IDP_USERS: readonly IdpUser[] = idpUsers;

/**
 * Adds a user to the sandbox OpenID provider (for tests: `POST /_sandbox/social/idp-users`), or
 * answers the existing one with that email. Lives as long as the process.
 */
export function addIdpUser(user: { email: string; password: string; name: string }): IdpUser {
  const email = user.email.trim().toLowerCase();
  const existing = idpUsers.find((candidate) => candidate.email === email);
  if (existing) return existing;
  const added: IdpUser = { sub: `idp-added-${idpUsers.length + 1}-${Date.now().toString(36)}`, email, password: user.password, name: user.name, emailVerified: true };
  idpUsers.push(added);
  return added;
}

/** The path the provider answers under, on the sandbox's own origin. */
export const IDP_PATH = '/_oidc';

/** The web app's OpenID callback page of `clientName`. */
export function webCallbackPath(clientName: string): string {
  return `/login/openid/${encodeURIComponent(clientName)}`;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True for `http://127.0.0.1|localhost|[::1]:<port>` origins (RFC 8252 §7.3: any port matches). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}
