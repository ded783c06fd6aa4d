import { assign, fromCallback, fromPromise, raise, setup, spawnChild, stopChild, type EventObject } from 'xstate';
import type { LoginResponse } from '../../contracts/auth.js';
import type { ProfileList } from '../../contracts/profiles.js';
import { householdFailure } from '../../domain/household.js';
import { appendPinDigit, PIN_LENGTH } from '../../domain/parentalControl.js';
import type {
  ListProfilesFunction,
  ProfilePickerContext,
  ProfilePickerEvent,
  ProfilePickerInput,
  ProfilePickerOutput,
  SelectProfileFunction,
} from './profilePicker.types.js';

/** The parental PIN's shape: exactly 4 digits (the parental-control rule). */
const PIN = /^\d{4}$/;

/** One second (ms): the throttle countdown's step. */
export const PICKER_COUNTDOWN_STEP_MS = 1000;

/**
 * The profile picker, "who's watching" (issue 16; docs/api.md "Profiles and preferences"): reads
 * the account's profiles (`profiles.list`), lets the viewer choose one, asks for the parental PIN
 * when the list says `pinRequired` for it (leaving a child profile for one that may watch more),
 * and selects it (`profiles.select`). Ends (final state `selected`) with the profile's tokens,
 * which the app hands to the session. With `skipWhenAlone` (after a sign-in), an account of one
 * profile ends at once in `skipped` (output `{ kind: 'skipped' }`: nothing chosen).
 *
 * The PIN comes whole (`picker.pin`) or a key at a time from a pad (`picker.digit`, core's
 * `appendPinDigit`: anything but one digit is ignored; the 4th digit sends it; `picker.delete`
 * removes the last). A wrong PIN stays on the PIN with `wrongPin` and the digits cleared; after 5
 * wrong PINs the platform answers 429: the picker shows `tooManyAttempts` with its seconds and
 * refuses PINs until that wait has passed (`secondsLeft` from `Retry-After`, counted down each
 * second: named delay `pinRetryAfter`, one step of {@link PICKER_COUNTDOWN_STEP_MS}). A failed
 * read waits for `picker.reload`; a failed selection goes back to the list with its message.
 */
