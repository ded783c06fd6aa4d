/**
 * The web app's adapter of a GIGYA script (identity-and-routes.md §1 "other providers: GIGYA"):
 * loads the script the realm entry names (with `?apikey=`) on demand, once per address, and
 * turns GIGYA's callback API (`gigya.accounts.login`, then `gigya.accounts.getJWT`) into the
 * promise the core `gigyaSignIn` machine calls. Passwords and id tokens are never logged.
 */
import type { GigyaAccounts, GigyaScriptLoader } from '@stream/core/machines';

/** What GIGYA's callbacks answer (`errorCode` 0 on success). */
interface GigyaResponse {
  errorCode?: number;
  errorMessage?: string;
  statusCode?: number;
  id_token?: string;
}

/** The part of `window.gigya` the app uses. */
interface GigyaGlobal {
  accounts?: {
    login(params: { loginID: string; password: string; callback: (response: GigyaResponse) => void }): void;
    getJWT(params: { callback: (response: GigyaResponse) => void }): void;
  };
}

/** GIGYA error codes that mean "wrong login id or password" (invalid login id, invalid password, account disabled). */
const WRONG_CREDENTIALS = new Set([403042, 403047, 401030]);
/** GIGYA's "account temporarily locked out" (the sandbox stand-in answers it when throttled). */
const ACCOUNT_LOCKED_OUT = 403120;

/**
 * A GIGYA failure as an error in the platform's shape (`{ status, code, messages }`), so the
 * domain's `loginFailureMessage` maps it like any sign-in failure: a wrong login id or password →
 * `UNAUTHORIZED` (`invalidCredentials`); a locked-out account → 429 `TOO_MANY_ATTEMPTS`
 * (`tooManyAttempts`); anything else keeps GIGYA's HTTP status only (its
 * message is English, not a label key, so it is left out).
 */
export function gigyaFailure(response: GigyaResponse | null | undefined): { status: number | undefined; code?: string; messages: string[] } {
  const errorCode = typeof response?.errorCode === 'number' ? response.errorCode : undefined;
  if (errorCode !== undefined && WRONG_CREDENTIALS.has(errorCode)) return { status: 401, code: 'UNAUTHORIZED', messages: [] };
  // 403120 "Account temporarily locked out": the platform's throttling (docs/api.md "Throttling").
  if (errorCode === ACCOUNT_LOCKED_OUT) return { status: 429, code: 'TOO_MANY_ATTEMPTS', messages: ['tooManyAttempts'] };
  const status = typeof response?.statusCode === 'number' && response.statusCode >= 500 ? response.statusCode : undefined;
  return { status, messages: [] };
}

/** Wraps a loaded `window.gigya` as the machine's {@link GigyaAccounts}. */
export function gigyaAccountsOf(gigya: GigyaGlobal): GigyaAccounts {
  const accounts = gigya.accounts!;
  return {
    login: ({ loginID, password }) =>
      new Promise((resolve, reject) => {
        accounts.login({
          loginID,
          password,
          callback: (response) => {
            if (response?.errorCode !== 0) {
              reject(gigyaFailure(response));
              return;
            }
            accounts.getJWT({
              callback: (jwt) => {
                if (jwt?.errorCode === 0 && typeof jwt.id_token === 'string' && jwt.id_token !== '') resolve({ idToken: jwt.id_token });
                else reject(gigyaFailure(jwt));
              },
            });
          },
        });
      }),
  };
}

const loads = new Map<string, Promise<GigyaAccounts>>();

/**
 * Loads the GIGYA script at `scriptUrl` with `apiKey` (as GIGYA's `?apikey=` query) by adding a
 * `<script>` to the document, once per address (a failed load is forgotten so a retry loads
 * again). Resolves with the accounts API once `window.gigya.accounts` exists; rejects when the
 * script fails to load or defines no accounts API.
 */
export const gigyaScriptLoader: GigyaScriptLoader = {
  load({ scriptUrl, apiKey }) {
    const src = new URL(scriptUrl);
    src.searchParams.set('apikey', apiKey);
    const known = loads.get(src.href);
    if (known) return known;
    const loading = new Promise<GigyaAccounts>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src.href;
      script.async = true;
      script.onload = () => {
        const gigya = (window as unknown as { gigya?: GigyaGlobal }).gigya;
        if (gigya?.accounts) resolve(gigyaAccountsOf(gigya));
        else reject(new Error('The GIGYA script defined no accounts API'));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error('The GIGYA script did not load'));
      };
      document.head.append(script);
    });
    loading.catch(() => loads.delete(src.href));
    loads.set(src.href, loading);
    return loading;
  },
};
