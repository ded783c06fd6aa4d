import type { SnapshotFrom } from 'xstate';
import type { ParentalStatus } from '../../domain/index.js';
import type { ParentalSettingsEvent, ParentalSettingsMachine } from './parentalSettings.machine.js';

/** A snapshot of the parental-control settings machine. */
export type ParentalSettingsSnapshot = SnapshotFrom<ParentalSettingsMachine>;

/** Which form the settings show. */
export type ParentalSettingsStep = 'loading' | 'loadFailed' | 'ready' | 'currentPin' | 'newPin' | 'saving';

/** What the parental-control settings view needs. */
export interface ParentalSettingsApi {
  step: ParentalSettingsStep;
  /** The account's status and whether a PIN is set; null until loaded. */
  status: ParentalStatus | null;
  pinSet: boolean;
  /** What the current form is for. */
  action: 'set' | 'change' | 'remove' | null;
  error: string | null;
  errorVars: Record<string, string>;
  message: 'pinSaved' | 'pinRemoved' | null;
  setPin(): void;
  changePin(): void;
  removePin(): void;
  giveCurrentPin(pin: string): void;
  giveNewPin(pin: string, confirmation: string, status: ParentalStatus): void;
  cancel(): void;
  reload(): void;
}

/** The settings' view of a snapshot. */
export function connectParentalSettings(snapshot: ParentalSettingsSnapshot, send: (event: ParentalSettingsEvent) => void): ParentalSettingsApi {
  const { context } = snapshot;
  const step: ParentalSettingsStep = snapshot.matches('loading')
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
  return {
    step,
    status: context.state?.status ?? null,
    pinSet: context.state?.pinSet ?? false,
    action: context.action,
    error: context.error,
    errorVars: context.errorVars,
    message: context.message,
    setPin: () => send({ type: 'settings.set' }),
    changePin: () => send({ type: 'settings.change' }),
    removePin: () => send({ type: 'settings.remove' }),
    giveCurrentPin: (pin) => send({ type: 'settings.currentPin', pin }),
    giveNewPin: (pin, confirmation, status) => send({ type: 'settings.newPin', pin, confirmation, status }),
    cancel: () => send({ type: 'settings.cancel' }),
    reload: () => send({ type: 'settings.reload' }),
  };
}
