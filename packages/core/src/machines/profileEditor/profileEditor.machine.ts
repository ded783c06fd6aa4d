import { assign, fromPromise, setup } from 'xstate';
import type { CreateProfileRequest, Profile, UpdateProfileRequest } from '../../contracts/profiles.js';
import {
  checkProfileName,
  DEFAULT_ADULT_AVATAR,
  DEFAULT_CHILD_AGE_RATING_LIMIT,
  DEFAULT_CHILD_AVATAR,
  householdFailure,
  isChildAgeRatingLimit,
  isProfileAvatar,
} from '../../domain/household.js';
import type {
  CreateProfileFunction,
  ProfileDraft,
  ProfileEditorContext,
  ProfileEditorEvent,
  ProfileEditorInput,
  ProfileEditorOutput,
  RemoveProfileFunction,
  UpdateProfileFunction,
} from './profileEditor.types.js';

/** The form of `profile`, or of a new adult profile. */
function draftOf(profile: Profile | undefined): ProfileDraft {
  if (!profile) return { name: '', type: 'ADULT', avatar: DEFAULT_ADULT_AVATAR, ageRatingLimit: DEFAULT_CHILD_AGE_RATING_LIMIT };
  return {
    name: profile.name,
    type: profile.type,
    avatar: isProfileAvatar(profile.avatar) ? profile.avatar : DEFAULT_ADULT_AVATAR,
    ageRatingLimit: isChildAgeRatingLimit(profile.ageRatingLimit) ? profile.ageRatingLimit : DEFAULT_CHILD_AGE_RATING_LIMIT,
  };
}

/** The name rule's problem with `name`, or null. */
const problemOf = (name: string) => {
  const checked = checkProfileName(name);
  return checked.ok ? null : checked.problem;
};

/** The body of a save: everything for a new profile; only what changed for an existing one (null when nothing did). */
function saveBody(context: ProfileEditorContext): CreateProfileRequest | UpdateProfileRequest | null {
  const { draft, profile } = context;
  const name = (checkProfileName(draft.name) as { name: string }).name;
  const child = draft.type === 'CHILD';
  if (!profile) return { name, type: draft.type, avatar: draft.avatar, ...(child ? { ageRatingLimit: draft.ageRatingLimit } : {}) };
  const body: UpdateProfileRequest = {};
  if (name !== profile.name) body.name = name;
  if (draft.avatar !== profile.avatar) body.avatar = draft.avatar;
  if (child && draft.ageRatingLimit !== profile.ageRatingLimit) body.ageRatingLimit = draft.ageRatingLimit;
  return Object.keys(body).length > 0 ? body : null;
}

/**
 * The profile editor (issue 16; docs/api.md "Profiles and preferences"): creates a profile (name,
 * adult or child, avatar, a child's age-rating limit), or renames one, changes its avatar or a
 * child's limit, or deletes it after a confirmation. The name rule is core's `checkProfileName`
 * (checked before anything is sent; its message shown once a save was tried); the platform's
 * refusals (`profileLimitReached`, `profileNameTaken`, `lastAdultProfile`, `profileInUse`,
 * `kidProfileManagementDenied`) stay on the form with their key. Ends (final `done`) with the
 * saved profile or the deleted id; a save of an unchanged profile ends at once with it.
 */
