import type { SnapshotFrom } from 'xstate';
import { TV_PROVIDER_RETRY_KEY, type MvpdEntry, type TvProviderError } from '../../domain/adobe.js';
import { loginProviderPath } from '../../domain/providers.js';
import { buildPath, DEFAULT_MENU_ROUTE } from '../../domain/routes.js';
import type { TvProviderSignInMachine } from './tvProviderSignIn.machine.js';
import type { TvProviderSignInEvent } from './tvProviderSignIn.types.js';

/** A snapshot of the tvProviderSignIn machine. */
export type TvProviderSignInSnapshot = SnapshotFrom<TvProviderSignInMachine>;

/**
 * Where the PROVIDERS page stands: `loading` (registration, exchange, entitlement sync, the second
 * attempt's configuration), `picking`, `linked` (continue or unlink), `unlinking`, `leaving` (on the
 * way to the operator), `signedIn`, `continued`, `failed`, `closed`.
 */
export type TvProviderSignInPhase = 'loading' | 'picking' | 'linked' | 'unlinking' | 'leaving' | 'signedIn' | 'continued' | 'failed' | 'closed';

/** What the PROVIDERS page renders. */
export interface TvProviderSignInApi {
  phase: TvProviderSignInPhase;
  /** True while the page waits (show progress). */
  busy: boolean;
  /** The featured operators, in the configuration's order (empty unless picking). */
  featured: MvpdEntry[];
  /** The other operators, below the separator label. */
  nonFeatured: MvpdEntry[];
  /** `tvProviderRetry` on the second attempt's picker (§2 "shows a retry message on a second attempt"), else null. */
  retryMessage: string | null;
  /** True when the unlink control shows (a linked Adobe account, §4). */
  unlinkAllowed: boolean;
  /** Message key of a failed unlink (`anErrorOccured`), else null. */
  unlinkError: string | null;
  /** The error once failed: `t(error.key)`, with `requestId` and `firstMessage` for support; else null. */
  error: TvProviderError | null;
  /** The default menu page, for the error's button (§2 "a button back to the default menu page"). */
  homePath: string;
  /**
   * Once failed with a TV provider configured: the PROVIDERS page of the same provider, keeping
   * `from` (`/providers?provider=ADOBE_DCR&from=%2Faccount`), for a "Try again" that starts a new
   * flow (a first attempt again); else null.
   */
  restartPath: string | null;
  /** Picks an operator of the lists: the page leaves for it. */
  pick(mvpdId: string): void;
  /** A linked account: go on. */
  continue(): void;
  /** A linked account: unlink it, then pick an operator. */
  unlink(): void;
  /** The viewer goes elsewhere in the app (the error's button, a link): clears the flow's items. */
  leave(): void;
}

const PHASES: readonly (readonly [Parameters<TvProviderSignInSnapshot['matches']>[0], TvProviderSignInPhase])[] = [
  ['picking', 'picking'],
  ['linked', 'linked'],
  ['unlinking', 'unlinking'],
  ['leaving', 'leaving'],
  ['signedIn', 'signedIn'],
  ['continued', 'continued'],
  ['failed', 'failed'],
  ['closed', 'closed'],
];

/** Turns a tvProviderSignIn snapshot and its `send` into what the PROVIDERS page renders. Pure. */
export function connectTvProviderSignIn(snapshot: TvProviderSignInSnapshot, send: (event: TvProviderSignInEvent) => void): TvProviderSignInApi {
  const { context } = snapshot;
  const phase: TvProviderSignInPhase = PHASES.find(([state]) => snapshot.matches(state))?.[1] ?? 'loading';
  const picking = phase === 'picking';
  const locale = context.env.locale ?? 'en';
  const provider = context.env.provider;
  const restartPath =
    phase === 'failed' && provider
      ? loginProviderPath({ name: provider.kind }, context.from ? `?${new URLSearchParams({ from: context.from }).toString()}` : '', locale)
      : null;
  return {
    phase,
    busy: phase === 'loading' || phase === 'unlinking' || phase === 'leaving',
    featured: picking && context.data ? context.data.lists.featured : [],
    nonFeatured: picking && context.data ? context.data.lists.nonFeatured : [],
    retryMessage: picking && context.secondIntent ? TV_PROVIDER_RETRY_KEY : null,
    unlinkAllowed: phase === 'linked' || phase === 'unlinking',
    unlinkError: context.unlinkError,
    error: phase === 'failed' ? context.error : null,
    homePath: buildPath(DEFAULT_MENU_ROUTE, undefined, locale),
    restartPath,
    pick: (mvpdId) => send({ type: 'pick', mvpdId }),
    continue: () => send({ type: 'continue' }),
    unlink: () => send({ type: 'unlink' }),
    leave: () => send({ type: 'leave' }),
  };
}
