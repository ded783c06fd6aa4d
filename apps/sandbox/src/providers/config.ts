/**
 * The realm's PBR, SPTV, OPIN and GIGYA providers as the realm settings list them
 * (identity-and-routes.md §3 "Auth provider"), and the stand-ins' seeded identities
 * (docs/sandbox.md "PBR, SPTV, OPIN and GIGYA"). Owned by that work; read by `seed/realms.ts`.
 */
import type { AuthProvider } from '@stream/core/contracts';

/** The kinds of provider accounts the stand-ins keep. */
export type CredentialProviderKind = 'PBR' | 'SPTV' | 'OPIN' | 'GIGYA';

/** Every stand-in kind, in display order. */
export const CREDENTIAL_PROVIDER_KINDS: readonly CredentialProviderKind[] = ['PBR', 'SPTV', 'OPIN', 'GIGYA'];

/** Where the stand-in OPIN portal answers, on the sandbox's own origin. */
export const OPIN_PORTAL_PATH = '/_opin';

/** Where the stand-in GIGYA service answers (the script and its accounts API), on the sandbox's own origin. */
export const GIGYA_SERVICE_PATH = '/_gigya';

/** The GIGYA stand-in's script, as the realm entry's `scriptUrl` gives it (a path on the platform). */
export const GIGYA_SCRIPT_PATH = `${GIGYA_SERVICE_PATH}/gigya.js`;

/** The api key of the realm's GIGYA site (the realm entry's `apiKey`); the stand-in refuses any other. */
export const GIGYA_API_KEY = 'sandbox-gigya-api-key';

/** `iss` of the id tokens the GIGYA stand-in signs; the platform accepts no other. */
export const GIGYA_ISSUER = 'https://gigya.sandbox.invalid';

/** How long an id token of the GIGYA stand-in is good for, in seconds. */
export const GIGYA_ID_TOKEN_TTL_S = 300;

/** How long a token of the OPIN portal is good for (single use), in milliseconds. */
export const OPIN_TOKEN_TTL_MS = 2 * 60 * 1000;

/**
 * The id/secret, token and script providers of the full realm, in display order. Addresses are
 * paths on the platform (the web app resolves them against its API base URL): OPIN's `baseUri`
 * is the stand-in portal, GIGYA's `scriptUrl` the stand-in script.
 */
export const CREDENTIAL_AUTH_PROVIDERS: readonly AuthProvider[] = [
  { name: 'PBR', displayName: 'PBR account' },
  { name: 'SPTV', displayName: 'SPTV account' },
  { name: 'OPIN', displayName: 'OPIN', baseUri: OPIN_PORTAL_PATH },
  { name: 'GIGYA', displayName: 'Gigya', scriptUrl: GIGYA_SCRIPT_PATH, apiKey: GIGYA_API_KEY },
];

/** A seeded identity of a stand-in provider. */
export interface ProviderIdentitySeed {
  provider: CredentialProviderKind;
  /** The id the person signs in with (PBR, SPTV: an account id; OPIN, GIGYA: an email). */
  id: string;
  secret: string;
  name: string;
}

/** The stand-ins' demo identities (printed in docs/sandbox.md); created on first use of a provider route. */
export const PROVIDER_IDENTITY_SEEDS: readonly ProviderIdentitySeed[] = [
  { provider: 'PBR', id: 'pbr.demo', secret: 'pbr-password', name: 'PBR Demo Viewer' },
  { provider: 'SPTV', id: 'sptv.demo', secret: 'sptv-password', name: 'SPTV Demo Viewer' },
  { provider: 'OPIN', id: 'opin.demo@opin.test', secret: 'opin-password', name: 'OPIN Demo Viewer' },
  { provider: 'GIGYA', id: 'gigya.demo@gigya.test', secret: 'gigya-password', name: 'Gigya Demo Viewer' },
];
