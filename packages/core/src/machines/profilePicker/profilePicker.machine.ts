import { assign, fromPromise, setup } from 'xstate';
import type { LoginResponse } from '../../contracts/auth.js';
import type { ProfileList } from '../../contracts/profiles.js';
import { householdFailure } from '../../domain/household.js';
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

/**
 * The profile picker, "who's watching" (issue 16; docs/api.md "Profiles and preferences"): reads
 * the account's profiles (`profiles.list`), lets the viewer choose one, asks for the parental PIN
 * when the list says `pinRequired` for it (leaving a child profile for one that may watch more),
 * and selects it (`profiles.select`). Ends (final state `selected`) with the profile's tokens,
 * which the app hands to the session.
 *
 * A wrong PIN stays on the PIN with `wrongPin`; after 5 wrong PINs the platform answers
 * 429: the picker shows `tooManyAttempts` with its seconds and refuses PINs until that wait has
 * passed (named delay `pinRetryAfter`, from `Retry-After`). A failed read waits for
 * `picker.reload`; a failed selection goes back to the list with its message.
 */
export const profilePickerMachine = setup({
  types: {} as { context: ProfilePickerContext; events: ProfilePickerEvent; input: ProfilePickerInput; output: ProfilePickerOutput },
  actors: {
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
    choose: assign((_, params: { id: string }) => ({ chosenId: params.id, failure: null })),
    forgetChoice: assign({ chosenId: null, failure: null }),
    fail: assign((_, params: { error: unknown }) => ({ failure: householdFailure(params.error) })),
    clearThrottle: assign({ failure: null }),
    storeTokens: assign((_, tokens: LoginResponse) => ({ tokens, failure: null })),
  },
  guards: {
    /** The chosen profile needs the parental PIN from this session. */
    needsPin: ({ context, event }) => event.type === 'picker.choose' && context.profiles.some((p) => p.id === event.id && p.pinRequired),
    /** The id is one of the list's. */
    known: ({ context, event }) => event.type === 'picker.choose' && context.profiles.some((p) => p.id === event.id),
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
    /** The throttle's wait (`Retry-After`, milliseconds). */
    pinRetryAfter: ({ context }) => (context.failure && 'seconds' in context.failure ? context.failure.seconds * 1000 : 0),
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
    env: input,
  }),
  initial: 'loading',
  output: ({ context }) => ({ tokens: context.tokens!, profileId: context.chosenId! }),
  states: {
    loading: {
      description: 'The profiles are being read.',
      invoke: {
        src: 'listProfiles',
        input: ({ context }) => ({ listProfiles: context.env.listProfiles }),
        onDone: { target: 'choosing', actions: { type: 'storeList', params: ({ event }) => event.output } },
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
      on: { 'picker.cancel': { target: 'choosing', actions: 'forgetChoice' } },
      states: {
        entering: {
          always: { guard: 'throttled', target: 'throttled' },
          on: { 'picker.pin': { guard: 'pinWellFormed', target: '#profilePicker.selecting' } },
        },
        throttled: {
          description: 'Too many wrong PINs from this profile: PINs are refused until Retry-After has passed.',
          after: { pinRetryAfter: { target: 'entering', actions: 'clearThrottle' } },
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
  },
});

/** The profile-picker machine's type. */
export type ProfilePickerMachine = typeof profilePickerMachine;
