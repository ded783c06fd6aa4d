import type { AuthProvider } from '@stream/core/contracts';
import type { SocialProviderKey } from '@stream/core/domain';
import type { SocialAdapterResult, SocialAuthRequest, SocialProviderAdapter } from '@stream/core/machines';
import type { Navigation } from '@stream/core/platform';

/**
 * The provider adapters of Apple, Google and Facebook sign-in (identity-and-routes.md §4 "Social
 * sign-in"), chosen by the realm entry's run-time configuration (`sdk`, `clientId`, `issuer`,
 * `scope`; apps/sandbox/src/social/config.ts): `standin` does a real authorisation round trip to
 * the sandbox's OpenID provider; `apple-js`, `google-gis` and `facebook-sdk` load the real SDK
 * (Sign in with Apple JS, Google Identity Services, the Facebook SDK v10.0 with scope
 * `public_profile,email`) on demand, the first time the viewer presses the button.
 * Credentials are never logged and never put in an address by these adapters.
 */

/** What the adapters need from the page. */
export interface AdapterServices {
  /** The platform's base address: a relative `issuer` is resolved against it. */
  apiBaseUrl: string;
  navigation: Navigation;
  /** The fetch used for the stand-in's discovery document. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/** The realm entry's adapter configuration. */
interface AdapterConfig {
  sdk: string;
  clientId: string;
  issuer: string;
  scope: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function configOf(entry: AuthProvider): AdapterConfig {
  return { sdk: text(entry.sdk) || 'standin', clientId: text(entry.clientId), issuer: text(entry.issuer), scope: text(entry.scope) || 'openid email profile' };
}

/**
 * The adapter of `provider` for its realm entry `entry`: the stand-in, or the provider's real SDK
 * when `entry.sdk` names it. An entry without a `clientId` (or an unknown `sdk`) gets an adapter
 * whose `start` rejects, so the page shows that the sign-in failed.
 */
export function socialAdapterFor(provider: SocialProviderKey, entry: AuthProvider, services: AdapterServices): SocialProviderAdapter {
  const config = configOf(entry);
  if (!config.clientId) return failing('The realm gives this provider no clientId');
  switch (config.sdk) {
    case 'standin':
      return standInAdapter(provider, config, services);
    case 'apple-js':
      return provider === 'apple' ? appleJsAdapter(config) : failing('apple-js is for Apple');
    case 'google-gis':
      return provider === 'google' ? googleIdentityAdapter(config) : failing('google-gis is for Google');
    case 'facebook-sdk':
      return provider === 'facebook' ? facebookSdkAdapter(config) : failing('facebook-sdk is for Facebook');
    default:
      return failing(`Unknown sdk ${config.sdk}`);
  }
}

function failing(reason: string): SocialProviderAdapter {
  return { start: () => Promise.reject(new Error(reason)) };
}

/**
 * The stand-in: reads the sandbox provider's discovery document and sends the browser to its
 * authorisation endpoint with the page's `state` and `nonce`. Google asks for an `id_token`
 * (answered in the fragment, as Google Identity Services hands the page an ID token); Apple and
 * Facebook ask for a `code` (the platform exchanges it).
 */
function standInAdapter(provider: SocialProviderKey, config: AdapterConfig, services: AdapterServices): SocialProviderAdapter {
  return {
    async start(request: SocialAuthRequest): Promise<SocialAdapterResult> {
      const issuer = config.issuer.startsWith('/') ? `${services.apiBaseUrl}${config.issuer}` : config.issuer;
      const response = await (services.fetch ?? globalThis.fetch)(`${issuer}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`The provider's discovery answered ${response.status}`);
      const discovery = (await response.json()) as { authorization_endpoint?: unknown };
      const url = new URL(text(discovery.authorization_endpoint));
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('redirect_uri', request.redirectUri);
      url.searchParams.set('response_type', provider === 'google' ? 'id_token' : 'code');
      url.searchParams.set('scope', config.scope);
      url.searchParams.set('state', request.state);
      if (provider !== 'facebook') url.searchParams.set('nonce', request.nonce);
      if (request.flow === 'SIGNUP') url.searchParams.set('prompt', 'login');
      services.navigation.assign(url.toString());
      return { kind: 'redirecting' };
    },
  };
}

/** Loaded SDK scripts by address: each loads once per page. */
const scripts = new Map<string, Promise<void>>();

/** Loads the script at `src` once (a `<script async>` in the head); rejects when it fails to load. */
export function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/** The globals the real SDKs define (only what the adapters use). */
interface SdkWindow {
  AppleID?: {
    auth: {
      init(options: { clientId: string; scope: string; redirectURI: string; state: string; nonce: string; usePopup: boolean }): void;
      signIn(): Promise<{ authorization: { code: string; id_token?: string; state?: string } }>;
    };
  };
  google?: {
    accounts: {
      id: {
        initialize(options: { client_id: string; nonce: string; callback(response: { credential?: string }): void; cancel_on_tap_outside?: boolean }): void;
        prompt(listener?: (notification: { isNotDisplayed(): boolean; isSkippedMoment(): boolean }) => void): void;
      };
    };
  };
  FB?: {
    init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
    login(callback: (response: { authResponse?: { signedRequest?: string } | null }) => void, options: { scope: string }): void;
  };
}

const sdkWindow = () => window as unknown as SdkWindow;

/** Sign in with Apple JS in a popup: the code, with the page's nonce and redirect address. */
function appleJsAdapter(config: AdapterConfig): SocialProviderAdapter {
  return {
    async start(request) {
      await loadScript('https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js');
      const apple = sdkWindow().AppleID;
      if (!apple) throw new Error('Sign in with Apple JS did not load');
      apple.auth.init({ clientId: config.clientId, scope: 'name email', redirectURI: request.redirectUri, state: request.state, nonce: request.nonce, usePopup: true });
      const answer = await apple.auth.signIn();
      if (answer.authorization.state !== request.state) throw new Error('Apple answered another state');
      return { kind: 'credential', credential: { code: answer.authorization.code, nonce: request.nonce, redirectUri: request.redirectUri } };
    },
  };
}

/** Google Identity Services: the ID token its prompt hands the page (with the page's nonce inside). */
function googleIdentityAdapter(config: AdapterConfig): SocialProviderAdapter {
  return {
    async start(request) {
      await loadScript('https://accounts.google.com/gsi/client');
      const gis = sdkWindow().google?.accounts.id;
      if (!gis) throw new Error('Google Identity Services did not load');
      const idToken = await new Promise<string>((resolve, reject) => {
        gis.initialize({
          client_id: config.clientId,
          nonce: request.nonce,
          cancel_on_tap_outside: true,
          callback: (response) => (response.credential ? resolve(response.credential) : reject(new Error('Google gave no credential'))),
        });
        gis.prompt((notification) => {
          if (notification.isNotDisplayed() || notification.isSkippedMoment()) reject(new Error('The Google prompt was not shown or was dismissed'));
        });
      });
      return { kind: 'credential', credential: { idToken, nonce: request.nonce } };
    },
  };
}

/**
 * The Facebook SDK v10.0 with scope `public_profile,email`: the authorisation code is inside the
 * signed request of the login answer (exchanged by the platform without a redirect address).
 */
function facebookSdkAdapter(config: AdapterConfig): SocialProviderAdapter {
  return {
    async start() {
      await loadScript('https://connect.facebook.net/en_US/sdk.js');
      const fb = sdkWindow().FB;
      if (!fb) throw new Error('The Facebook SDK did not load');
      fb.init({ appId: config.clientId, version: 'v10.0', cookie: false, xfbml: false });
      const signedRequest = await new Promise<string>((resolve, reject) => {
        fb.login((response) => {
          const value = response.authResponse?.signedRequest;
          if (value) resolve(value);
          else reject(new Error('Facebook sign-in was cancelled'));
        }, { scope: 'public_profile,email' });
      });
      const code = facebookCodeOf(signedRequest);
      if (!code) throw new Error('The Facebook answer holds no code');
      return { kind: 'credential', credential: { code } };
    },
  };
}

/** The `code` of a Facebook signed request (`<signature>.<base64url JSON payload>`), else null. */
export function facebookCodeOf(signedRequest: string): string | null {
  try {
    const payload = signedRequest.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { code?: unknown };
    return typeof json.code === 'string' && json.code !== '' ? json.code : null;
  } catch {
    return null;
  }
}
