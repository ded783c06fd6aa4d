/**
 * The Firebase SDK adapter (firebase 12, modular): core's `FirebaseAuthPort` over Firebase Auth,
 * connected to the Auth emulator when the realm entry names one. Loaded by dynamic import on the
 * firebase sub-route only. Tokens are handed to the machine, never logged or put in a URL.
 */
import { getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  FacebookAuthProvider,
  fetchSignInMethodsForEmail,
  getRedirectResult,
  GoogleAuthProvider,
  initializeAuth,
  OAuthProvider,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  type Auth,
  type AuthProvider,
  type User,
} from 'firebase/auth';
import type { FirebaseAuthPort, FirebaseCredentials, FirebaseSocialProvider } from '@stream/core/machines';
import type { FirebaseWebConfig } from './config';

const APP_NAME = 'stream';
let instance: { key: string; app: FirebaseApp; auth: Auth } | undefined;

/** One Firebase app and Auth per page load and config (initializeAuth may run once per app). */
function authFor(config: FirebaseWebConfig): { app: FirebaseApp; auth: Auth } {
  const key = JSON.stringify(config);
  if (instance?.key === key) return instance;
  const name = instance ? `${APP_NAME}-${getApps().length}` : APP_NAME;
  const app = initializeApp(
    {
      apiKey: config.apikey,
      authDomain: config.authDomain,
      projectId: config.projectId,
      ...(config.storageBucket ? { storageBucket: config.storageBucket } : {}),
      ...(config.messagingSenderId ? { messagingSenderId: config.messagingSenderId } : {}),
      ...(config.appId ? { appId: config.appId } : {}),
    },
    name,
  );
  // Session persistence: a redirect sign-in finds its result when the page comes back.
  const auth = initializeAuth(app, { persistence: browserSessionPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  instance = { key, app, auth };
  return instance;
}

function providerFor(kind: FirebaseSocialProvider): AuthProvider {
  switch (kind) {
    case 'GOOGLE':
      return new GoogleAuthProvider();
    case 'FACEBOOK': {
      const facebook = new FacebookAuthProvider();
      facebook.addScope('email');
      return facebook;
    }
    case 'APPLE_ID':
      return new OAuthProvider('apple.com');
  }
}

/**
 * Against the emulator, popup and redirect sign-in need Google's `gapi.iframes`, which an offline
 * sandbox cannot load: the sandbox's relay serves a stand-in (one script for the page and for the
 * emulator's helper iframe). Loaded once, before the first popup or redirect.
 */
function loadEmulatorGapi(emulatorUrl: string): Promise<void> {
  const w = window as unknown as { gapi?: { iframes?: { Iframe?: unknown } } };
  if (w.gapi?.iframes?.Iframe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${emulatorUrl.replace(/\/+$/, '')}/__stream/gapi-iframes.js`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(Object.assign(new Error('The Firebase emulator relay did not answer'), { code: 'auth/network-request-failed' }));
    document.head.appendChild(script);
  });
}

async function credentialsOf(user: User): Promise<FirebaseCredentials> {
  return { idToken: await user.getIdToken(), refreshToken: user.refreshToken };
}

/**
 * Builds the port for `config`. Errors are the SDK's (`{ code: 'auth/…' }`); an
 * `auth/account-exists-with-different-credential` error gets `signInMethods` (the email's
 * methods, from `fetchSignInMethodsForEmail`) so the message can name the provider to use.
 */
export async function createFirebaseAuthPort(config: FirebaseWebConfig): Promise<FirebaseAuthPort> {
  const { app, auth } = authFor(config);
  let gapiReady: Promise<void> | undefined;
  /** The gapi stand-in first when on the emulator (a failed load is tried again next time). */
  const gapi = () => {
    if (!config.emulatorUrl) return Promise.resolve();
    gapiReady ??= loadEmulatorGapi(config.emulatorUrl).catch((error: unknown) => {
      gapiReady = undefined;
      throw error;
    });
    return gapiReady;
  };
  // Loaded up front: the popup then opens straight from the click.
  await gapi().catch(() => undefined);

  async function withMethods<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      // The code only: never a token or a credential.
      console.warn('[firebase] sign-in failed', typeof code === 'string' ? code : 'unknown');
      const email = (error as { customData?: { email?: unknown } })?.customData?.email;
      if (code === 'auth/account-exists-with-different-credential' && typeof email === 'string') {
        const signInMethods = await fetchSignInMethodsForEmail(auth, email).catch(() => []);
        throw Object.assign(error as object, { signInMethods });
      }
      throw error;
    }
  }

  const port: FirebaseAuthPort = {
    signInWithPassword: async (email, password) => credentialsOf((await signInWithEmailAndPassword(auth, email, password)).user),
    signInWithPopup: (provider) =>
      withMethods(async () => {
        await gapi();
        return credentialsOf((await signInWithPopup(auth, providerFor(provider))).user);
      }),
    signInWithRedirect: async (provider) => {
      await gapi();
      await signInWithRedirect(auth, providerFor(provider));
    },
    redirectResult: () =>
      withMethods(async () => {
        await gapi();
        const result = await getRedirectResult(auth);
        return result ? credentialsOf(result.user) : null;
      }),
  };
  if (config.appCheckSiteKey) {
    const siteKey = config.appCheckSiteKey;
    const { initializeAppCheck, ReCaptchaV3Provider, getToken } = await import('firebase/app-check');
    const appCheck = initializeAppCheck(app, { provider: new ReCaptchaV3Provider(siteKey), isTokenAutoRefreshEnabled: false });
    port.appCheckToken = async () => (await getToken(appCheck)).token;
  }
  return port;
}
