import type { AuthProvider } from '@stream/core/contracts';

/** The Firebase web config the realm entry carries (identity-and-routes.md §3 "Firebase provider config"). */
export interface FirebaseWebConfig {
  apikey: string;
  authDomain: string;
  projectId: string;
  storageBucket?: string;
  messagingSenderId?: string;
  appId?: string;
  /** The Firebase Auth emulator to connect to (the sandbox's), when set. */
  emulatorUrl?: string;
  /** reCAPTCHA v3 site key of Firebase App Check, when the realm runs it. */
  appCheckSiteKey?: string;
  /** The social providers Firebase offers, in order (`allowedProviders` with `display: true`). */
  socialProviders: string[];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * The Firebase web config of a realm's `FIREBASE` entry, or null when the entry lacks `apikey`,
 * `authDomain` or `projectId`, or names a `demo-` project (emulator only) without `emulatorUrl`:
 * such a provider cannot sign anyone in. Never throws.
 */
export function firebaseWebConfig(entry: AuthProvider | undefined): FirebaseWebConfig | null {
  if (!entry) return null;
  const apikey = text(entry.apikey);
  const authDomain = text(entry.authDomain);
  const projectId = text(entry.projectId);
  const emulatorUrl = text(entry.emulatorUrl);
  if (!apikey || !authDomain || !projectId) return null;
  if (projectId.startsWith('demo-') && !emulatorUrl) return null;
  const allowed = Array.isArray(entry.allowedProviders) ? (entry.allowedProviders as unknown[]) : [];
  const socialProviders = allowed
    .filter((p): p is { name: string; display?: unknown } => typeof p === 'object' && p !== null && typeof (p as { name?: unknown }).name === 'string')
    .filter((p) => p.display !== false)
    .map((p) => p.name.toUpperCase());
  const optional = (key: string) => text(entry[key]);
  const config: FirebaseWebConfig = { apikey, authDomain, projectId, socialProviders };
  for (const key of ['storageBucket', 'messagingSenderId', 'appId', 'emulatorUrl', 'appCheckSiteKey'] as const) {
    const value = optional(key);
    if (value) config[key] = value;
  }
  return config;
}
