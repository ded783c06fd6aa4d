/**
 * The household's rules (issue 16; docs/api.md "Profiles and preferences"): the profiles of one
 * account, what each may do, the profile name rule, when switching profile needs the parental
 * PIN, and what a deletion or a creation must respect. Implements commerce-and-account-data.md §3
 * "Profile" (types include CHILD) and §6 ("Child profiles cannot buy or sign up"). Pure and total:
 * bad input gives a typed result, never a throw.
 */
import { readErrorLayers } from './errorLayers.js';
import { isOneOf } from './oneOf.js';
import { TOO_MANY_ATTEMPTS_KEY, tooManyAttemptsMessage } from './throttle.js';

/** A profile's type (§3 "Profile: types include CHILD"). */
export const PROFILE_TYPES = ['ADULT', 'CHILD'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];
/** True when `value` is a {@link ProfileType}. */
export const isProfileType = (value: unknown): value is ProfileType => isOneOf(PROFILE_TYPES, value);

/** Most profiles one account holds (issue 16). */
export const MAX_PROFILES = 5;
/** Longest profile name, in user-perceived characters (grapheme clusters), after trimming. */
export const PROFILE_NAME_MAX_GRAPHEMES = 30;

/** The fixed set of avatar keys a profile may show (the web app maps each to a picture). */
export const PROFILE_AVATARS = ['fox', 'owl', 'bear', 'cat', 'panda', 'robot', 'rocket', 'star', 'wave', 'leaf'] as const;
export type ProfileAvatar = (typeof PROFILE_AVATARS)[number];
/** True when `value` is a {@link ProfileAvatar}. */
export const isProfileAvatar = (value: unknown): value is ProfileAvatar => isOneOf(PROFILE_AVATARS, value);
/** The avatar of a new adult profile when none is chosen. */
export const DEFAULT_ADULT_AVATAR: ProfileAvatar = 'fox';
/** The avatar of a new child profile when none is chosen. */
export const DEFAULT_CHILD_AVATAR: ProfileAvatar = 'owl';

/**
 * The age-rating limits a child profile may have: the highest minimum age (`titles.age_rating`)
 * of a title it may receive. A title rated at or below the limit is allowed.
 */
export const CHILD_AGE_RATING_LIMITS = [0, 7, 12, 16] as const;
export type ChildAgeRatingLimit = (typeof CHILD_AGE_RATING_LIMITS)[number];
/** A new child profile's limit when none is chosen. */
export const DEFAULT_CHILD_AGE_RATING_LIMIT: ChildAgeRatingLimit = 12;
/** True when `value` is one of {@link CHILD_AGE_RATING_LIMITS}. */
export function isChildAgeRatingLimit(value: unknown): value is ChildAgeRatingLimit {
  return typeof value === 'number' && (CHILD_AGE_RATING_LIMITS as readonly number[]).includes(value);
}

/** What the rules need of a profile: its type and, for a child, its limit. */
export interface ProfileRef {
  type: ProfileType;
  /** A child's limit (absent or null for an adult). */
  ageRatingLimit?: number | null | undefined;
}

/** The message key of a refused profile name. */
export type ProfileNameProblem = 'profileNameRequired' | 'profileNameTooLong' | 'profileNameInvalid';

/** A checked profile name: the name to store (trimmed, NFC), or why it is refused. */
export type ProfileNameCheck = { ok: true; name: string } | { ok: false; problem: ProfileNameProblem };

// Control, format-only (except ZWJ/ZWNJ, which join graphemes in emoji and Indic scripts), line
// and paragraph separators, and unpaired surrogates.
const FORBIDDEN_IN_NAME = /[\p{Cc}\u2028\u2029\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\uFEFF]|\p{Cs}/u;

/** User-perceived characters of `text` (grapheme clusters, `Intl.Segmenter`), not UTF-16 units. */
export function graphemeCount(text: string): number {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (!Segmenter) return Array.from(text).length;
  let count = 0;
  for (const _ of new Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) count += 1;
  return count;
}

/**
 * The profile name rule: any script; trimmed (and NFC-normalised); 1 to
 * {@link PROFILE_NAME_MAX_GRAPHEMES} grapheme clusters; no control, line-separator, bidi-override or
 * invisible characters (an unpaired surrogate is refused too). Total over any value: a non-string
 * is `profileNameRequired`.
 */
export function checkProfileName(raw: unknown): ProfileNameCheck {
  if (typeof raw !== 'string') return { ok: false, problem: 'profileNameRequired' };
  if (FORBIDDEN_IN_NAME.test(raw.replace(/^\s+|\s+$/gu, ''))) return { ok: false, problem: 'profileNameInvalid' };
  const name = raw.normalize('NFC').trim();
  if (name === '') return { ok: false, problem: 'profileNameRequired' };
  if (graphemeCount(name) > PROFILE_NAME_MAX_GRAPHEMES) return { ok: false, problem: 'profileNameTooLong' };
  return { ok: true, name };
}

/** Two names the household would confuse: the same once trimmed, NFC-normalised and lower-cased. */
export function sameProfileName(a: string, b: string): boolean {
  const key = (s: string) => s.normalize('NFC').trim().toLocaleLowerCase('und');
  return key(a) === key(b);
}

/**
 * What a profile's session may do:
 * - `watch`, `editOwnPreferences`, `switchProfile` (with the PIN where {@link switchNeedsPin}
 *   says so): every profile;
 * - `manageProfiles` (create, rename, change avatar or limit, delete), `purchase`, `signUp`,
 *   `parentalSettings`, `accountPages`: adults only (§6: a child cannot buy or sign up; the
 *   sandbox answers 403 `kidProfileManagementDenied`, `kidPurchasePermissionDenied`).
 */
