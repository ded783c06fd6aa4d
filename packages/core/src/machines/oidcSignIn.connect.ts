import type { SnapshotFrom } from 'xstate';
import type { OidcSignInMachine } from './oidcSignIn.machine.js';
import type { OidcFailure, OidcSignInEvent } from './oidcSignIn.types.js';

/** A snapshot of the oidcSignIn machine. */
export type OidcSignInSnapshot = SnapshotFrom<OidcSignInMachine>;

/**
 * Where the sign-in is: `starting` (asking for the authorisation URI), `leaving` (on the way to
 * the provider), `returning` (back with a code; the address is being cleaned), `exchanging`,
 * `toApp` (handed to the mobile app), `signedIn`, `failed`.
 */
export type OidcSignInPhase = 'starting' | 'leaving' | 'returning' | 'exchanging' | 'toApp' | 'signedIn' | 'failed';

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
  /** Where to go (replace) once `signedIn`, else null. */
  target: string | null;
  /** Message key to show (`t(error)`), else null. */
  error: string | null;
  /** Why it failed, for the log; null unless failed. */
  failure: OidcFailure | null;
  /** Tells the machine the address bar now shows `cleanUrl` (the exchange may start). */
  urlReplaced(): void;
  /** After a failure: start a new sign-in with the provider. */
  retry(): void;
}

/** Turns an oidcSignIn snapshot and its `send` into what the view renders. */
export function connectOidcSignIn(snapshot: OidcSignInSnapshot, send: (event: OidcSignInEvent) => void): OidcSignInApi {
  const phase: OidcSignInPhase = snapshot.matches('leaving')
    ? 'leaving'
    : snapshot.matches('restoring')
      ? 'returning'
      : snapshot.matches('exchanging')
        ? 'exchanging'
        : snapshot.matches('handingToApp')
          ? 'toApp'
          : snapshot.matches('signedIn')
            ? 'signedIn'
            : snapshot.matches('failed')
              ? 'failed'
              : 'starting';
  return {
    phase,
    busy: phase !== 'failed' && phase !== 'signedIn',
    cleanUrl: snapshot.context.cleanUrl,
    target: snapshot.context.target,
    error: snapshot.context.error,
    failure: snapshot.context.failure,
    urlReplaced: () => send({ type: 'url.replaced' }),
    retry: () => send({ type: 'retry' }),
  };
}