export const profilePickerMachine = setup({
  types: {} as { context: ProfilePickerContext; events: ProfilePickerEvent; input: ProfilePickerInput; output: ProfilePickerOutput },
  actors: {
    /** `requestPinReset(signal)` of the input, answering `picker.resetSent` or `picker.resetFailed`. */
    requestPinReset: fromCallback<EventObject, { requestPinReset: (signal: AbortSignal) => Promise<unknown> }>(({ input, sendBack }) => {
      const controller = new AbortController();
      input.requestPinReset(controller.signal).then(
        () => sendBack({ type: 'picker.resetSent' }),
        () => !controller.signal.aborted && sendBack({ type: 'picker.resetFailed' }),
      );
      return () => controller.abort();
    }),
    /** `listProfiles(signal)` of the input. */
    listProfiles: fromPromise<ProfileList, { listProfiles: ListProfilesFunction }>(({ input, signal }) => input.listProfiles(signal)),
    /** `selectProfile({ id, pin, signal })` of the input. */
    selectProfile: fromPromise<LoginResponse, { selectProfile: SelectProfileFunction; id: string; pin: string | undefined }>(({ input, signal }) =>
      input.selectProfile({ id: input.id, ...(input.pin === undefined ? {} : { pin: input.pin }), signal }),
    ),
  },
  actions: {
    storeList: assign((_, list: ProfileList) => ({
      profiles: list.items,
      currentProfileId: list.currentProfileId,
      maxProfiles: list.maxProfiles,
      failure: null,
    })),
    choose: assign((_, params: { id: string }) => ({ chosenId: params.id, failure: null, entered: '' })),
    forgetChoice: assign({ chosenId: null, failure: null, entered: '', secondsLeft: 0 }),
    fail: assign((_, params: { error: unknown }) => {
      const failure = householdFailure(params.error);
      return { failure, entered: '', secondsLeft: 'seconds' in failure ? failure.seconds : 0 };
    }),
    addDigit: assign(({ context }, params: { key: string }) => ({ entered: appendPinDigit(context.entered, params.key), failure: null })),
    deleteDigit: assign(({ context }) => ({ entered: context.entered.slice(0, -1) })),
    /** The 4th digit: sends the PIN as `picker.pin` (the digits are dropped at once). */
    sendPin: raise(({ context }, params: { key: string }) => ({ type: 'picker.pin' as const, pin: appendPinDigit(context.entered, params.key) })),
    clearDigits: assign({ entered: '' }),
    tick: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    clearThrottle: assign({ failure: null, secondsLeft: 0 }),
    storeTokens: assign((_, tokens: LoginResponse) => ({ tokens, failure: null })),
  },
  guards: {
    /** The chosen profile needs the parental PIN from this session. */
    needsPin: ({ context, event }) => event.type === 'picker.choose' && context.profiles.some((p) => p.id === event.id && p.pinRequired),
    /** The id is one of the list's. */
    known: ({ context, event }) => event.type === 'picker.choose' && context.profiles.some((p) => p.id === event.id),
    /** An account of one profile (or none), after a sign-in: nothing to choose. */
    alone: ({ context }, params: { count: number }) => context.env.skipWhenAlone === true && params.count <= 1,
    /** This key completes the PIN. */
    completesPin: ({ context }, params: { key: string }) =>
      context.entered.length === PIN_LENGTH - 1 && appendPinDigit(context.entered, params.key).length === PIN_LENGTH,
    /** The countdown's last second. */
    waitOver: ({ context }) => context.secondsLeft <= 1,
    /** A PIN of 4 digits. */
    pinWellFormed: ({ event }) => event.type === 'picker.pin' && PIN.test(event.pin),
    /** The last failure was the throttle's. */
    throttled: ({ context }) => context.failure?.key === 'tooManyAttempts',
    /** The platform asks for the PIN again (required, wrong, or throttled). */
    pinRefused: ({ event }) => {
      const { key } = householdFailure((event as { error?: unknown }).error);
      return key === 'wrongPin' || key === 'parentalPinRequired' || key === 'tooManyAttempts';
    },
  },
  delays: {
    /** One step of the throttle's countdown (`secondsLeft`, from `Retry-After`). */
    pinRetryAfter: PICKER_COUNTDOWN_STEP_MS,
  },
}).createMachine({
  id: 'profilePicker',
  description:
    "Who's watching (issue 16): the account's profiles read, one chosen, the parental PIN asked when leaving a child profile for one that may watch more (throttled: a countdown from Retry-After), the profile selected; ends with its tokens.",
  context: ({ input }) => ({
    profiles: [],
    currentProfileId: null,
    maxProfiles: 0,
    chosenId: null,
    failure: null,
    tokens: null,
    entered: '',
    secondsLeft: 0,
    pinReset: 'idle',
    env: input,
  }),
  initial: 'loading',
  output: ({ context }) =>
    context.tokens && context.chosenId ? { kind: 'selected' as const, tokens: context.tokens, profileId: context.chosenId } : { kind: 'skipped' as const },
  states: {
    loading: {
      description: 'The profiles are being read.',
      invoke: {
        src: 'listProfiles',
        input: ({ context }) => ({ listProfiles: context.env.listProfiles }),
        onDone: [
          { guard: { type: 'alone', params: ({ event }) => ({ count: event.output.items.length }) }, target: 'skipped' },
          { target: 'choosing', actions: { type: 'storeList', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The profiles could not be read: Retry.',
      on: { 'picker.reload': 'loading' },
    },
    choosing: {
      description: 'The list is shown; the viewer chooses.',
      on: {
        'picker.reload': 'loading',
        'picker.choose': [
          { guard: 'needsPin', target: 'pin', actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) } },
          { guard: 'known', target: 'selecting', actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) } },
        ],
      },
    },
    pin: {
      description: 'The parental PIN is asked for the chosen profile.',
      initial: 'entering',
      on: {
        'picker.cancel': { target: 'choosing', actions: 'forgetChoice' },
        'picker.forgot': {
          guard: ({ context }) => context.env.requestPinReset !== undefined && context.pinReset !== 'sending',
          actions: [
            assign({ pinReset: 'sending' as const }),
            spawnChild('requestPinReset', { id: 'requestPinReset', input: ({ context }) => ({ requestPinReset: context.env.requestPinReset! }) }),
          ],
        },
        'picker.resetSent': { actions: [assign({ pinReset: 'sent' as const }), stopChild('requestPinReset')] },
        'picker.resetFailed': { actions: [assign({ pinReset: 'failed' as const }), stopChild('requestPinReset')] },
      },
      states: {
        entering: {
          always: { guard: 'throttled', target: 'throttled' },
          on: {
            'picker.pin': { guard: 'pinWellFormed', target: '#profilePicker.selecting', actions: 'clearDigits' },
            'picker.digit': [
              {
                guard: { type: 'completesPin', params: ({ event }) => ({ key: event.key }) },
                actions: [{ type: 'sendPin', params: ({ event }) => ({ key: event.key }) }, 'clearDigits'],
              },
              { actions: { type: 'addDigit', params: ({ event }) => ({ key: event.key }) } },
            ],
            'picker.delete': { actions: 'deleteDigit' },
          },
        },
        throttled: {
          description: 'Too many wrong PINs from this profile: PINs and digits are refused while secondsLeft (from Retry-After) counts down.',
          after: {
            pinRetryAfter: [
              { guard: 'waitOver', target: 'entering', actions: 'clearThrottle' },
              { target: 'throttled', reenter: true, actions: 'tick' },
            ],
          },
        },
      },
    },
    selecting: {
      description: "The chosen profile's session is being made.",
      invoke: {
        src: 'selectProfile',
        input: ({ context, event }) => ({
          selectProfile: context.env.selectProfile,
          id: context.chosenId!,
          pin: event.type === 'picker.pin' ? event.pin : undefined,
        }),
        onDone: { target: 'selected', actions: { type: 'storeTokens', params: ({ event }) => event.output } },
        onError: [
          { guard: 'pinRefused', target: 'pin', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          { target: 'choosing', actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    selected: { type: 'final', description: "The profile is selected; the output holds its tokens." },
    skipped: { type: 'final', description: 'After a sign-in, an account of one profile: nothing to choose (output `skipped`).' },
  },
});

/** The profile-picker machine's type. */
export type ProfilePickerMachine = typeof profilePickerMachine;
