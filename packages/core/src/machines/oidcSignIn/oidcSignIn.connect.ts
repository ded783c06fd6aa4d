import type { SnapshotFrom } from 'xstate';
import type { ReturningSignInApi } from '../session/session.signIn.js';
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

/**
 * What a view needs for the OpenID Connect sign-in page: `cleanUrl` is set while `returning`;
 * `retry` starts a new sign-in with the provider.
 */
export type OidcSignInApi = ReturningSignInApi<OidcSignInPhase, OidcFailure>;

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
