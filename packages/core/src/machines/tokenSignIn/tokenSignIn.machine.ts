import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import {
  loginFailureMessage,
  opinPortalUrl,
  readTokenReturn,
  signInScriptConfig,
  validateLoginForm,
} from '../../domain/index.js';
import { createCredentialsFormMachine } from '../credentialsForm/credentialsForm.machine.js';
import type { CredentialsFormInput } from '../credentialsForm/credentialsForm.types.js';
import { oncePerToken } from '../magicLink/magicLink.machine.js';
import { handOverToSession, signedInActions, type SignInOutput } from '../session/session.signIn.js';
import type {
  GigyaAccounts,
  GigyaScriptLoader,
  GigyaSignInField,
  OpinSignInContext,
  OpinSignInEvent,
  OpinSignInInput,
} from './tokenSignIn.types.js';

/** sessionStorage key of the `state` of the trip to the OPIN portal. */
export const OPIN_STATE_KEY = 'stream.opinState';

/** Message key when the portal's answer does not belong to this tab's trip (state mismatch, malformed token). */
export const OPIN_RETURN_REFUSED_KEY = 'opinReturnRefused';
/** Message key when the realm has no usable OPIN portal address. */
export const PROVIDER_NOT_AVAILABLE_KEY = 'providerNotAvailable';
/** Message key when the GIGYA script does not load. */
export const SIGN_IN_SCRIPT_LOAD_FAILED_KEY = 'couldntLoadSignInScript';

/** `api.credentialProviders.opin({ body: { opinAuthToken: token } })`, once per client and token: a repeated effect spends the single-use token once. */
export const exchangeOpinOnce = oncePerToken((api, token) => api.credentialProviders.opin({ body: { opinAuthToken: token } }));

/** The trip to the OPIN portal this tab keeps: its `state`, and the returned `token` until its exchange settles. */
interface OpinTrip {
  state: string;
  token?: string;
}

/** The stored trip, or null when there is none or it does not parse. Never throws. */
function readTrip(storage: OpinSignInInput['storage']): OpinTrip | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(OPIN_STATE_KEY) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const { state, token } = value as Record<string, unknown>;
    if (typeof state !== 'string' || state === '') return null;
    return typeof token === 'string' && token !== '' ? { state, token } : { state };
  } catch {
    return null;
  }
}

/** Input of the OPIN `exchange` actor. */
export interface TokenExchangeActorInput {
  api: ApiClient;
  token: string;
}

/**
 * OPIN sign-in (identity-and-routes.md §2 sub-route `opin`, §7 `POST /api/v1/opin-auth
 * {opinAuthToken}`, §8 "Login failure"), with a `state` check of this project's against login CSRF.
 *
 * Input {@link OpinSignInInput}. At start the query's `token` and `state` are read
 * (`readTokenReturn`) and `cleanUrl` (the address without them) is set for the view to put in
 * the address bar at once:
 * - token and a `state` equal to the one stored for this tab → `exchanging` (actor `exchange` =
 *   `exchangeOpinOnce(api, token)`, once per token) → `signedIn` (final, output `{ tokens }`;
 *   `session.signedIn { tokens, afterSignIn }` with the query without `token` and `state`: the
 *   session goes to the §2 target) or `failed` with `loginFailureMessage`;
 * - token or state but no match (another tab's trip, a forged link, a malformed token) → `failed`
 *   with `opinReturnRefused`, nothing sent;
 * - neither → `idle`.
 * The returned token is kept with the stored trip until the exchange settles (a page mounted again
 * after the address was cleaned resumes it), then the trip is removed. `idle` and `failed` take `opin.start
 * { baseUri, base }`: with a usable portal (`opinPortalUrl`) a new random state is stored and the
 * browser leaves for `{portal}/login?redirect_uri={returnUrl + sign-in params}&state=` (`leaving`);
 * without one → `failed` with `providerNotAvailable`. Never throws.
 */
