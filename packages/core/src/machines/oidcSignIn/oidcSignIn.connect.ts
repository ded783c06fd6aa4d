import type { SnapshotFrom } from 'xstate';
import type { OidcSignInMachine } from './oidcSignIn.machine.js';
import type { OidcFailure, OidcSignInEvent } from './oidcSignIn.types.js';

/** A snapshot of the oidcSignIn machine. */
export type OidcSignInSnapshot = SnapshotFrom<OidcSignInMachine>;

/**
 * Where the sign-in is: `starting` (asking for the authorisation URI), `leaving` (on the way to
 * the provider), `returning` (back with a code; the address is being cleaned), `exchanging`,
 * `toApp` (handed to the mobile app), `skipped` (the mobile app exchanges the code itself:
 * the page only says so), `signedIn`, `failed`.
 */
export type OidcSignInPhase = 'starting' | 'leaving' | 'returning' | 'exchanging' | 'toApp' | 'skipped' | 'signedIn' | 'failed';

/** What a view needs for the OpenID Connect sign-in page. */
export interface OidcSignInApi {
  phase: OidcSignInPhase;
  /** True while the page waits for the platform or the browser (show progress). */
  busy: boolean;
  /**
   * The in-app address to put in the address bar with `replace` (no `code` or `state`), or null.
   * After replacing it during `returning`, call {@link OidcSignInApi.urlReplaced}.
   */
  cleanUrl: string | null;
  /** Message key to show (`t(error)`), else null. */
  error: string | null;
  /** Why it failed, for the log; null unless failed. */
  failure: OidcFailure | null;
  /** Tells the machine the address bar now shows `cleanUrl` (the exchange may start). */
  urlReplaced(): void;
  /** After a failure: start a new sign-in with the provider. */
  retry(): void;
}

/** The machine's states and the phase each shows; any other state is `starting`. */
const PHASES: readonly (readonly [Parameters<OidcSignInSnapshot['matches']>[0], OidcSignInPhase])[] = [
  ['leaving', 'leaving'],
  ['restoring', 'returning'],
  ['exchanging', 'exchanging'],
  ['handingToApp', 'toApp'],
  ['exchangeSkipped', 'skipped'],
  ['signedIn', 'signedIn'],
  ['failed', 'failed'],
];

/** Turns an oidcSignIn snapshot and its `send` into what the view renders. */
export function connectOidcSignIn(snapshot: OidcSignInSnapshot, send: (event: OidcSignInEvent) => void): OidcSignInApi {
  const phase: OidcSignInPhase = PHASES.find(([state]) => snapshot.matches(state))?.[1] ?? 'starting';
  return {
    phase,
    busy: phase !== 'failed' && phase !== 'signedIn' && phase !== 'skipped',
    cleanUrl: snapshot.context.cleanUrl,
    error: snapshot.context.error,
    failure: snapshot.context.failure,
    urlReplaced: () => send({ type: 'url.replaced' }),
    retry: () => send({ type: 'retry' }),
  };
}
