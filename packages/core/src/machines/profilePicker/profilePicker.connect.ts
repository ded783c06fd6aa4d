import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { ProfileListItem } from '../../contracts/profiles.js';
import type { HouseholdFailure } from '../../domain/household.js';
import type { ProfilePickerMachine } from './profilePicker.machine.js';
import type { ProfilePickerEvent, ProfilePickerInput } from './profilePicker.types.js';

/** A running profile-picker actor. */
export type ProfilePickerActorRef = ActorRefFrom<ProfilePickerMachine>;
/** A snapshot of the profile-picker machine. */
export type ProfilePickerSnapshot = SnapshotFrom<ProfilePickerMachine>;

/** What a "who's watching" view needs. */
export interface ProfilePickerApi {
  /** `loading` (skeletons), `failed` (Retry), `choosing`, `pin` (the PIN pad), `throttled` (the pad disabled, a countdown), `selecting`, `selected`, `skipped` (one profile after a sign-in: go on). */
  status: 'loading' | 'failed' | 'choosing' | 'pin' | 'throttled' | 'selecting' | 'selected' | 'skipped';
  profiles: ProfileListItem[];
  currentProfileId: string | null;
  /** Another profile may be added (fewer than `maxProfiles`). */
  canAdd: boolean;
  /** The profile chosen (while its PIN is asked or its session made), or null. */
  chosen: ProfileListItem | null;
  /** The message to show (a key; `tooManyAttempts` with `seconds`), or null. */
  failure: HouseholdFailure | null;
  /** How many PIN digits are entered (0 to 4): the pad's dots. */
  pinLength: number;
  /** While throttled, the whole seconds left (counting down); else 0. */
  secondsLeft: number;
  /** The PIN pad accepts digits (in `pin`, not throttled nor sending). */
  canType: boolean;
  reload(): void;
  choose(id: string): void;
  submitPin(pin: string): void;
  /** A key of the PIN pad (`'0'`–`'9'`); the 4th digit sends the PIN. */
  digit(key: string): void;
  /** Deletes the PIN's last digit. */
  deleteDigit(): void;
  cancel(): void;
  /** "Forgotten PIN?": emails the reset link; undefined when the picker was given no `requestPinReset`. */
  forgot: (() => void) | undefined;
  /** The reset email was sent (show `pinResetEmailSent`). */
  resetSent: boolean;
  /** The reset email could not be sent (show `anErrorOccured`). */
  resetFailed: boolean;
}

/** Turns a profile-picker snapshot and its `send` into what the view needs. */
export function connectProfilePicker(snapshot: ProfilePickerSnapshot, send: (event: ProfilePickerEvent) => void): ProfilePickerApi {
  const { profiles, currentProfileId, maxProfiles, chosenId, failure, entered, secondsLeft, pinReset, env } = snapshot.context;
  const status: ProfilePickerApi['status'] = snapshot.matches({ pin: 'throttled' })
    ? 'throttled'
    : snapshot.matches('pin')
      ? 'pin'
      : (['loading', 'failed', 'choosing', 'selecting', 'selected', 'skipped'] as const).find((s) => snapshot.matches(s)) ?? 'loading';
  return {
    status,
    profiles,
    currentProfileId,
    canAdd: maxProfiles > 0 && profiles.length < maxProfiles,
    chosen: profiles.find((p) => p.id === chosenId) ?? null,
    failure,
    pinLength: entered.length,
    secondsLeft: status === 'throttled' ? secondsLeft : 0,
    canType: status === 'pin',
    reload: () => send({ type: 'picker.reload' }),
    choose: (id) => send({ type: 'picker.choose', id }),
    submitPin: (pin) => send({ type: 'picker.pin', pin }),
    digit: (key) => send({ type: 'picker.digit', key }),
    deleteDigit: () => send({ type: 'picker.delete' }),
    cancel: () => send({ type: 'picker.cancel' }),
    forgot: env.requestPinReset ? () => send({ type: 'picker.forgot' }) : undefined,
    resetSent: pinReset === 'sent',
    resetFailed: pinReset === 'failed',
  };
}

/**
 * The picker's calls over the API client (its input's functions): `calls.profiles.list`,
 * `calls.profiles.select` (`{ pin }` only when one is given) and, for "Forgotten PIN?",
 * `calls.parentalControl.pin` without a body; each abortable by its signal.
 */
export function profilePickerCalls(api: ApiClient): Pick<ProfilePickerInput, 'listProfiles' | 'selectProfile' | 'requestPinReset'> {
  return {
    requestPinReset: (signal) => api.parentalControl.pin(undefined, { signal }),
    listProfiles: (signal) => api.profiles.list(undefined, { signal }),
    selectProfile: ({ id, pin, signal }) => api.profiles.select({ params: { id }, body: pin === undefined ? {} : { pin } }, { signal }),
  };
}
