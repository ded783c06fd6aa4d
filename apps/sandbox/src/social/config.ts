/**
 * The realm's social sign-in providers (Apple, Google, Facebook) as the realm settings list them
 * (identity-and-routes.md §3 "Auth provider"), and their stand-ins at the sandbox OpenID provider.
 * Owned by the social sign-in work; read by `seed/realms.ts`, `openid/idp.ts` and `routes/social.ts`.
 *
 * Each realm entry carries the web app's run-time configuration of the provider's adapter (extra
 * fields pass through the realm settings' loose schema): `sdk` picks the adapter — `standin` (a
 * real OpenID round trip to the sandbox provider at `issuer`, a path relative to the platform's
 * address) or the real SDK (`apple-js`, `google-gis`, `facebook-sdk`) — and `clientId` is the
 * provider's client id (Apple's service id, Google's OAuth client id, Facebook's app id).
 */
import type { AuthProvider } from '@stream/core/contracts';
import { IDP_PATH, type IdpClientConfig } from '../openid/clients.js';

/** A social provider kind of §3. */
export type SocialKind = 'APPLE_ID' | 'GOOGLE' | 'FACEBOOK';

/** One stand-in: the provider kind, its sub-route and its client at the sandbox OpenID provider. */
export interface SocialStandIn {
  kind: SocialKind;
  /** The login sub-route segment (`/login/<route>`, §2). */
  route: 'apple' | 'google' | 'facebook';
  displayName: string;
  client: IdpClientConfig & { clientSecret?: string };
}

/** The stand-ins, in display order. */
export const SOCIAL_STAND_INS: readonly SocialStandIn[] = [
  {
    kind: 'APPLE_ID',
    route: 'apple',
    displayName: 'Apple',
    // Sign in with Apple: a code (with the page's nonce in its ID token) exchanged by the platform as a confidential client.
    client: { clientId: 'apple-standin', clientSecret: 'apple-standin-sandbox-secret', redirectPaths: ['/login/apple'], responseTypes: ['code'], pkce: false },
  },
  {
    kind: 'GOOGLE',
    route: 'google',
    displayName: 'Google',
    // Google Identity Services gives the browser an ID token: the implicit answer of a public client.
    client: { clientId: 'google-standin', redirectPaths: ['/login/google'], responseTypes: ['id_token'] },
  },
  {
    kind: 'FACEBOOK',
    route: 'facebook',
    displayName: 'Facebook',
    // Facebook: a code exchanged by the platform with the app secret.
    client: { clientId: 'facebook-standin', clientSecret: 'facebook-standin-sandbox-secret', redirectPaths: ['/login/facebook'], responseTypes: ['code'], pkce: false },
  },
];

/** The social providers of the full realm, in display order, with their adapters' run-time configuration. */
export const SOCIAL_AUTH_PROVIDERS: readonly AuthProvider[] = SOCIAL_STAND_INS.map((standIn) => ({
  name: standIn.kind,
  displayName: standIn.displayName,
  sdk: 'standin',
  clientId: standIn.client.clientId,
  issuer: IDP_PATH,
  scope: 'openid email profile',
}));

/** Their clients at the sandbox OpenID provider (`openid/idp.ts` registers them). */
export const SOCIAL_IDP_CLIENTS: readonly IdpClientConfig[] = SOCIAL_STAND_INS.map((standIn) => standIn.client);

/** The stand-in of a provider kind. */
export function standInOf(kind: SocialKind): SocialStandIn {
  return SOCIAL_STAND_INS.find((standIn) => standIn.kind === kind)!;
}
