/**
 * The realm's Firebase provider as the realm settings list it (identity-and-routes.md §3 "Auth
 * provider", "Firebase provider config"). Owned by the Firebase work; read by `seed/realms.ts`.
 *
 * The project is a `demo-…` project: the Firebase Auth emulator serves it and nothing goes to
 * Google. `emulatorUrl` is set by {@link setFirebaseEmulatorUrl} when the sandbox starts the emulator
 * (its port is chosen at run time); the web app then connects the Firebase SDK to it.
 */
import type { AuthProvider } from '@stream/core/contracts';

/** The Firebase project of the sandbox (a `demo-` project: emulator only). */
export const FIREBASE_PROJECT_ID = 'demo-stream';
/** The Firebase web API key of the sandbox (any value works with the emulator). */
export const FIREBASE_API_KEY = 'demo-api-key';

/**
 * The realm entry: `name: 'FIREBASE'`, the Firebase web config (`apikey`, `authDomain`,
 * `projectId`, `storageBucket`, `messagingSenderId`, `appId`), the social providers Firebase
 * offers (`allowedProviders`, each with `name` and `display`), and `emulatorUrl` while the
 * sandbox's emulator runs.
 */
export const FIREBASE_REALM_ENTRY: AuthProvider & {
  apikey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  messagingSenderId: string;
  appId: string;
  allowedProviders: { name: string; display: boolean }[];
  emulatorUrl?: string;
} = {
  name: 'FIREBASE',
  displayName: 'Firebase',
  apikey: FIREBASE_API_KEY,
  authDomain: `${FIREBASE_PROJECT_ID}.firebaseapp.com`,
  projectId: FIREBASE_PROJECT_ID,
  storageBucket: `${FIREBASE_PROJECT_ID}.appspot.com`,
  messagingSenderId: '000000000000',
  appId: '1:000000000000:web:0000000000000000',
  allowedProviders: [
    { name: 'GOOGLE', display: true },
    { name: 'FACEBOOK', display: true },
  ],
};

/** The Firebase providers of the full realm (empty or one). */
export const FIREBASE_AUTH_PROVIDERS: readonly AuthProvider[] = [FIREBASE_REALM_ENTRY];

/**
 * Puts the running emulator's address (`http://127.0.0.1:<port>`) in the realm entry, or takes it
 * out (undefined). One process, one emulator address: a process that starts several sandboxes
 * shows the last one's in the realm settings (each sandbox still verifies tokens with its own).
 */
export function setFirebaseEmulatorUrl(url: string | undefined): void {
  if (url) FIREBASE_REALM_ENTRY.emulatorUrl = url;
  else delete FIREBASE_REALM_ENTRY.emulatorUrl;
}
