import type { SnapshotFrom } from 'xstate';
import type { PinPadEvent, PinPadMachine } from './pinPad.machine.js';

/** A snapshot of the PIN pad machine. */
export type PinPadSnapshot = SnapshotFrom<PinPadMachine>;

/** Where the PIN pad stands. */
export type PinPadStatus = 'entering' | 'checking' | 'throttled' | 'sendingReset' | 'accepted';

/** What the PIN pad view needs. */
export interface PinPadApi {
  status: PinPadStatus;
  /** How many digits are entered (the view shows dots, never the digits). */
  length: number;
  /** Message key to show (`wrongPin`, `tooManyAttempts`, `pinNotSet`, `anErrorOccured`), or null. */
  error: string | null;
  /** Placeholder values of `error`: `{ seconds }` while throttled, else `{}`. */
  errorVars: Record<string, string>;
  /** The reset email was sent: show `pinResetEmailSent`. */
  resetSent: boolean;
  /** The keys accept digits (not while checking, throttled or sending). */
  canType: boolean;
  press(key: string): void;
  deleteDigit(): void;
  forgot(): void;
}

/** The PIN pad's view of a snapshot. */
export function connectPinPad(snapshot: PinPadSnapshot, send: (event: PinPadEvent) => void): PinPadApi {
  const { context } = snapshot;
  const status: PinPadStatus = snapshot.matches('accepted')
    ? 'accepted'
    : snapshot.matches('checking')
      ? 'checking'
      : snapshot.matches('throttled')
        ? 'throttled'
        : snapshot.matches('sendingReset') || snapshot.matches('sendingResetWhileThrottled')
          ? 'sendingReset'
          : 'entering';
  return {
    status,
    length: context.entered.length,
    error: context.error,
    errorVars: status === 'throttled' || context.secondsLeft > 0 ? { seconds: String(context.secondsLeft) } : {},
    resetSent: context.resetSent,
    canType: status === 'entering',
    press: (key) => send({ type: 'pin.digit', key }),
    deleteDigit: () => send({ type: 'pin.delete' }),
    forgot: () => send({ type: 'pin.forgot' }),
  };
}
