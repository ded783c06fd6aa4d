import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ChildAgeRatingLimit, HouseholdFailure, ProfileAvatar, ProfileNameProblem, ProfileType } from '../../domain/household.js';
import type { ProfileEditorMachine } from './profileEditor.machine.js';
import type { ProfileDraft, ProfileEditorEvent } from './profileEditor.types.js';

/** A running profile-editor actor. */
export type ProfileEditorActorRef = ActorRefFrom<ProfileEditorMachine>;
/** A snapshot of the profile-editor machine. */
export type ProfileEditorSnapshot = SnapshotFrom<ProfileEditorMachine>;

/** What a profile form needs. */
export interface ProfileEditorApi {
  status: 'editing' | 'saving' | 'confirmingDelete' | 'deleting' | 'done';
  /** A new profile (its type may still change; no Delete). */
  isNew: boolean;
  draft: ProfileDraft;
  /** The name field's message key (after a save was tried), or null. */
  nameProblem: ProfileNameProblem | null;
  /** The platform's refusal (a message key), or null. */
  failure: HouseholdFailure | null;
  /** A request is on its way: disable the form. */
  busy: boolean;
  setName(name: string): void;
  setType(type: ProfileType): void;
  setAvatar(avatar: ProfileAvatar): void;
  setLimit(limit: ChildAgeRatingLimit): void;
  save(): void;
  askDelete(): void;
  confirm(): void;
  cancel(): void;
}

/** Turns a profile-editor snapshot and its `send` into what the form needs. */
export function connectProfileEditor(snapshot: ProfileEditorSnapshot, send: (event: ProfileEditorEvent) => void): ProfileEditorApi {
  const { profile, draft, nameProblem, submitted, failure } = snapshot.context;
  const status = (['editing', 'saving', 'confirmingDelete', 'deleting', 'done'] as const).find((s) => snapshot.matches(s)) ?? 'editing';
  return {
    status,
    isNew: profile === null,
    draft,
    nameProblem: submitted ? nameProblem : null,
    failure,
    busy: status === 'saving' || status === 'deleting',
    setName: (name) => send({ type: 'editor.name', name }),
    setType: (profileType) => send({ type: 'editor.type', profileType }),
    setAvatar: (avatar) => send({ type: 'editor.avatar', avatar }),
    setLimit: (ageRatingLimit) => send({ type: 'editor.limit', ageRatingLimit }),
    save: () => send({ type: 'editor.save' }),
    askDelete: () => send({ type: 'editor.delete' }),
    confirm: () => send({ type: 'editor.confirm' }),
    cancel: () => send({ type: 'editor.cancel' }),
  };
}
