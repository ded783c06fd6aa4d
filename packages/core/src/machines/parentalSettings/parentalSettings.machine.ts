import { and, assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { ParentalControlState } from '../../contracts/parentalControl.js';
import { isValidPin, pinError, pinFailure, type ParentalStatus } from '../../domain/index.js';

/** Input of the parental-control settings machine. */
export interface ParentalSettingsInput {
  /** Platform client: `api.parentalControl.get`, `set` and `remove`. */
  api: ApiClient;
}

/** Context of the parental-control settings machine. */
export interface ParentalSettingsContext {
  /** The account's parental control as the platform last answered (null until loaded). */
  state: ParentalControlState | null;
  /** The current PIN the viewer gave first (kept only until the change is sent). Never logged. */
  currentPin: string;
  /** The new PIN and status being saved (dropped once sent). Never logged. */
  newPin: string;
  newStatus: ParentalStatus;
  /** What the viewer is doing: setting a first PIN, changing it, or removing it. */
  action: 'set' | 'change' | 'remove' | null;
  /** Message key to show (`pinLength`, `pinDigits`, `pinMismatch`, `wrongPin`, `tooManyAttempts`, `anErrorOccured`…), or null. */
  error: string | null;
  /** Placeholder values of `error` (`{ seconds }` of `tooManyAttempts`), else `{}`. */
  errorVars: Record<string, string>;
  /** Message key of the last success (`pinSaved`, `pinRemoved`), or null. */
  message: 'pinSaved' | 'pinRemoved' | null;
  /** Internal: the platform client. Not for views. */
  env: { api: ApiClient };
}

/** Events of the parental-control settings machine. */
export type ParentalSettingsEvent =
  /** Set a first PIN (no PIN yet), change it, or remove it; change and remove ask the current PIN first. */
  | { type: 'settings.set' }
  | { type: 'settings.change' }
  | { type: 'settings.remove' }
  /** The current PIN, asked before a change or a removal. */
  | { type: 'settings.currentPin'; pin: string }
  /** The new PIN (typed twice) and status. */
  | { type: 'settings.newPin'; pin: string; confirmation: string; status: ParentalStatus }
  /** Leaves the form without saving. */
  | { type: 'settings.cancel' }
  /** Loads the settings again (after a failure to load). */
  | { type: 'settings.reload' };

/** Input of the `saveSettings` actor: `POST /api/v1/parental-control { pin, status, currentPin? }`. */
export interface SaveSettingsActorInput {
  api: ApiClient;
  pin: string;
  status: ParentalStatus;
  currentPin?: string;
}

/** Input of the `removePin` actor: `POST /api/v1/parental-control/remove { pin }`. */
export interface RemovePinActorInput {
  api: ApiClient;
  pin: string;
}

/** The params of a failure's guard and action: the actor's error. */
const failed = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

const failureOf = (error: unknown): { error: string; errorVars: Record<string, string> } => {
  const failure = pinFailure(error);
  return { error: failure.key, errorVars: failure.kind === 'throttled' ? { seconds: String(failure.seconds) } : {} };
};

/**
 * Parental-control settings on the account page (issue 16; commerce §3 "Parental control", §7;
 * docs/api.md "Parental control"): set, change or remove the PIN, the current PIN asked first.
 *
 * Loads `api.parentalControl.get()` (`loading` → `ready`, or `loadFailed`). In `ready`:
 * `settings.set` (only when no PIN is set) → `newPin`; `settings.change` / `settings.remove` (only
 * when one is) → `currentPin`, where `settings.currentPin { pin }` is checked with core's PIN
 * rule (nothing is sent for a malformed one) and then leads to `newPin` (change) or sends
 * `api.parentalControl.remove({ body: { pin } })` (remove). `settings.newPin { pin, confirmation,
 * status }` checks the rule and that both match (`pinMismatch`), then sends
 * `api.parentalControl.set({ body: { pin, status, currentPin? } })`. Success → `ready` with the
 * platform's answer and `pinSaved`/`pinRemoved`; a failure (core's `pinFailure`: `wrongPin`,
 * `tooManyAttempts` with `{ seconds }`, `kidProfileManagementDenied`, `anErrorOccured`) → back
 * to `currentPin` (a wrong current PIN) or `ready`, with the message. `settings.cancel` returns
 * to `ready`. The current PIN is dropped once sent. Never throws.
 */
export const parentalSettingsMachine = setup({
  types: {} as { context: ParentalSettingsContext; events: ParentalSettingsEvent; input: ParentalSettingsInput },
  actors: {
    /** `api.parentalControl.get()` → `{ status, pinSet }`. */
    loadSettings: fromPromise<ParentalControlState, { api: ApiClient }>(({ input }) => input.api.parentalControl.get()),
    /** `api.parentalControl.set({ body })` → `{ status, pinSet }`. */
    saveSettings: fromPromise<ParentalControlState, SaveSettingsActorInput>(({ input }) =>
      input.api.parentalControl.set({
        body: { pin: input.pin, status: input.status, ...(input.currentPin ? { currentPin: input.currentPin } : {}) },
      }),
    ),
    /** `api.parentalControl.remove({ body: { pin } })` → `{ status, pinSet: false }`. */
    removePin: fromPromise<ParentalControlState, RemovePinActorInput>(({ input }) => input.api.parentalControl.remove({ body: { pin: input.pin } })),
  },
  actions: {
    storeState: assign((_, params: { state: ParentalControlState }) => ({ state: params.state })),
    start: assign((_, params: { action: 'set' | 'change' | 'remove' }) => ({ action: params.action, currentPin: '', error: null, errorVars: {}, message: null })),
    storeCurrentPin: assign(({ event }) => (event.type === 'settings.currentPin' ? { currentPin: event.pin, error: null, errorVars: {} } : {})),
    showPinError: assign(({ event }) =>
      event.type === 'settings.currentPin' || event.type === 'settings.newPin' ? { error: pinError(event.pin), errorVars: {} } : {},
    ),
    showMismatch: assign({ error: 'pinMismatch', errorVars: {} }),
    storeNewPin: assign(({ event }) => (event.type === 'settings.newPin' ? { newPin: event.pin, newStatus: event.status, error: null, errorVars: {} } : {})),
    showFailure: assign((_, params: { error: unknown }) => ({ ...failureOf(params.error), currentPin: '', newPin: '' })),
    saved: assign((_, params: { state: ParentalControlState }) => ({ state: params.state, message: 'pinSaved' as const, currentPin: '', newPin: '', action: null, error: null, errorVars: {} })),
    removed: assign((_, params: { state: ParentalControlState }) => ({ state: params.state, message: 'pinRemoved' as const, currentPin: '', action: null, error: null, errorVars: {} })),
    reset: assign({ action: null, currentPin: '', error: null, errorVars: {} }),
  },
  guards: {
    pinSet: ({ context }) => context.state?.pinSet === true,
    noPinSet: ({ context }) => context.state?.pinSet === false,
    currentPinValid: ({ event }) => event.type === 'settings.currentPin' && isValidPin(event.pin),
    removing: ({ context }) => context.action === 'remove',
    newPinValid: ({ event }) => event.type === 'settings.newPin' && isValidPin(event.pin),
    newPinConfirmed: ({ event }) => event.type === 'settings.newPin' && event.pin === event.confirmation,
    wrongCurrentPin: ({ context }, params: { error: unknown }) => context.action !== 'set' && pinFailure(params.error).kind === 'wrong',
  },
}).createMachine({
  id: 'parentalSettings',
  description:
    'Parental-control settings (issue 16): load the status, then set a first PIN, or change or remove it with the current PIN asked first; the PIN is four digits typed twice; failures show wrongPin, tooManyAttempts with its wait, or anErrorOccured.',
  context: ({ input }) => ({ state: null, currentPin: '', newPin: '', newStatus: 'RESTRICTED', action: null, error: null, errorVars: {}, message: null, env: { api: input.api } }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the account’s parental control.',
      invoke: {
        src: 'loadSettings',
        input: ({ context }) => ({ api: context.env.api }),
        onDone: { target: 'ready', actions: { type: 'storeState', params: ({ event }) => ({ state: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The settings could not be read; the viewer may try again.',
      on: { 'settings.reload': 'loading' },
    },
    ready: {
      description: 'The status shows; set (no PIN yet), change or remove (a PIN is set).',
      on: {
        'settings.set': { guard: 'noPinSet', target: 'newPin', actions: { type: 'start', params: { action: 'set' } } },
        'settings.change': { guard: 'pinSet', target: 'currentPin', actions: { type: 'start', params: { action: 'change' } } },
        'settings.remove': { guard: 'pinSet', target: 'currentPin', actions: { type: 'start', params: { action: 'remove' } } },
      },
    },
    currentPin: {
      description: 'The current PIN is asked first (change, remove).',
      on: {
        'settings.currentPin': [
          { guard: and(['currentPinValid', 'removing']), target: 'removing', actions: 'storeCurrentPin' },
          { guard: 'currentPinValid', target: 'newPin', actions: 'storeCurrentPin' },
          { actions: 'showPinError' },
        ],
        'settings.cancel': { target: 'ready', actions: 'reset' },
      },
    },
    removing: {
      description: 'Removing the PIN with the current one.',
      invoke: {
        src: 'removePin',
        input: ({ context }) => ({ api: context.env.api, pin: context.currentPin }),
        onDone: { target: 'ready', actions: { type: 'removed', params: ({ event }) => ({ state: event.output }) } },
        // A wrong current PIN asks it again; any other failure shows on the status.
        onError: [
          { guard: { type: 'wrongCurrentPin', params: failed }, target: 'currentPin', actions: { type: 'showFailure', params: failed } },
          { target: 'ready', actions: { type: 'showFailure', params: failed } },
        ],
      },
    },
    newPin: {
      description: 'The new PIN, typed twice, and the status.',
      on: {
        'settings.newPin': [
          { guard: and(['newPinValid', 'newPinConfirmed']), target: 'saving', actions: 'storeNewPin' },
          { guard: 'newPinValid', actions: 'showMismatch' },
          { actions: 'showPinError' },
        ],
        'settings.cancel': { target: 'ready', actions: 'reset' },
      },
    },
    saving: {
      description: 'Saving the PIN and status.',
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => ({
          api: context.env.api,
          pin: context.newPin,
          status: context.newStatus,
          ...(context.currentPin ? { currentPin: context.currentPin } : {}),
        }),
        onDone: { target: 'ready', actions: { type: 'saved', params: ({ event }) => ({ state: event.output }) } },
        // A wrong current PIN asks it again; any other failure shows on the status.
        onError: [
          { guard: { type: 'wrongCurrentPin', params: failed }, target: 'currentPin', actions: { type: 'showFailure', params: failed } },
          { target: 'ready', actions: { type: 'showFailure', params: failed } },
        ],
      },
    },
  },
});

/** The parental-control settings machine's type. */
export type ParentalSettingsMachine = typeof parentalSettingsMachine;
