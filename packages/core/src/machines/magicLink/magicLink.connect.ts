import type { SnapshotFrom } from 'xstate';
import type { MagicLinkMachine } from './magicLink.machine.js';
import type { MagicLinkEvent } from './magicLink.types.js';

/** A snapshot of the magic link machine. */
export type MagicLinkSnapshot = SnapshotFrom<MagicLinkMachine>;

/** Where the magic link page stands. */
export type MagicLinkStatus = 'editing' | 'sending' | 'sent' | 'exchanging' | 'signedIn' | 'failed';

/** What the magic link page needs. */
export interface MagicLinkApi {
  status: MagicLinkStatus;
  /** Message key of the error to show (`emailIsEmpty`, `emailInvalid`, `failedToSend`, `failedToMagicLogin`), or null. */
  error: string | null;
  /** Placeholder values of `error` (`{ seconds }` when the platform throttled the attempt), else `{}`. */
  errorVars: Record<string, string>;
  /** Message key of the success to show: `magicLinkSent` once sent; else null. */
  message: 'magicLinkSent' | null;
  /** Sends a magic link to `email` (validated first). */
  request(email: string): void;
}

/**
 * Turns a magic link snapshot and its `send` into what the page needs (see
 * {@link MagicLinkApi}). Pure; implements identity-and-routes.md §4 "Magic link".
 */
export function connectMagicLink(snapshot: MagicLinkSnapshot, send: (event: MagicLinkEvent) => void): MagicLinkApi {
  const { context } = snapshot;
  const value = snapshot.value;
  const status: MagicLinkStatus = value === 'choosing' ? (context.token === null ? 'editing' : 'exchanging') : value;
  return {
    status,
    error: context.error,
    errorVars: context.errorVars ?? {},
    message: status === 'sent' ? 'magicLinkSent' : null,
    request: (email) => send({ type: 'magic.request', email }),
  };
}