export const PROFILE_ACTIONS = [
  'watch',
  'editOwnPreferences',
  'switchProfile',
  'manageProfiles',
  'purchase',
  'signUp',
  'parentalSettings',
  'accountPages',
] as const;
export type ProfileAction = (typeof PROFILE_ACTIONS)[number];

const CHILD_ACTIONS: readonly ProfileAction[] = ['watch', 'editOwnPreferences', 'switchProfile'];

/** Whether `profile` may do `action` (see {@link PROFILE_ACTIONS}). An unknown type is treated as a child (the safe side). */
export function profileMay(profile: ProfileRef, action: ProfileAction): boolean {
  if (profile.type === 'ADULT') return isOneOf(PROFILE_ACTIONS, action);
  return CHILD_ACTIONS.includes(action);
}

/** The message key of a refused action of a child profile, for the 403 and the page. */
export function deniedActionKey(action: ProfileAction): 'kidPurchasePermissionDenied' | 'kidProfileManagementDenied' {
  return action === 'purchase' || action === 'signUp' ? 'kidPurchasePermissionDenied' : 'kidProfileManagementDenied';
}

/** The limit that bounds a profile's titles: a child's, or none (`Infinity`) for an adult. */
export function effectiveAgeLimit(profile: ProfileRef): number {
  if (profile.type === 'ADULT') return Number.POSITIVE_INFINITY;
  const limit = profile.ageRatingLimit;
  return typeof limit === 'number' && Number.isFinite(limit) ? limit : 0;
}

/**
 * Whether switching from the session's profile `from` (undefined: a session without a profile,
 * the account's first adult) to `to` needs the parental PIN: only when the account has one in
 * force (`pinInForce`) and the switch widens what may be watched: leaving a child profile for an
 * adult one, or for a child one with a higher limit. Adult sessions and same-or-narrower moves
 * never need it.
 */
export function switchNeedsPin(from: ProfileRef | undefined, to: ProfileRef, pinInForce: boolean): boolean {
  if (!pinInForce || from === undefined || from.type === 'ADULT') return false;
  return effectiveAgeLimit(to) > effectiveAgeLimit(from);
}

/** Why a new profile may not be created, or null. */
export type ProfileCreationProblem = 'PROFILE_LIMIT' | 'PROFILE_NAME_TAKEN';

/** Whether a profile named `name` may join `existing`: at most {@link MAX_PROFILES}, names distinct ({@link sameProfileName}). */
export function profileCreationProblem(existing: readonly { name: string }[], name: string): ProfileCreationProblem | null {
  if (existing.length >= MAX_PROFILES) return 'PROFILE_LIMIT';
  if (existing.some((p) => sameProfileName(p.name, name))) return 'PROFILE_NAME_TAKEN';
  return null;
}

/** Why a profile may not be deleted, or null. */
export type ProfileRemovalProblem = 'NOT_FOUND' | 'PROFILE_IN_USE' | 'LAST_ADULT_PROFILE';

/**
 * Whether profile `id` may be deleted from `profiles` by a session on profile `currentId`: it
 * must exist, not be the account's last adult profile (`LAST_ADULT_PROFILE`: an account always
 * keeps one; checked first, as the more telling reason), and not be the session's own profile
 * (`PROFILE_IN_USE`: switch first).
 */
export function profileRemovalProblem(
  profiles: readonly (ProfileRef & { id: string })[],
  id: string,
  currentId: string | undefined,
): ProfileRemovalProblem | null {
  const target = profiles.find((p) => p.id === id);
  if (!target) return 'NOT_FOUND';
  if (target.type === 'ADULT' && profiles.filter((p) => p.type === 'ADULT').length <= 1) return 'LAST_ADULT_PROFILE';
  if (id === currentId) return 'PROFILE_IN_USE';
  return null;
}

/** The message keys the household's calls answer with (first of `messages`), which a view shows as is. */
export const HOUSEHOLD_MESSAGE_KEYS = [
  'profileNameRequired',
  'profileNameTooLong',
  'profileNameInvalid',
  'profileNameTaken',
  'profileLimitReached',
  'profileInUse',
  'lastAdultProfile',
  'kidProfileManagementDenied',
  'kidPurchasePermissionDenied',
  'parentalPinRequired',
  'wrongPin',
] as const;
export type HouseholdMessageKey = (typeof HOUSEHOLD_MESSAGE_KEYS)[number];

/** The default key of a failure the household does not name (commerce §8 "default is anErrorOccured"). */
export const HOUSEHOLD_FALLBACK_KEY = 'anErrorOccured';

/** What a household view shows for a failed call: a message key and, for a throttled PIN, the wait in seconds. */
export type HouseholdFailure =
  | { key: HouseholdMessageKey | typeof HOUSEHOLD_FALLBACK_KEY }
  | { key: typeof TOO_MANY_ATTEMPTS_KEY; seconds: number };

/**
 * The message of a failed household call (an `ApiError`, a platform error body, anything): 429
 * `TOO_MANY_ATTEMPTS` → `tooManyAttempts` with its `seconds` (`tooManyAttemptsMessage`); a first
 * message of {@link HOUSEHOLD_MESSAGE_KEYS} → that key; anything else → `anErrorOccured`. Never throws.
 */
export function householdFailure(error: unknown): HouseholdFailure {
  const throttled = tooManyAttemptsMessage(error);
  if (throttled) return { key: TOO_MANY_ATTEMPTS_KEY, seconds: throttled.seconds };
  const { messages } = readErrorLayers(error);
  const known = messages.find((m): m is HouseholdMessageKey => isOneOf(HOUSEHOLD_MESSAGE_KEYS, m));
  return { key: known ?? HOUSEHOLD_FALLBACK_KEY };
}
