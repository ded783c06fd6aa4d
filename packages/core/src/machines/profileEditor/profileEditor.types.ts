import type { CreateProfileRequest, Profile, UpdateProfileRequest } from '../../contracts/profiles.js';
import type { ChildAgeRatingLimit, HouseholdFailure, ProfileAvatar, ProfileNameProblem, ProfileType } from '../../domain/household.js';

/** Creates a profile, e.g. `({ body, signal }) => api.profiles.create({ body }, { signal })`. */
export type CreateProfileFunction = (request: { body: CreateProfileRequest; signal: AbortSignal }) => Promise<Profile>;
/** Changes a profile, e.g. `({ id, body, signal }) => api.profiles.update({ params: { id }, body }, { signal })`. */
export type UpdateProfileFunction = (request: { id: string; body: UpdateProfileRequest; signal: AbortSignal }) => Promise<Profile>;
/** Deletes a profile, e.g. `({ id, signal }) => api.profiles.remove({ params: { id } }, { signal })`. */
export type RemoveProfileFunction = (request: { id: string; signal: AbortSignal }) => Promise<unknown>;

/** Input of the profile-editor machine: a new profile (no `profile`), or an existing one to change or delete. */
export interface ProfileEditorInput {
  /** The profile to edit; absent: a new one. */
  profile?: Profile | undefined;
  createProfile: CreateProfileFunction;
  updateProfile: UpdateProfileFunction;
  removeProfile: RemoveProfileFunction;
}

/** The form: name as typed, type (fixed once created), avatar, a child's limit. */
export interface ProfileDraft {
  name: string;
  type: ProfileType;
  avatar: ProfileAvatar;
  ageRatingLimit: ChildAgeRatingLimit;
}

/** What the editor ends with: the saved profile, or the id of the deleted one. */
export type ProfileEditorOutput = { kind: 'saved'; profile: Profile } | { kind: 'deleted'; id: string };

/** Context of the profile-editor machine. */
export interface ProfileEditorContext {
  /** The profile edited, or null for a new one. */
  profile: Profile | null;
  draft: ProfileDraft;
  /** The name rule's refusal of the draft's name, shown once a save was tried (or after the name changed since). */
  nameProblem: ProfileNameProblem | null;
  /** A save was tried: show `nameProblem` from then on. */
  submitted: boolean;
  /** What the platform refused last (a message key), or null. */
  failure: HouseholdFailure | null;
  output: ProfileEditorOutput | null;
  /** Internal: the functions of the input. */
  env: Pick<ProfileEditorInput, 'createProfile' | 'updateProfile' | 'removeProfile'>;
}

/** Events of the profile-editor machine. */
export type ProfileEditorEvent =
  | { type: 'editor.name'; name: string }
  /** Only for a new profile (a profile's type never changes). */
  | { type: 'editor.type'; profileType: ProfileType }
  | { type: 'editor.avatar'; avatar: ProfileAvatar }
  /** A child's limit. */
  | { type: 'editor.limit'; ageRatingLimit: ChildAgeRatingLimit }
  | { type: 'editor.save' }
  /** Ask to delete (an existing profile): a confirmation follows. */
  | { type: 'editor.delete' }
  | { type: 'editor.confirm' }
  | { type: 'editor.cancel' };
