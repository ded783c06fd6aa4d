import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ProfileListItem } from '../../contracts/profiles.js';
import type { HouseholdFailure } from '../../domain/household.js';
import type { ProfilePickerMachine } from './profilePicker.machine.js';
import type { ProfilePickerEvent } from './profilePicker.types.js';

/** A running profile-picker actor. */
export type ProfilePickerActorRef = ActorRefFrom<ProfilePickerMachine>;
/** A snapshot of the profile-picker machine. */
export type ProfilePickerSnapshot = SnapshotFrom<ProfilePickerMachine>;

/** What a "who's watching" view needs. */
export interface ProfilePickerApi {
  /** `loading` (skeletons), `failed` (Retry), `choosing`, `pin` (the PIN pad), `throttled` (the pad disabled, a countdown), `selecting`, `selected`. */
  status: 'loading' | 'failed' | 'choosing' | 'pin' | 'throttled' | 'selecting' | 'selected';
  profiles: ProfileListItem[];
  currentProfileId: string | null;
  /** Another profile may be added (fewer than `maxProfiles`). */
  canAdd: boolean;
  /** The profile chosen (while its PIN is asked or its session made), or null. */
  chosen: ProfileListItem | null;
  /** The message to show (a key; `tooManyAttempts` with `seconds`), or null. */
  failure: HouseholdFailure | null;
  reload(): void;
  choose(id: string): void;
  submitPin(pin: string): void;
  cancel(): void;
}

/** Turns a profile-picker snapshot and its `send` into what the view needs. */
export function connectProfilePicker(snapshot: ProfilePickerSnapshot, send: (event: ProfilePickerEvent) => void): ProfilePickerApi {
  const { profiles, currentProfileId, maxProfiles, chosenId, failure } = snapshot.context;
  const status: ProfilePickerApi['status'] = snapshot.matches({ pin: 'throttled' })
    ? 'throttled'
    : snapshot.matches('pin')
      ? 'pin'
      : (['loading', 'failed', 'choosing', 'selecting', 'selected'] as const).find((s) => snapshot.matches(s)) ?? 'loading';
  return {
    status,
    profiles,
    currentProfileId,
    canAdd: maxProfiles > 0 && profiles.length < maxProfiles,
    chosen: profiles.find((p) => p.id === chosenId) ?? null,
    failure,
    reload: () => send({ type: 'picker.reload' }),
    choose: (id) => send({ type: 'picker.choose', id }),
    submitPin: (pin) => send({ type: 'picker.pin', pin }),
    cancel: () => send({ type: 'picker.cancel' }),
  };
}
