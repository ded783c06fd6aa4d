import type { SnapshotFrom } from 'xstate';
import type { ReturningSignInApi } from '../session/session.signIn.js';
import type { SocialSignInMachine } from './socialSignIn.machine.js';
import type { SocialFailure, SocialLinkOffer, SocialSignInEvent } from './socialSignIn.types.js';

/** A snapshot of the socialSignIn machine. */
export type SocialSignInSnapshot = SnapshotFrom<SocialSignInMachine>;

/**
 * Where the social sign-in is: `idle` (show Continue with the provider), `obtaining` (the
 * provider's SDK or page is being reached), `leaving`, `returning` (the address is being
 * cleaned), `signingIn`, `signedIn`, `linkOffer` (show the account-link prompt), `failed`.
 */
export type SocialSignInPhase = 'idle' | 'obtaining' | 'leaving' | 'returning' | 'signingIn' | 'signedIn' | 'linkOffer' | 'failed';

/** What a view needs for the social sign-in page; `retry` goes back to the Continue button. */
export interface SocialSignInApi extends ReturningSignInApi<SocialSignInPhase, SocialFailure> {
  /** The link offer (for the account-link prompt) in `linkOffer`, else null. */
  link: SocialLinkOffer | null;
  /** Continue with the provider. */
  start(): void;
}

const PHASES: ReadonlyArray<[string, SocialSignInPhase]> = [
  ['idle', 'idle'],
  ['obtaining', 'obtaining'],
  ['leaving', 'leaving'],
  ['returning', 'returning'],
  ['signingIn', 'signingIn'],
  ['signedIn', 'signedIn'],
  ['linkOffered', 'linkOffer'],
  ['failed', 'failed'],
];

/** Turns a socialSignIn snapshot and its `send` into what the view renders. */
export function connectSocialSignIn(snapshot: SocialSignInSnapshot, send: (event: SocialSignInEvent) => void): SocialSignInApi {
  const phase = PHASES.find(([state]) => snapshot.matches(state as never))?.[1] ?? 'idle';
  return {
    phase,
    busy: phase === 'obtaining' || phase === 'leaving' || phase === 'returning' || phase === 'signingIn',
    cleanUrl: snapshot.context.cleanUrl,
    link: snapshot.context.link,
    error: snapshot.context.error,
    failure: snapshot.context.failure,
    start: () => send({ type: 'start' }),
    urlReplaced: () => send({ type: 'url.replaced' }),
    retry: () => send({ type: 'retry' }),
  };
}
