/**
 * The sandbox's realms and their page-wide sign-in settings (docs/sandbox.md "Realms"): the code
 * is the source of truth; each start upserts the realms and their self-registration flag.
 *
 * - `stream` (the web app's default): every sign-in provider, self-registration on, magic link on,
 *   campaign tags on its sign-in links (issue 18), the default member-area word.
 * - `stream-single`: one external provider only (the OpenID Connect client), no magic link, so the
 *   login page sends a guest straight to it (identity-and-routes.md §2).
 * - `stream-closed`: ID only, self-registration off (no sign-up link; `POST /user` answers 403),
 *   with a request-access address instead, and its own member-area word (`Inner Circle`).
 * - `stream-tv`: ID and a mandatory TV provider: the login page sends a guest to the TV provider page.
 * - `stream-captcha`: ID only, with the captcha on for sign-up and payment (issue 18 "Captcha":
 *   the stand-in of `providers/captcha.ts`).
 *
 * Accounts, licences and the catalogue are shared by every realm (a sandbox simplification).
 * Implements identity-and-routes.md §3 "Auth provider", §6 (self-registration).
 */
import type { AuthProvider, RealmSettings } from '@stream/core/contracts';
import { ADOBE_AUTH_PROVIDERS } from '../adobe/config.js';
import { FIREBASE_AUTH_PROVIDERS } from '../firebase/config.js';
import { OAUTH_AUTH_PROVIDERS } from '../oauth/config.js';
import { OPENID_CLIENTS } from '../openid/clients.js';
import { SANDBOX_CAPTCHA } from '../providers/captcha.js';
import { CREDENTIAL_AUTH_PROVIDERS } from '../providers/config.js';
import { SOCIAL_AUTH_PROVIDERS } from '../social/config.js';

/** One seeded realm: its name and API key (what the `Realm` and `x-api-key` headers carry) and its settings. */
export interface SeedRealm {
  name: string;
  apiKey: string;
  defaultLocale: string;
  settings: RealmSettings;
}

const OPENID_AUTH_PROVIDERS: AuthProvider[] = OPENID_CLIENTS.map((client) => ({
  name: 'OPENID_CONNECT',
  clientName: client.clientName,
  displayName: client.displayName,
}));

/** The web app's default realm: every provider. */
export const FULL_REALM: SeedRealm = {
  name: 'stream',
  apiKey: 'sandbox-api-key',
  defaultLocale: 'en',
  settings: {
    selfRegistration: true,
    magicLink: true,
    authProviders: [
      { name: 'ID' },
      ...SOCIAL_AUTH_PROVIDERS,
      ...OPENID_AUTH_PROVIDERS,
      ...OAUTH_AUTH_PROVIDERS,
      ...FIREBASE_AUTH_PROVIDERS,
      ...CREDENTIAL_AUTH_PROVIDERS,
      ...ADOBE_AUTH_PROVIDERS,
    ],
    // Issue 18: this realm's campaign tags (identity §9); no other seeded realm has any.
    campaignTags: {
      login: { utm_source: 'stream-web', utm_campaign: 'login' },
      signup: { utm_source: 'stream-web', utm_campaign: 'signup' },
      purchase: { utm_source: 'stream-web', utm_campaign: 'purchase' },
      signin_to_watch: { utm_source: 'stream-web', utm_campaign: 'signin-to-watch' },
    },
  },
};

/** A realm whose only way to sign in is one external provider (the direct redirect of §2). */
export const SINGLE_PROVIDER_REALM: SeedRealm = {
  name: 'stream-single',
  apiKey: 'sandbox-api-key-single',
  defaultLocale: 'en',
  settings: { selfRegistration: true, magicLink: false, authProviders: OPENID_AUTH_PROVIDERS.slice(0, 1) },
};

/** A realm with self-registration off: ID sign-in only, and a request-access address. */
export const CLOSED_REALM: SeedRealm = {
  name: 'stream-closed',
  apiKey: 'sandbox-api-key-closed',
  defaultLocale: 'en',
  settings: {
    selfRegistration: false,
    magicLink: false,
    authProviders: [{ name: 'ID' }],
    requestAccessUri: 'https://example.com/stream/request-access',
    memberAreaWord: 'Inner Circle',
  },
};

/** A realm whose TV provider is mandatory (§6 "A provider's mandatory flag forces Adobe sign-in"). */
export const MANDATORY_TV_REALM: SeedRealm = {
  name: 'stream-tv',
  apiKey: 'sandbox-api-key-tv',
  defaultLocale: 'en',
  settings: {
    selfRegistration: true,
    magicLink: false,
    authProviders: [{ name: 'ID' }, ...ADOBE_AUTH_PROVIDERS.filter((provider) => provider.name === 'ADOBE_DCR').map((provider) => ({ ...provider, mandatory: true }))],
  },
};

/** A realm whose sign-up and payment need a solved captcha (issue 18; commerce §8 `CAPTCHA_FAIL_ERROR`). */
export const CAPTCHA_REALM: SeedRealm = {
  name: 'stream-captcha',
  apiKey: 'sandbox-api-key-captcha',
  defaultLocale: 'en',
  settings: { selfRegistration: true, magicLink: false, authProviders: [{ name: 'ID' }], captcha: SANDBOX_CAPTCHA },
};

/** Every seeded realm. */
export const SEED_REALMS: readonly SeedRealm[] = [FULL_REALM, SINGLE_PROVIDER_REALM, CLOSED_REALM, MANDATORY_TV_REALM, CAPTCHA_REALM];

/**
 * The sign-in settings of realm `name` (`GET /api/v2/realm/settings`); a realm created outside
 * the seed (tests) gets the full realm's providers with its own self-registration flag.
 */
export function realmSettingsFor(name: string, allowSignUp: boolean): RealmSettings {
  const seeded = SEED_REALMS.find((realm) => realm.name === name);
  if (seeded) return { ...seeded.settings, selfRegistration: allowSignUp };
  return { ...FULL_REALM.settings, selfRegistration: allowSignUp };
}

/** Whether realm `name`'s settings list a provider of kind `kind` (and `clientName`, when given). */
export function realmHasProvider(name: string, kind: string, clientName?: string): boolean {
  return realmSettingsFor(name, true).authProviders.some(
    (provider) => provider.name === kind && (clientName === undefined || provider.clientName === clientName),
  );
}