export const profileEditorMachine = setup({
  types: {} as { context: ProfileEditorContext; events: ProfileEditorEvent; input: ProfileEditorInput; output: ProfileEditorOutput },
  actors: {
    /** `createProfile` or `updateProfile` of the input. */
    saveProfile: fromPromise<
      Profile,
      { create: CreateProfileFunction; update: UpdateProfileFunction; id: string | null; body: CreateProfileRequest | UpdateProfileRequest }
    >(({ input, signal }) =>
      input.id === null
        ? input.create({ body: input.body as CreateProfileRequest, signal })
        : input.update({ id: input.id, body: input.body as UpdateProfileRequest, signal }),
    ),
    /** `removeProfile` of the input; the output is the id. */
    removeProfile: fromPromise<string, { remove: RemoveProfileFunction; id: string }>(async ({ input, signal }) => {
      await input.remove({ id: input.id, signal });
      return input.id;
    }),
  },
  actions: {
    setName: assign(({ context }, params: { name: string }) => ({ draft: { ...context.draft, name: params.name }, nameProblem: problemOf(params.name), failure: null })),
    setType: assign(({ context }, params: { type: ProfileDraft['type'] }) => ({
      draft: {
        ...context.draft,
        type: params.type,
        // A new child gets the child's avatar unless one was chosen.
        avatar: context.draft.avatar === DEFAULT_ADULT_AVATAR && params.type === 'CHILD' ? DEFAULT_CHILD_AVATAR : context.draft.avatar,
      },
    })),
    setAvatar: assign(({ context }, params: { avatar: ProfileDraft['avatar'] }) => ({ draft: { ...context.draft, avatar: params.avatar } })),
    setLimit: assign(({ context }, params: { limit: ProfileDraft['ageRatingLimit'] }) => ({ draft: { ...context.draft, ageRatingLimit: params.limit } })),
    submit: assign(({ context }) => ({ submitted: true, nameProblem: problemOf(context.draft.name), failure: null })),
    fail: assign((_, params: { error: unknown }) => ({ failure: householdFailure(params.error) })),
    clearFailure: assign({ failure: null }),
    saved: assign((_, profile: Profile) => ({ profile, output: { kind: 'saved' as const, profile } })),
    unchanged: assign(({ context }) => ({ output: { kind: 'saved' as const, profile: context.profile! } })),
    deleted: assign((_, id: string) => ({ output: { kind: 'deleted' as const, id } })),
  },
  guards: {
    nameValid: ({ context }) => problemOf(context.draft.name) === null,
    isNew: ({ context }) => context.profile === null,
    isExisting: ({ context }) => context.profile !== null,
    unchanged: ({ context }) => context.profile !== null && saveBody(context) === null,
  },
}).createMachine({
  id: 'profileEditor',
  description:
    "A profile's form (issue 16): create (name, adult or child, avatar, a child's limit), rename, change the avatar or limit, delete after a confirmation; the name rule checked before sending, the platform's refusals shown on the form.",
  context: ({ input }) => ({
    profile: input.profile ?? null,
    draft: draftOf(input.profile),
    nameProblem: null,
    submitted: false,
    failure: null,
    output: null,
    env: { createProfile: input.createProfile, updateProfile: input.updateProfile, removeProfile: input.removeProfile },
  }),
  initial: 'editing',
  output: ({ context }) => context.output!,
  states: {
    editing: {
      description: 'The form is shown.',
      on: {
        'editor.name': { actions: { type: 'setName', params: ({ event }) => ({ name: event.name }) } },
        'editor.type': { guard: 'isNew', actions: { type: 'setType', params: ({ event }) => ({ type: event.profileType }) } },
        'editor.avatar': { actions: { type: 'setAvatar', params: ({ event }) => ({ avatar: event.avatar }) } },
        'editor.limit': { actions: { type: 'setLimit', params: ({ event }) => ({ limit: event.ageRatingLimit }) } },
        'editor.save': [
          { guard: 'unchanged', target: 'done', actions: 'unchanged' },
          { guard: 'nameValid', target: 'saving', actions: 'submit' },
          { actions: 'submit' },
        ],
        'editor.delete': { guard: 'isExisting', target: 'confirmingDelete', actions: 'clearFailure' },
      },
    },
    saving: {
      description: 'The profile is being created or changed.',
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({
          create: context.env.createProfile,
          update: context.env.updateProfile,
          id: context.profile?.id ?? null,
          body: saveBody(context)!,
        }),
        onDone: { target: 'done', actions: { type: 'saved', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingDelete: {
      description: 'Delete this profile? (its preferences go with it).',
      on: { 'editor.confirm': 'deleting', 'editor.cancel': 'editing' },
    },
    deleting: {
      description: 'The profile is being deleted.',
      invoke: {
        src: 'removeProfile',
        input: ({ context }) => ({ remove: context.env.removeProfile, id: context.profile!.id }),
        onDone: { target: 'done', actions: { type: 'deleted', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final', description: 'Saved or deleted; the output says which.' },
  },
});

/** The profile-editor machine's type. */
export type ProfileEditorMachine = typeof profileEditorMachine;
