import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { Profile } from '../../contracts/profiles.js';
import { connectProfileEditor, profileEditorMachine } from '../index.js';

const KID: Profile = { id: '22222222-2222-4222-8222-222222222222', name: 'Léa', type: 'CHILD', avatar: 'owl', ageRatingLimit: 7, createdAt: '2026-11-26T10:00:00.000Z' };

const refusal = (status: number, code: string, key: string) => new ApiError({ call: 'profiles.x', status, code, messages: [key], requestId: 'r' });

function start(profile?: Profile, answers: { create?: () => Promise<Profile>; update?: () => Promise<Profile>; remove?: () => Promise<unknown> } = {}) {
  const createProfile = vi.fn(async (request: { body: unknown }) => (answers.create ? answers.create() : ({ ...KID, ...(request.body as object), id: 'new' } as Profile)));
  const updateProfile = vi.fn(async (request: { id: string; body: unknown }) => (answers.update ? answers.update() : ({ ...KID, ...(request.body as object) } as Profile)));
  const removeProfile = vi.fn(async () => (answers.remove ? answers.remove() : { deleted: true }));
  const actor = createActor(profileEditorMachine, { input: { profile, createProfile, updateProfile, removeProfile } }).start();
  return { actor, view: () => connectProfileEditor(actor.getSnapshot(), actor.send), createProfile, updateProfile, removeProfile };
}

describe('profile editor machine', () => {
  it('creates a child profile: name rule checked first, defaults for the child, the trimmed name sent', async () => {
    const { actor, view, createProfile } = start();
    expect(view()).toMatchObject({ isNew: true, draft: { type: 'ADULT', avatar: 'fox', ageRatingLimit: 12 } });
    view().save();
    expect(view()).toMatchObject({ status: 'editing', nameProblem: 'profileNameRequired' });
    view().setName('ж'.repeat(31));
    expect(view().nameProblem).toBe('profileNameTooLong');
    view().setName('  Léa ');
    view().setType('CHILD');
    view().setLimit(7);
    expect(view().draft).toMatchObject({ type: 'CHILD', avatar: 'owl', ageRatingLimit: 7 });
    view().save();
    expect(view().busy).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(createProfile.mock.calls[0]![0].body).toEqual({ name: 'Léa', type: 'CHILD', avatar: 'owl', ageRatingLimit: 7 });
    expect(actor.getSnapshot().output).toMatchObject({ kind: 'saved', profile: { id: 'new', name: 'Léa' } });
  });

  it('a refusal stays on the form with its key (profileLimitReached), and the next save may succeed', async () => {
    let refuse = true;
    const { actor, view } = start(undefined, { create: async () => (refuse ? Promise.reject(refusal(409, 'PROFILE_LIMIT', 'profileLimitReached')) : KID) });
    view().setName('Sixth');
    view().save();
    await vi.waitFor(() => expect(view().failure).toEqual({ key: 'profileLimitReached' }));
    expect(view().status).toBe('editing');
    refuse = false;
    view().save();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  });

  it('renames an existing profile sending only what changed; the type never changes; unchanged ends at once', async () => {
    const first = start(KID);
    first.view().setType('ADULT');
    expect(first.view().draft.type).toBe('CHILD');
    first.view().setName('Lea');
    first.view().setAvatar('robot');
    first.view().save();
    await vi.waitFor(() => expect(first.actor.getSnapshot().status).toBe('done'));
    expect(first.updateProfile.mock.calls[0]![0]).toMatchObject({ id: KID.id, body: { name: 'Lea', avatar: 'robot' } });

    const second = start(KID);
    second.view().save();
    expect(second.actor.getSnapshot().status).toBe('done');
    expect(second.updateProfile).not.toHaveBeenCalled();
    expect(second.actor.getSnapshot().output).toEqual({ kind: 'saved', profile: KID });
  });

  it('deletes after a confirmation; cancel keeps it; a refusal (lastAdultProfile) is shown', async () => {
    const { actor, view, removeProfile } = start(KID);
    view().askDelete();
    expect(view().status).toBe('confirmingDelete');
    view().cancel();
    expect(view().status).toBe('editing');
    expect(removeProfile).not.toHaveBeenCalled();
    view().askDelete();
    view().confirm();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output).toEqual({ kind: 'deleted', id: KID.id });

    const refused = start({ ...KID, type: 'ADULT', ageRatingLimit: undefined }, { remove: async () => Promise.reject(refusal(409, 'LAST_ADULT_PROFILE', 'lastAdultProfile')) });
    refused.view().askDelete();
    refused.view().confirm();
    await vi.waitFor(() => expect(refused.view().failure).toEqual({ key: 'lastAdultProfile' }));
    expect(refused.view().status).toBe('editing');
  });

  it('a new profile cannot be deleted', () => {
    const { view } = start();
    view().askDelete();
    expect(view().status).toBe('editing');
  });
});
