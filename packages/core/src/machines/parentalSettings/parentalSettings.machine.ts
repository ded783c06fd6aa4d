import { and, assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { ParentalControlState } from '../../contracts/parentalControl.js';
import { appendPinDigit, isValidPin, PIN_LENGTH, pinError, pinFailure, type ParentalStatus } from '../../domain/index.js';
import { pinPadMachine, type PinPadOutput } from '../pinPad/pinPad.machine.js';

/** Input of the parental-control settings machine. */
export interface ParentalSettingsInput {
  /** Platform client: `api.parentalControl.get`, `set`, `remove`, `verify` and `pin`. */
  api: ApiClient;
  /**
   * The code of an emailed reset link (CONFIRM_PIN_PROTECTION_RESET `/confirm-reset/:code`): the
   * machine spends it first (`pin { resetCode }`, which clears the PIN), then asks for a new PIN.
   * Absent: the account page's settings.
   */
  resetCode?: string | null | undefined;
}

/** What the viewer is doing: setting a first PIN, changing it, removing it, or turning the restriction on or off. */
export type ParentalSettingsAction = 'set' | 'change' | 'remove' | 'status';

/** Message key of a success: the PIN saved, removed, or the restriction turned on or off. */
export type ParentalSettingsMessage = 'pinSaved' | 'pinRemoved' | 'restrictionOn' | 'restrictionOff';

/** Context of the parental-control settings machine. */
export interface ParentalSettingsContext {
  /** The account's parental control as the platform last answered (null until loaded). */
  state: ParentalControlState | null;
  /** The current PIN the viewer gave first (kept only until the change is sent). Never logged. */
  currentPin: string;
  /** The new PIN and status being saved (dropped once sent). Never logged. */
  newPin: string;
  newStatus: ParentalStatus;
  /** The digits of the new PIN typed so far on the pad (0 to 4). Never logged. */
  entered: string;
  /** The new PIN's first entry, while it is typed again to confirm it (null: the first entry). Never logged. */
  firstEntry: string | null;
  /** The reset link's code to spend first (null: none, or spent). */
  resetCode: string | null;
  /** The PIN was cleared by a reset link in this flow (the view says so). */
  wasReset: boolean;
  /** What the viewer is doing. */
  action: ParentalSettingsAction | null;
  /** Message key to show (`pinLength`, `pinDigits`, `pinMismatch`, `wrongPin`, `tooManyAttempts`, `invalidPinResetCode`, `anErrorOccured`…), or null. */
  error: string | null;
  /** Placeholder values of `error` (`{ seconds }` of `tooManyAttempts`), else `{}`. */
  errorVars: Record<string, string>;
  /** Message key of the last success, or null. */
  message: ParentalSettingsMessage | null;
  /** Internal: the platform client. Not for views. */
  env: { api: ApiClient };
}

/** Events of the parental-control settings machine. */
export type ParentalSettingsEvent =
  /**
   * Set a first PIN (no PIN yet), change it, remove it, or turn the restriction on or off
   * (`settings.status`); all but the first ask the current PIN first.
   */
  | { type: 'settings.set' }
  | { type: 'settings.change' }
  | { type: 'settings.remove' }
  | { type: 'settings.status' }
  /** The current PIN typed in a field, asked before a change or a removal (the pad's alternative: the invoked `pad`). */
  | { type: 'settings.currentPin'; pin: string }
  /** The new PIN (typed twice) and status, typed in fields. */
  | { type: 'settings.newPin'; pin: string; confirmation: string; status: ParentalStatus }
  /** A key of the new PIN's pad (one digit `0`–`9`; anything else is ignored): the 4th digit ends an entry. */
  | { type: 'settings.digit'; key: string }
  /** Deletes the last digit of the new PIN's pad. */
  | { type: 'settings.delete' }
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

/** Input of the `spendResetCode` actor: `POST /api/v1/parental-control/pin { resetCode }`. */
export interface SpendResetCodeActorInput {
  api: ApiClient;
  resetCode: string;
}

/** The params of a failure's guard and action: the actor's error. */
const failed = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** The other status (the restriction turned on or off). */
const toggled = (status: ParentalStatus | undefined): ParentalStatus => (status === 'RESTRICTED' ? 'NON_RESTRICTED' : 'RESTRICTED');

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
 *
 * The current PIN on a pad: `currentPin` invokes core's `pinPad` (id `pad`: it checks the PIN with
 * `verify`, shows `wrongPin`, counts a throttled profile's wait down, sends the reset email for a
 * forgotten PIN); its accepted PIN goes on as if given by `settings.currentPin`. The new PIN on a
 * pad: in `newPin`, `settings.digit` / `settings.delete` fill `entered`; the 4th digit of the
 * first entry keeps it and asks it again, the 4th of the second saves the PIN when both match,
 * else shows `pinMismatch` and starts over. A new first PIN is saved `RESTRICTED`; a changed one
 * keeps the status. `settings.status` (a PIN set) asks the current PIN, then saves the same PIN
 * with the other status (`restrictionOn` / `restrictionOff`).
 *
 * With `resetCode` (the reset link's page): `resetting` spends it (`api.parentalControl.pin({
 * body: { resetCode } })`, which clears the PIN) → `loading` → `newPin` (set, `wasReset`); a used,
 * unknown or expired code → `resetFailed` with `invalidPinResetCode` (final for the view: ask a new
 * link from the account page); another failure → `resetFailed` with its key, `settings.reload`
 * tries again.
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
    /** `api.parentalControl.pin({ body: { resetCode } })` → `{}`: clears the PIN. */
    spendResetCode: fromPromise<Record<string, unknown>, SpendResetCodeActorInput>(({ input }) =>
      input.api.parentalControl.pin({ body: { resetCode: input.resetCode } }),
    ),
    /** Core's PIN pad: the current PIN, checked with `verify`. */
    pad: pinPadMachine,
  },
  actions: {
    storeState: assign((_, params: { state: ParentalControlState }) => ({ state: params.state })),
    start: assign(({ context }, params: { action: ParentalSettingsAction }) => ({
      action: params.action,
      currentPin: '',
      entered: '',
      firstEntry: null,
      // A first PIN guards the adult profiles at once; a changed one keeps the status.
      newStatus: params.action === 'set' ? ('RESTRICTED' as const) : (context.state?.status ?? 'RESTRICTED'),
      error: null,
      errorVars: {},
      message: null,
    })),
    storeCurrentPin: assign((_, params: { pin: string }) => ({ currentPin: params.pin, error: null, errorVars: {} })),
    /** Turning the restriction on or off saves the same PIN with the other status. */
    keepPinToggleStatus: assign(({ context }) => ({ newPin: context.currentPin, newStatus: toggled(context.state?.status) })),
    addDigit: assign(({ context, event }) => (event.type === 'settings.digit' ? { entered: appendPinDigit(context.entered, event.key), error: null, errorVars: {} } : {})),
    deleteDigit: assign(({ context }) => ({ entered: context.entered.slice(0, -1) })),
    askAgain: assign(({ context }) => ({ firstEntry: context.entered, entered: '' })),
    storeEnteredPin: assign(({ context }) => ({ newPin: context.entered, entered: '', firstEntry: null })),
    showEntryMismatch: assign({ error: 'pinMismatch', errorVars: {}, entered: '', firstEntry: null }),
    spent: assign({ resetCode: null, wasReset: true }),
    showResetFailure: assign((_, params: { error: unknown }) => failureOf(params.error)),
    showPinError: assign(({ event }) =>
      event.type === 'settings.currentPin' || event.type === 'settings.newPin' ? { error: pinError(event.pin), errorVars: {} } : {},
    ),
    showMismatch: assign({ error: 'pinMismatch', errorVars: {} }),
    storeNewPin: assign(({ event }) => (event.type === 'settings.newPin' ? { newPin: event.pin, newStatus: event.status, error: null, errorVars: {} } : {})),
    showFailure: assign((_, params: { error: unknown }) => ({ ...failureOf(params.error), currentPin: '', newPin: '', entered: '', firstEntry: null })),
    saved: assign(({ context }, params: { state: ParentalControlState }) => ({
      state: params.state,
      message: context.action === 'status' ? (params.state.status === 'RESTRICTED' ? ('restrictionOn' as const) : ('restrictionOff' as const)) : ('pinSaved' as const),
      currentPin: '',
      newPin: '',
      action: null,
      error: null,
      errorVars: {},
    })),
    removed: assign((_, params: { state: ParentalControlState }) => ({ state: params.state, message: 'pinRemoved' as const, currentPin: '', action: null, error: null, errorVars: {} })),
    reset: assign({ action: null, currentPin: '', entered: '', firstEntry: null, error: null, errorVars: {} }),
  },
  guards: {
    pinSet: ({ context }) => context.state?.pinSet === true,
    noPinSet: ({ context }) => context.state?.pinSet === false,
    currentPinValid: ({ event }) => event.type === 'settings.currentPin' && isValidPin(event.pin),
    removing: ({ context }) => context.action === 'remove',
    togglingStatus: ({ context }) => context.action === 'status',
    hasResetCode: ({ context }) => context.resetCode !== null,
    entryIncomplete: ({ context }) => context.entered.length < PIN_LENGTH,
    firstEntry: ({ context }) => context.firstEntry === null,
    entriesMatch: ({ context }) => context.entered === context.firstEntry,
    newPinValid: ({ event }) => event.type === 'settings.newPin' && isValidPin(event.pin),
    newPinConfirmed: ({ event }) => event.type === 'settings.newPin' && event.pin === event.confirmation,
    wrongCurrentPin: ({ context }, params: { error: unknown }) => context.action !== 'set' && pinFailure(params.error).kind === 'wrong',
  },
}).createMachine({
  id: 'parentalSettings',
  description:
    'Parental-control settings (issue 16): load the status, then set a first PIN, or change or remove it or turn the restriction on or off with the current PIN asked first on the PIN pad; the new PIN is four digits typed twice; failures show wrongPin, tooManyAttempts with its wait, or anErrorOccured. From a reset link: spend its code (the PIN is cleared), then ask a new PIN; a used or expired code shows invalidPinResetCode.',
  context: ({ input }) => ({
    state: null,
    currentPin: '',
    newPin: '',
    newStatus: 'RESTRICTED',
    entered: '',
    firstEntry: null,
    resetCode: input.resetCode ? input.resetCode : null,
    wasReset: false,
    action: null,
    error: null,
    errorVars: {},
    message: null,
    env: { api: input.api },
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'A reset link’s code is spent first; else the settings load.',
      always: [{ guard: 'hasResetCode', target: 'resetting' }, { target: 'loading' }],
    },
    resetting: {
      description: 'Spending the reset link’s code, which clears the PIN.',
      invoke: {
        src: 'spendResetCode',
        input: ({ context }) => ({ api: context.env.api, resetCode: context.resetCode ?? '' }),
        onDone: { target: 'loading', actions: 'spent' },
        onError: { target: 'resetFailed', actions: { type: 'showResetFailure', params: failed } },
      },
    },
    resetFailed: {
      description: 'The code was refused: invalidPinResetCode (used, unknown or expired: ask a new link), or another failure that may be tried again.',
      on: { 'settings.reload': 'resetting' },
    },
    loading: {
      description: 'Reading the account’s parental control.',
      invoke: {
        src: 'loadSettings',
        input: ({ context }) => ({ api: context.env.api }),
        onDone: [
          {
            guard: ({ context, event }) => context.wasReset && event.output.pinSet === false && context.message === null,
            target: 'newPin',
            actions: [{ type: 'storeState', params: ({ event }) => ({ state: event.output }) }, { type: 'start', params: { action: 'set' } }],
          },
          { target: 'ready', actions: { type: 'storeState', params: ({ event }) => ({ state: event.output }) } },
        ],
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
        'settings.status': { guard: 'pinSet', target: 'currentPin', actions: { type: 'start', params: { action: 'status' } } },
      },
    },
    currentPin: {
      description: 'The current PIN is asked first (change, remove, status): on the invoked pad, or typed in a field.',
      invoke: {
        id: 'pad',
        src: 'pad',
        input: ({ context }) => ({ api: context.env.api }),
        onDone: { target: 'currentPinGiven', actions: { type: 'storeCurrentPin', params: ({ event }) => ({ pin: (event.output as PinPadOutput).pin }) } },
      },
      on: {
        'settings.currentPin': [
          { guard: 'currentPinValid', target: 'currentPinGiven', actions: { type: 'storeCurrentPin', params: ({ event }) => ({ pin: event.pin }) } },
          { actions: 'showPinError' },
        ],
        'settings.cancel': { target: 'ready', actions: 'reset' },
      },
    },
    currentPinGiven: {
      description: 'The current PIN is known: remove, save the other status, or ask the new PIN.',
      always: [
        { guard: 'removing', target: 'removing' },
        { guard: 'togglingStatus', target: 'saving', actions: 'keepPinToggleStatus' },
        { target: 'newPin' },
      ],
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
      description: 'The new PIN, typed twice (on the pad, digit by digit, or in two fields with the status).',
      on: {
        'settings.cancel': { target: 'ready', actions: 'reset' },
        'settings.digit': { target: 'newPinDigit', actions: 'addDigit' },
        'settings.delete': { actions: 'deleteDigit' },
        'settings.newPin': [
          { guard: and(['newPinValid', 'newPinConfirmed']), target: 'saving', actions: 'storeNewPin' },
          { guard: 'newPinValid', actions: 'showMismatch' },
          { actions: 'showPinError' },
        ],
      },
    },
    newPinDigit: {
      description: 'A digit of the new PIN was added: a full first entry is asked again; a full second one is saved when both match, else pinMismatch and start over.',
      always: [
        { guard: 'entryIncomplete', target: 'newPin' },
        { guard: 'firstEntry', target: 'newPin', actions: 'askAgain' },
        { guard: 'entriesMatch', target: 'saving', actions: 'storeEnteredPin' },
        { target: 'newPin', actions: 'showEntryMismatch' },
      ],
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
