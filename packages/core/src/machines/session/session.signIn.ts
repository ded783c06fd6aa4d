import type { LoginResponse } from '../../contracts/index.js';
import type { AfterSignIn, SessionEvent } from './session.types.js';

/**
 * What a sign-in flow produced, and the output of its final state: the platform's answer
 * (tokens, `missingInformationStatus`, `linkedAccounts`) and, for the generic external OAuth
 * sign-in, the provider that issued it (its logout ends the session there, §7
 * `{ext-oauth-route}/logout`).
 */
export interface SignInOutput {
  tokens: LoginResponse;
  oauthProvider?: string;
}

/** Anything that accepts session events: the session actor, or a fake in tests. */
export interface SessionReceiver {
  send(event: SessionEvent): void;
}

/** Params of {@link handOverToSession}: the flow's output and, unless the flow goes on itself, where to go. */
export interface SignInHandOver extends SignInOutput {
  /** Absent: the session stores the tokens but does not navigate (a sign-in embedded in another flow, or a flow with its own ending). */
  afterSignIn?: AfterSignIn | undefined;
}

/** The context of a machine that can hand a sign-in over: its input holds the session. */
interface WithSession {
  context: { env: { session?: SessionReceiver | undefined } };
}

/**
 * The one way a sign-in flow ends: sends `session.signedIn { tokens, oauthProvider?,
 * afterSignIn? }` to the flow's `env.session`. The session machine then stores the tokens,
 * decodes them once, records the linked accounts and the OAuth provider, and, with
 * `afterSignIn`, navigates to the §2 target. Written once for every sign-in machine (a named
 * action in each machine's `setup`: `handOverToSession`); does nothing without a session.
 */
export function handOverToSession({ context }: WithSession, params: SignInHandOver): void {
  const event: Extract<SessionEvent, { type: 'session.signedIn' }> = { type: 'session.signedIn', tokens: params.tokens };
  if (params.oauthProvider) event.oauthProvider = params.oauthProvider;
  if (params.afterSignIn) event.afterSignIn = { search: params.afterSignIn.search };
  context.env.session?.send(event);
}

/**
 * The two actions that end a sign-in whose last call answered the platform's tokens (run on that
 * call's `onDone`): `keepSignIn { tokens }` (the machine keeps them as its output) and
 * `handOverToSession { tokens, afterSignIn }`, `afterSignIn` computed from the machine's context
 * (absent, or answering undefined: the session stores the tokens but does not navigate). Each
 * machine declares both named actions in its `setup`.
 */
export function signedInActions<TContext>(afterSignIn?: (context: TContext) => AfterSignIn | undefined) {
  return [
    { type: 'keepSignIn' as const, params: ({ event }: { event: { output: LoginResponse } }) => ({ tokens: event.output }) },
    {
      type: 'handOverToSession' as const,
      params: ({ context, event }: { context: TContext; event: { output: LoginResponse } }): SignInHandOver => ({
        tokens: event.output,
        afterSignIn: afterSignIn?.(context),
      }),
    },
  ] as const;
}

/**
 * For a flow that handed its tokens over earlier without `afterSignIn` and is now done (the TV
 * provider's sign-in after the entitlement sync, Continue on the account-link or TV-provider
 * screen): sends `session.afterSignIn { search }`, and the session navigates to the §2 target.
 */
export function continueAfterSignIn({ context }: WithSession, params: AfterSignIn): void {
  context.env.session?.send({ type: 'session.afterSignIn', search: params.search });
}

/**
 * What the view of a sign-in that leaves the page for a provider and comes back needs (OpenID
 * Connect, generic external OAuth, social sign-in), beside what each flow adds.
 */
export interface ReturningSignInApi<Phase extends string, Failure> {
  /** Where the sign-in is (each flow names its phases). */
  phase: Phase;
  /** True while the page waits for the provider, the browser or the platform (show progress). */
  busy: boolean;
  /**
   * The in-app address to put in the address bar with `replace` (without the provider's answer:
   * no `code`, `state` or credential), or null. Once replaced, call `urlReplaced`.
   */
  cleanUrl: string | null;
  /** Message key to show (`t(error)`), else null. */
  error: string | null;
  /** Why it failed, for the log; null unless failed. */
  failure: Failure | null;
  /** Tells the machine the address bar now shows `cleanUrl` (the exchange may start). */
  urlReplaced(): void;
  /** After a failure: start again. */
  retry(): void;
}
