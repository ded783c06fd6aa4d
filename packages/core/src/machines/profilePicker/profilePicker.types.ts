import type { LoginResponse } from '../../contracts/auth.js';
import type { ProfileList, ProfileListItem } from '../../contracts/profiles.js';
import type { HouseholdFailure } from '../../domain/household.js';

/** Reads the account's profiles, e.g. `(signal) => api.profiles.list(undefined, { signal })`. */
export type ListProfilesFunction = (signal: AbortSignal) => Promise<ProfileList>;

/** What the select function is asked: a session for profile `id`, with the parental PIN when the list said `pinRequired`. */
export interface ProfileSelection {
  id: string;
  pin?: string | undefined;
  signal: AbortSignal;
}

/** Selects a profile, e.g. `({ id, pin, signal }) => api.profiles.select({ params: { id }, body: pin ? { pin } : {} }, { signal })`. */
export type SelectProfileFunction = (request: ProfileSelection) => Promise<LoginResponse>;

/** Input of the profile-picker machine ("who's watching"). */
export interface ProfilePickerInput {
  listProfiles: ListProfilesFunction;
  selectProfile: SelectProfileFunction;
  /**
   * After a sign-in ("who's watching" before home): when the account has one profile, the picker
   * selects nothing and ends at once (`{ kind: 'skipped' }`). @default false
   */
  skipWhenAlone?: boolean | undefined;
  /**
   * "Forgotten PIN?" on the PIN step: emails the account's address a link to reset the PIN
   * (`calls.parentalControl.pin` without a body; docs/api.md "Parental control"). Absent: not offered.
   */
  requestPinReset?: ((signal: AbortSignal) => Promise<unknown>) | undefined;
}

/**
 * What the picker ends with: `selected`, the chosen profile's tokens (hand them to the session:
 * `session.signedIn { tokens }`) and its id; or `skipped` (with `skipWhenAlone`, an account of
 * one profile: nothing to choose, the session stays as it is).
 */
export type ProfilePickerOutput = { kind: 'selected'; tokens: LoginResponse; profileId: string } | { kind: 'skipped' };

/** Context of the profile-picker machine. */
export interface ProfilePickerContext {
  profiles: ProfileListItem[];
  /** The session's profile (from the list), or null before it is read. */
  currentProfileId: string | null;
  /** Most profiles an account may hold (the list's `maxProfiles`), 0 before it is read. */
  maxProfiles: number;
  /** The profile chosen, while its PIN is asked or its session made. */
  chosenId: string | null;
  /** What went wrong last (a message key; `tooManyAttempts` with its seconds), or null. */
  failure: HouseholdFailure | null;
  /** The tokens of the chosen profile, once selected. */
  tokens: LoginResponse | null;
  /** The PIN's digits entered so far (0 to 4), from `picker.digit`; never logged, cleared once sent. */
  entered: string;
  /** While throttled: the whole seconds left before a PIN is accepted again (counts down each second). */
  secondsLeft: number;
  /** The reset email of "Forgotten PIN?": not asked (`idle`), on its way, sent, or failed. */
  pinReset: 'idle' | 'sending' | 'sent' | 'failed';
  /** Internal: the functions of the input. */
  env: ProfilePickerInput;
}

/** Events of the profile-picker machine. */
export type ProfilePickerEvent =
  /** Read the list again (after a failure, or after the editor changed it). */
  | { type: 'picker.reload' }
  /** The viewer chose a profile. */
  | { type: 'picker.choose'; id: string }
  /** The viewer entered the parental PIN (4 digits) for the chosen profile. */
  | { type: 'picker.pin'; pin: string }
  /** A key of the PIN pad: one digit `0`–`9` (anything else is ignored); the 4th digit sends the PIN. */
  | { type: 'picker.digit'; key: string }
  /** Deletes the PIN's last digit. */
  | { type: 'picker.delete' }
  /** The viewer gave up the PIN: back to the list. */
  | { type: 'picker.cancel' }
  /** "Forgotten PIN?" (on the PIN step, also while throttled): emails the reset link. Ignored without `requestPinReset` or while one is on its way. */
  | { type: 'picker.forgot' }
  /** Internal (from the reset request): the email was sent, or the request failed. */
  | { type: 'picker.resetSent' }
  | { type: 'picker.resetFailed' };
