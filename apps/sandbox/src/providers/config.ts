/**
 * The realm's PBR, SPTV, OPIN and GIGYA providers as the realm settings list them
 * (identity-and-routes.md §3 "Auth provider"). Owned by that work; read by `seed/realms.ts`.
 */
import type { AuthProvider } from '@stream/core/contracts';

/** The id/secret, token and script providers of the full realm, in display order. */
export const CREDENTIAL_AUTH_PROVIDERS: readonly AuthProvider[] = [];
