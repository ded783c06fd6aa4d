/**
 * The sign-in script rule: a provider that signs in through a script of its own (GIGYA now, the
 * TV-operator sign-in of Adobe later) needs both the script's address and an api key.
 * Implements identity-and-routes.md §5 "A TV sign-in script needs both a script URL and an api
 * key, otherwise the error is missing scriptUrl or apiKey".
 */

/** The spec's error text (§5), for logs and developer-facing messages. */
export const SIGN_IN_SCRIPT_CONFIG_ERROR = 'missing scriptUrl or apiKey';

/** The label key shown to the viewer when the script rule fails (the spec's error, named as a key). */
export const SIGN_IN_SCRIPT_CONFIG_ERROR_KEY = 'missingScriptUrlOrApiKey';

/** What a realm entry gives for a sign-in script (extra fields of §3 "Auth provider"). */
export interface SignInScriptSettings {
  scriptUrl?: unknown;
  apiKey?: unknown;
}

/** Result of {@link signInScriptConfig}. */
export type SignInScriptConfig =
  | { ok: true; scriptUrl: string; apiKey: string }
  | { ok: false; error: typeof SIGN_IN_SCRIPT_CONFIG_ERROR_KEY; message: typeof SIGN_IN_SCRIPT_CONFIG_ERROR };

/** Longest accepted api key, in characters. */
const API_KEY_MAX_LENGTH = 512;

/**
 * Checks a sign-in script's settings (§5).
 *
 * - `settings.scriptUrl`: an absolute http(s) URL, or a path (`/…`, not `//…`) resolved against
 *   `options.base` (the platform's address: a platform may serve the script itself). Any other
 *   value (missing, empty, `javascript:`, a path without a base, not a string) counts as missing.
 * - `settings.apiKey`: a non-empty string (trimmed) of at most 512 characters without white space
 *   or control characters inside; anything else counts as missing.
 * - Both present → `{ ok: true, scriptUrl (absolute), apiKey (trimmed) }`; otherwise
 *   `{ ok: false, error: 'missingScriptUrlOrApiKey', message: 'missing scriptUrl or apiKey' }`.
 *
 * Never throws.
 */
export function signInScriptConfig(settings: SignInScriptSettings | null | undefined, options: { base?: string | null } = {}): SignInScriptConfig {
  const source = settings !== null && typeof settings === 'object' ? settings : {};
  const scriptUrl = absoluteHttpUrl(source.scriptUrl, options?.base);
  const apiKey = typeof source.apiKey === 'string' ? source.apiKey.trim() : '';
  const keyOk = apiKey !== '' && apiKey.length <= API_KEY_MAX_LENGTH && !/[\s\u0000-\u001f\u007f]/.test(apiKey);
  if (scriptUrl === null || !keyOk) {
    return { ok: false, error: SIGN_IN_SCRIPT_CONFIG_ERROR_KEY, message: SIGN_IN_SCRIPT_CONFIG_ERROR };
  }
  return { ok: true, scriptUrl, apiKey };
}

/**
 * `value` as an absolute http(s) URL: itself when absolute, resolved against `base` when it is a
 * path starting with a single `/`; null otherwise (or when `base` is not http(s)). Never throws.
 */
export function absoluteHttpUrl(value: unknown, base?: string | null): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '' || /[\s\u0000-\u001f\u007f\\]/.test(text)) return null;
  try {
    if (text.startsWith('/')) {
      if (text.startsWith('//') || typeof base !== 'string') return null;
      const baseUrl = new URL(base);
      if (baseUrl.protocol !== 'https:' && baseUrl.protocol !== 'http:') return null;
      return new URL(`${baseUrl.origin}${baseUrl.pathname.replace(/\/+$/, '')}${text}`).toString();
    }
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