export const opinSignInMachine = setup({
  types: {} as { context: OpinSignInContext; events: OpinSignInEvent; input: OpinSignInInput; output: SignInOutput | null },
  actors: {
    /** `exchangeOpinOnce(api, token)` → the session's tokens. */
    exchange: fromPromise<LoginResponse, TokenExchangeActorInput>(({ input }) => exchangeOpinOnce(input.api, input.token)),
  },
  actions: {
    /** Removes the stored trip: its state is good for one return only. */
    forgetState: ({ context }) => {
      context.env.storage.removeItem(OPIN_STATE_KEY);
    },
    /**
     * Keeps the returned token with the trip until the exchange settles, so that the page mounted
     * again after the address was cleaned resumes the same exchange (once per token).
     */
    rememberReturn: ({ context }) => {
      const trip = readTrip(context.env.storage);
      if (trip && context.token) context.env.storage.setItem(OPIN_STATE_KEY, JSON.stringify({ state: trip.state, token: context.token }));
    },
    /** Takes the token of a return this tab is still exchanging. */
    resumeReturn: assign(({ context }) => ({ token: readTrip(context.env.storage)?.token ?? null })),
    /** Picks a new state and the portal address of this trip. */
    prepareTrip: assign(({ context, event }) => {
      const state = context.env.randomState();
      const returnUrl = `${context.env.returnUrl}${readTokenReturn(context.env.search).search}`;
      return { portalUrl: opinPortalUrl({ baseUri: event.baseUri, base: event.base, returnUrl, state }), error: null };
    }),
    /** Stores the trip's state and leaves for the portal. */
    goToPortal: ({ context }) => {
      const state = context.portalUrl ? new URL(context.portalUrl).searchParams.get('state') : null;
      if (!context.portalUrl || !state) return;
      context.env.storage.setItem(OPIN_STATE_KEY, JSON.stringify({ state }));
      context.env.navigation.assign(context.portalUrl);
    },
    showFailure: assign((_, params: { key: string }) => ({ error: params.key })),
    showLoginFailure: assign(({ context }, params: { error: unknown }) => ({
      error: loginFailureMessage(params.error, context.env.isKnownKey ?? (() => false)),
    })),
    /** Keeps what the sign-in produced: the machine's output. */
    keepSignIn: assign((_, params: SignInOutput) => ({ signedIn: params })),
    handOverToSession,
  },
  guards: {
    /** The query holds a token and the state stored for this tab's trip. */
    returnMatches: ({ context }) => {
      const trip = readTrip(context.env.storage);
      return context.token !== null && context.returnedState !== null && trip !== null && trip.state === context.returnedState;
    },
    /** No return in the query, but this tab holds a returned token whose exchange has not settled. */
    hasPendingReturn: ({ context }) => !context.hadReturnParams && typeof readTrip(context.env.storage)?.token === 'string',
    /** The query held `token` or `state` params. */
    hadReturnParams: ({ context }) => context.hadReturnParams,
    /** The realm entry gives a usable portal address. */
    portalAvailable: ({ event }) =>
      opinPortalUrl({ baseUri: event.baseUri, base: event.base, returnUrl: 'https://check.invalid/', state: 'check-state' }) !== null,
  },
}).createMachine({
  id: 'opinSignIn',
  output: ({ context }) => context.signedIn,
  description:
    'OPIN sign-in (identity-and-routes.md §7 POST /api/v1/opin-auth). Without a token the page offers the OPIN portal: a random state is stored and the browser leaves for the portal. Back with a token and the same state, the token leaves the address bar and is exchanged once for the session; a token without the matching state is refused without a call. Failures show the message of §8 "Login failure".',
  context: ({ input }) => {
    const found = readTokenReturn(input.search);
    return {
      token: found.token,
      returnedState: found.state,
      hadReturnParams: found.hadParams,
      cleanUrl: found.hadParams ? `${input.pathname}${found.search}` : null,
      portalUrl: null,
      error: null,
      signedIn: null,
      env: input,
    };
  },
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Reads the return: a token with this tab\'s state is exchanged; any other return is refused; no return waits for the viewer.',
      always: [
        { guard: 'returnMatches', target: 'exchanging', actions: 'rememberReturn' },
        { guard: 'hadReturnParams', target: 'failed', actions: ['forgetState', { type: 'showFailure', params: { key: OPIN_RETURN_REFUSED_KEY } }] },
        { guard: 'hasPendingReturn', target: 'exchanging', actions: 'resumeReturn' },
        { target: 'idle' },
      ],
    },
    idle: {
      description: 'The page offers to continue to the OPIN portal.',
      on: {
        'opin.start': [
          { guard: 'portalAvailable', target: 'leaving', actions: 'prepareTrip' },
          { target: 'failed', actions: { type: 'showFailure', params: { key: PROVIDER_NOT_AVAILABLE_KEY } } },
        ],
      },
    },
    leaving: {
      description: 'The state is stored and the browser is on its way to the portal.',
      entry: 'goToPortal',
    },
    exchanging: {
      description: 'Trading the single-use OPIN token for the session (once per token).',
      invoke: {
        id: 'exchange',
        src: 'exchange',
        input: ({ context }) => ({ api: context.env.api, token: context.token ?? '' }),
        onDone: {
          target: 'signedIn',
          // §2 "After sign-in completion" from the page's query without `token` and `state`.
          actions: ['forgetState', ...signedInActions((context: OpinSignInContext) => ({ search: readTokenReturn(context.env.search).search }))],
        },
        onError: { target: 'failed', actions: ['forgetState', { type: 'showLoginFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    signedIn: {
      type: 'final',
      description: 'Signed in: the session holds the tokens and takes the viewer to the target of §2 "After sign-in completion".',
    },
    failed: {
      description: 'The error shows; the viewer may go to the portal again.',
      on: {
        'opin.start': [
          { guard: 'portalAvailable', target: 'leaving', actions: 'prepareTrip' },
          { actions: { type: 'showFailure', params: { key: PROVIDER_NOT_AVAILABLE_KEY } } },
        ],
      },
    },
  },
});

/** The OPIN sign-in machine's type. */
export type OpinSignInMachine = typeof opinSignInMachine;

/** Input of the `gigyaLogin` actor. */
export interface GigyaLoginActorInput {
  api: ApiClient;
  /** The script as the realm entry gives it. */
  script: GigyaScript;
  /** The email, trimmed. */
  loginID: string;
  /** The password, as typed. */
  password: string;
}

/** The realm entry's script settings and the loader of a GIGYA sign-in. */
export interface GigyaScript {
  /** The realm entry's `scriptUrl` (§3 "Auth provider"; absolute, or a path on the platform). */
  scriptUrl: unknown;
  /** The realm entry's `apiKey`. */
  apiKey: unknown;
  /** The platform's address, for a `scriptUrl` that is a path. */
  base?: string | null;
  /** Loads the script (the web app's adapter). */
  loader: GigyaScriptLoader;
}

/** A failure before the script's sign-in: the message key to show (`missingScriptUrlOrApiKey`, `couldntLoadSignInScript`). */
export interface SignInScriptFailure {
  signInScriptFailure: string;
}

const isScriptFailure = (error: unknown): error is SignInScriptFailure =>
  typeof error === 'object' && error !== null && typeof (error as Partial<SignInScriptFailure>).signInScriptFailure === 'string';

/**
 * The message key of a failed GIGYA sign-in: a script failure's own key, else §8 "Login failure"
 * (`loginFailureMessage`: a known server message, the code table, `failedAuthentication`). Never throws.
 */
export function gigyaFailureMessage(error: unknown, isKnownKey: (key: string) => boolean): string {
  return isScriptFailure(error) ? error.signInScriptFailure : loginFailureMessage(error, isKnownKey);
}

/**
 * The GIGYA sign-in: the script's sign-in, then the platform's. Applies the sign-in script rule
 * (`signInScriptConfig`: a missing script URL or api key rejects with `missingScriptUrlOrApiKey`
 * before anything loads), loads the script (once: the loader caches it; a failure rejects with
 * `couldntLoadSignInScript`), signs in with it (the id token) and trades the id token at
 * `api.credentialProviders.gigya`. Rejects with the script's or the platform's error otherwise.
 */
export async function gigyaSignIn(input: GigyaLoginActorInput): Promise<LoginResponse> {
  const config = signInScriptConfig({ scriptUrl: input.script.scriptUrl, apiKey: input.script.apiKey }, { base: input.script.base ?? null });
  if (!config.ok) throw { signInScriptFailure: config.error } satisfies SignInScriptFailure;
  let accounts: GigyaAccounts;
  try {
    accounts = await input.script.loader.load({ scriptUrl: config.scriptUrl, apiKey: config.apiKey });
  } catch {
    throw { signInScriptFailure: SIGN_IN_SCRIPT_LOAD_FAILED_KEY } satisfies SignInScriptFailure;
  }
  const { idToken } = await accounts.login({ loginID: input.loginID, password: input.password });
  return input.api.credentialProviders.gigya({ body: { idToken } });
}

/**
 * Builds the GIGYA sign-in machine of a realm entry's script (identity-and-routes.md §1 "other
 * providers: GIGYA", §5 the sign-in script rule, §8 "Login failure"; the platform call is this
 * project's, docs/api.md).
 *
 * A credentials form (`createCredentialsFormMachine`) with fields `email` and `password`:
 * `editing` → `form.submit` with guard `formIsValid` (`validateLoginForm`: `EMPTY_INPUTS`,
 * `emailIsEmpty`, `pleaseProvideValidEmail`, `passwordIsEmpty`) → `submitting` (actor
 * `gigyaLogin` = {@link gigyaSignIn}: the script rule, the script, its id token, the platform) →
 * `signedIn` (final, output `{ tokens }`; `session.signedIn`, the session goes to the §2 target),
 * or back to `editing` with
 * {@link gigyaFailureMessage}, values kept. Input: the credentials form's. Pages check the rule
 * first with `signInScriptConfig` (nothing to show without a script); the actor checks it again.
 */
export function createGigyaSignInMachine(script: GigyaScript) {
  return createCredentialsFormMachine({
    id: 'gigyaSignIn',
    description:
      'GIGYA sign-in through its script (identity-and-routes.md §5 "A TV sign-in script needs both a script URL and an api key"). An empty form stays in editing with EMPTY_INPUTS or per-field errors. A valid one runs the sign-in: without both a script URL and an api key it fails with missingScriptUrlOrApiKey; otherwise the script loads (couldntLoadSignInScript when it does not), checks the email and password, and its id token is traded for the session. On success the tokens go to the session machine, which goes to the target of §2 "After sign-in completion"; on failure the message shows and the values are kept.',
    fields: ['email', 'password'] as const satisfies readonly GigyaSignInField[],
    initialValues: (_input: CredentialsFormInput) => ({}),
    validate: validateLoginForm,
    submit: {
      name: 'gigyaLogin',
      /** {@link gigyaSignIn}: tokens, or throws a script failure, the script's error or the platform's. */
      logic: fromPromise<LoginResponse, GigyaLoginActorInput>(({ input }) => gigyaSignIn(input)),
      input: (values, env) => ({ api: env.api, script, loginID: values.email.trim(), password: values.password }),
      description: 'Loading: the GIGYA script checks the email and password, then the platform its id token.',
    },
    failureMessage: gigyaFailureMessage,
    finalState: 'signedIn',
  });
}

/** The GIGYA sign-in machine of a realm entry without a script (its chart in docs/flows); pages build their own. */
export const gigyaSignInMachine = createGigyaSignInMachine({
  scriptUrl: undefined,
  apiKey: undefined,
  loader: { load: () => Promise.reject(new Error('no GIGYA script')) },
});

/** The GIGYA sign-in machine's type. */
export type GigyaSignInMachine = typeof gigyaSignInMachine;
