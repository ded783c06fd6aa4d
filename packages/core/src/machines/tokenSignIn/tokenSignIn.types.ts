import type { KeyValueStorage, Navigation } from '../../platform/types.js';
import type { CredentialsFormInput } from '../credentialsForm/credentialsForm.types.js';
import type { SignInOutput } from '../session/session.signIn.js';

/** Input of the OPIN sign-in machine: the credentials form's (client, session, query) and its own. */
export interface OpinSignInInput extends CredentialsFormInput {
  /** The page's path without query (`/login/opin`), for the clean address. */
  pathname: string;
  /** Where the `state` survives the round trip to the portal: the tab's sessionStorage. */
  storage: KeyValueStorage;
  /** Leaves the app for the portal (`assign`). */
  navigation: Pick<Navigation, 'assign'>;
  /** The web app's absolute address of the OPIN page (`https://web/login/opin`); the page's sign-in params are added. */
  returnUrl: string;
  /** A fresh random value (at least 8 URL-safe characters) for each trip to the portal. */
  randomState: () => string;
}

/** Context of the OPIN sign-in machine. */
export interface OpinSignInContext {
  /** The token the portal sent back, when the page has one (never shown, never logged). */
  token: string | null;
  /** The `state` the portal sent back. */
  returnedState: string | null;
  /** Whether the query had `token`/`state` params at all (they must leave the address bar). */
  hadReturnParams: boolean;
  /** The page's address without `token` and `state`, to put in the address bar at once; null when nothing to clean. */
  cleanUrl: string | null;
  /** The portal address of the current trip, once started. */
  portalUrl: string | null;
  /** Message key of the error to show, or null. */
  error: string | null;
  /** What the sign-in produced once signed in (the machine's output); null before. Not for views. */
  signedIn: SignInOutput | null;
  /** Internal: the input. Not for views. */
  env: OpinSignInInput;
}

/** Events of the OPIN sign-in machine. */
export type OpinSignInEvent =
  /** Go to the OPIN portal; `baseUri` is the realm entry's portal address, `base` the platform's address. */
  { type: 'opin.start'; baseUri: unknown; base?: string | null };

/** A GIGYA script's accounts API once loaded, as promises (the web app adapts `window.gigya`). */
export interface GigyaAccounts {
  /** `gigya.accounts.login` with `loginID` and `password`, then `gigya.accounts.getJWT`: the id token. Rejects with the script's error. */
  login(credentials: { loginID: string; password: string }): Promise<{ idToken: string }>;
}

/** Loads the GIGYA script (`scriptUrl` with `apiKey`) once and answers its accounts API. */
export interface GigyaScriptLoader {
  load(config: { scriptUrl: string; apiKey: string }): Promise<GigyaAccounts>;
}

/** Fields of the GIGYA sign-in form. */
export type GigyaSignInField = 'email' | 'password';

