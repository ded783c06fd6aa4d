import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ParentalStatus } from '../../domain/index.js';
import type { PinPadMachine } from '../pinPad/pinPad.machine.js';
import type { ParentalSettingsAction, ParentalSettingsEvent, ParentalSettingsMachine, ParentalSettingsMessage } from './parentalSettings.machine.js';

/** A snapshot of the parental-control settings machine. */
export type ParentalSettingsSnapshot = SnapshotFrom<ParentalSettingsMachine>;

/** The PIN pad the settings invoke to ask the current PIN (render it with `connectPinPad` over its own snapshots). */
export type ParentalSettingsPadRef = ActorRefFrom<PinPadMachine>;

/** Which form the settings show. */
export type ParentalSettingsStep = 'resetting' | 'resetFailed' | 'loading' | 'loadFailed' | 'ready' | 'currentPin' | 'newPin' | 'saving';

/** What the parental-control settings view needs. */
export interface ParentalSettingsApi {
  step: ParentalSettingsStep;
  /** The account's status and whether a PIN is set; null until loaded. */
  status: ParentalStatus | null;
  pinSet: boolean;
  /** What the current form is for. */
  action: ParentalSettingsAction | null;
  error: string | null;
  errorVars: Record<string, string>;
  message: ParentalSettingsMessage | null;
  /** In `currentPin`: the invoked PIN pad (core's `pinPad`), else null. */
  pad: ParentalSettingsPadRef | null;
  /** In `newPin`: how many digits of the entry are typed on the pad (the view shows dots, never digits). */
  entered: number;
  /** In `newPin`: the first entry is done and the new PIN is being typed again. */
  confirming: boolean;
  /** The PIN was cleared by the reset link in this flow. */
  wasReset: boolean;
  setPin(): void;
  changePin(): void;
  removePin(): void;
  /** Turns the restriction on or off (the current PIN is asked first). */
  toggleRestriction(): void;
  giveCurrentPin(pin: string): void;
  giveNewPin(pin: string, confirmation: string, status: ParentalStatus): void;
  /** A key of the new PIN's pad (`'0'`–`'9'`). */
  pressDigit(key: string): void;
  deleteDigit(): void;
  cancel(): void;
  reload(): void;
}

/** The settings' view of a snapshot. */
export function connectParentalSettings(snapshot: ParentalSettingsSnapshot, send: (event: ParentalSettingsEvent) => void): ParentalSettingsApi {
  const { context } = snapshot;
  const step: ParentalSettingsStep = snapshot.matches('starting') || snapshot.matches('resetting')
    ? 'resetting'
    : snapshot.matches('resetFailed')
      ? 'resetFailed'
      : snapshot.matches('loading')
        ? 'loading'
        : snapshot.matches('loadFailed')
          ? 'loadFailed'
          : snapshot.matches('currentPin')
            ? 'currentPin'
            : snapshot.matches('newPin')
              ? 'newPin'
              : snapshot.matches('saving') || snapshot.matches('removing')
                ? 'saving'
                : 'ready';
  const pad = step === 'currentPin' ? ((snapshot.children as { pad?: ParentalSettingsPadRef }).pad ?? null) : null;
  return {
    step,
    status: context.state?.status ?? null,
    pinSet: context.state?.pinSet ?? false,
    action: context.action,
    error: context.error,
    errorVars: context.errorVars,
    message: context.message,
    pad,
    entered: context.entered.length,
    confirming: context.firstEntry !== null,
    wasReset: context.wasReset,
    setPin: () => send({ type: 'settings.set' }),
    changePin: () => send({ type: 'settings.change' }),
    removePin: () => send({ type: 'settings.remove' }),
    toggleRestriction: () => send({ type: 'settings.status' }),
    giveCurrentPin: (pin) => send({ type: 'settings.currentPin', pin }),
    giveNewPin: (pin, confirmation, status) => send({ type: 'settings.newPin', pin, confirmation, status }),
    pressDigit: (key) => send({ type: 'settings.digit', key }),
    deleteDigit: () => send({ type: 'settings.delete' }),
    cancel: () => send({ type: 'settings.cancel' }),
    reload: () => send({ type: 'settings.reload' }),
  };
}
