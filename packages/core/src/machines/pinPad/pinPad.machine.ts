import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import { appendPinDigit, PIN_LENGTH, pinFailure } from '../../domain/index.js';

/** Input of the PIN pad machine. */
export interface PinPadInput {
  /** Platform client: `api.parentalControl.verify` and `api.parentalControl.pin` (the reset email). */
  api: ApiClient;
}

/** Context of the PIN pad machine. */
export interface PinPadContext {
  /** The digits entered so far (0 to 4); once accepted, the PIN (the output). Never logged. */
  entered: string;
  /** Message key to show (`wrongPin`, `tooManyAttempts`, `pinNotSet`, `anErrorOccured`), or null. */
  error: string | null;
  /** While throttled: the whole seconds left before the pad accepts a PIN again (counts down each second). */
  secondsLeft: number;
  /** The reset email was sent (the pad shows `pinResetEmailSent`). */
  resetSent: boolean;
  /** Internal: the platform client. Not for views. */
  env: { api: ApiClient };
}

/** Events of the PIN pad machine. */
export type PinPadEvent =
  /** A key of the pad: one digit `0`–`9`; the 4th digit sends the PIN. */
  | { type: 'pin.digit'; key: string }
  /** Deletes the last digit. */
  | { type: 'pin.delete' }
  /** "Forgotten PIN": emails a reset link to the account's address. */
  | { type: 'pin.forgot' };

/** Input of the `verifyPin` actor: `POST /api/v1/parental-control/verify { pin }`. */
export interface VerifyPinActorInput {
  api: ApiClient;
  pin: string;
}

/** Output of the PIN pad once `accepted`: the PIN the platform accepted (for a parent machine's next call). Never logged. */
export interface PinPadOutput {
  pin: string;
}

/** One second (ms): the throttle countdown's step. */
export const PIN_COUNTDOWN_STEP_MS = 1000;

/**
 * The parental PIN pad (issue 16; docs/api.md "Parental control"): asked to leave a child profile,
 * to enter a protected profile, or to open the parental settings.
 *
 * `pin.digit` adds a digit (core's `appendPinDigit`: anything but one digit is ignored); the 4th
 * sends `api.parentalControl.verify({ body: { pin } })` (`checking`) → `accepted` (final: the view
 * goes on; its output {@link PinPadOutput} carries the accepted PIN to a parent machine that
 * invoked the pad and needs it for its own call, such as the parental settings) or, by core's `pinFailure`: a wrong PIN → `entering` with `wrongPin` and the digits
 * cleared; a throttled profile (429) → `throttled` with `secondsLeft` from `Retry-After`, counting
 * down each second, digits ignored, then `entering`; another failure → `entering` with its key.
 * `pin.forgot` (in `entering` or `throttled`) sends `api.parentalControl.pin()` → `resetSent`
 * true, back where it was; a failure shows `anErrorOccured`. Never throws.
 */
export const pinPadMachine = setup({
  types: {} as { context: PinPadContext; events: PinPadEvent; input: PinPadInput; output: PinPadOutput },
  actors: {
    /** `api.parentalControl.verify({ body: { pin } })` → `{}`. */
    verifyPin: fromPromise<Record<string, unknown>, VerifyPinActorInput>(({ input }) => input.api.parentalControl.verify({ body: { pin: input.pin } })),
    /** `api.parentalControl.pin()` (no body) → `{}`: the reset email. */
    requestReset: fromPromise<Record<string, unknown>, { api: ApiClient }>(({ input }) => input.api.parentalControl.pin()),
  },
  actions: {
    addDigit: assign(({ context, event }) => (event.type === 'pin.digit' ? { entered: appendPinDigit(context.entered, event.key), error: null } : {})),
    deleteDigit: assign(({ context }) => ({ entered: context.entered.slice(0, -1) })),
    showFailure: assign((_, params: { error: unknown }) => {
      const failure = pinFailure(params.error);
      return { entered: '', error: failure.key, secondsLeft: failure.kind === 'throttled' ? failure.seconds : 0 };
    }),
    tick: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    endWait: assign({ secondsLeft: 0, error: null }),
    markResetSent: assign({ resetSent: true }),
    showResetFailure: assign({ error: 'anErrorOccured' }),
  },
  guards: {
    pinComplete: ({ context }) => context.entered.length === PIN_LENGTH,
    isThrottled: (_, params: { error: unknown }) => pinFailure(params.error).kind === 'throttled',
    waitOver: ({ context }) => context.secondsLeft <= 1,
  },
  delays: { countdownStep: PIN_COUNTDOWN_STEP_MS },
}).createMachine({
  id: 'pinPad',
  description:
    'The parental PIN pad (issue 16). Four digits send the PIN to the platform; a wrong PIN shows wrongPin; after 5 wrong PINs the platform refuses the profile for 15 minutes (429 with Retry-After) and the pad counts the wait down; a forgotten PIN sends the reset email.',
  context: ({ input }) => ({ entered: '', error: null, secondsLeft: 0, resetSent: false, env: { api: input.api } }),
  output: ({ context }) => ({ pin: context.entered }),
  initial: 'entering',
  states: {
    entering: {
      description: 'Waiting for digits; the 4th sends the PIN.',
      on: {
        'pin.digit': { target: 'entered', actions: 'addDigit' },
        'pin.delete': { actions: 'deleteDigit' },
        'pin.forgot': { target: 'sendingReset' },
      },
    },
    entered: {
      description: 'A digit was added: sends the PIN when it is complete, else waits for more.',
      always: [{ guard: 'pinComplete', target: 'checking' }, { target: 'entering' }],
    },
    checking: {
      description: 'Checking the PIN with the platform.',
      invoke: {
        src: 'verifyPin',
        input: ({ context }) => ({ api: context.env.api, pin: context.entered }),
        onDone: { target: 'accepted' },
        onError: [
          {
            guard: { type: 'isThrottled', params: ({ event }) => ({ error: event.error }) },
            target: 'throttled',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'entering', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    throttled: {
      description: 'Too many wrong PINs: digits are ignored while secondsLeft counts down (tooManyAttempts with {seconds}).',
      after: {
        countdownStep: [
          { guard: 'waitOver', target: 'entering', actions: 'endWait' },
          { target: 'throttled', reenter: true, actions: 'tick' },
        ],
      },
      on: { 'pin.forgot': { target: 'sendingResetWhileThrottled' } },
    },
    sendingReset: {
      description: 'Sending the reset email.',
      invoke: {
        src: 'requestReset',
        input: ({ context }) => ({ api: context.env.api }),
        onDone: { target: 'entering', actions: 'markResetSent' },
        onError: { target: 'entering', actions: 'showResetFailure' },
      },
    },
    sendingResetWhileThrottled: {
      description: 'Sending the reset email during the wait (the countdown resumes after).',
      invoke: {
        src: 'requestReset',
        input: ({ context }) => ({ api: context.env.api }),
        onDone: { target: 'throttled', actions: 'markResetSent' },
        onError: { target: 'throttled' },
      },
    },
    accepted: {
      type: 'final',
      description: 'The PIN was right: the view goes on (leaves the child profile, opens the settings…).',
    },
  },
});

/** The PIN pad machine's type. */
export type PinPadMachine = typeof pinPadMachine;
