/**
 * Runtime platform settings, read from `/config.json` at start so that one build serves any
 * environment (the start script overwrites `dist/config.json` from the environment).
 */
export interface AppConfig {
  /** Platform base URL, for example `http://127.0.0.1:8787`. */
  apiBaseUrl: string;
  /** Realm of the platform, for example `stream`. */
  realm: string;
  /** API key sent as `x-api-key`. */
  apiKey: string;
  /**
   * Base URL of the card processor the card form tokenises with (card numbers go there only).
   * Optional in `/config.json`: defaults to `<apiBaseUrl>/_processor`, the sandbox's processor.
   */
  processorBaseUrl: string;
}

/** The provider the login form signs in with (§3 "Provider kinds"); sent as `providerName`. */
export const SIGN_IN_PROVIDER = 'ID';

/** Raised when `/config.json` is missing or malformed; `message` is for the console, not users. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Fetches and checks `/config.json`. @throws ConfigError */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  let body: unknown;
  try {
    const response = await fetchImpl('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) throw new ConfigError(`/config.json answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`/config.json could not be read: ${String(error)}`);
  }
  const value = body as Partial<Record<keyof AppConfig, unknown>> | null;
  if (!value || !isNonEmptyString(value.apiBaseUrl) || !isNonEmptyString(value.realm) || !isNonEmptyString(value.apiKey)) {
    throw new ConfigError('/config.json must hold non-empty apiBaseUrl, realm and apiKey');
  }
  const apiBaseUrl = value.apiBaseUrl.replace(/\/+$/, '');
  const processorBaseUrl = isNonEmptyString(value.processorBaseUrl)
    ? value.processorBaseUrl.replace(/\/+$/, '')
    : `${apiBaseUrl}/_processor`;
  return { apiBaseUrl, realm: value.realm, apiKey: value.apiKey, processorBaseUrl };
}
