/**
 * The realm's Firebase provider as the realm settings list it (identity-and-routes.md §3 "Auth
 * provider", "Firebase provider config"). Owned by the Firebase work; read by `seed/realms.ts`.
 */
import type { AuthProvider } from '@stream/core/contracts';

/** The Firebase providers of the full realm (empty or one). */
export const FIREBASE_AUTH_PROVIDERS: readonly AuthProvider[] = [];
