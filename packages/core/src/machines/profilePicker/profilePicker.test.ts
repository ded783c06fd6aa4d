import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { ProfileList } from '../../contracts/profiles.js';
import type { ApiClient } from '../../api/types.js';
import { connectProfilePicker, profilePickerCalls, profilePickerMachine, type ProfileSelection } from '../index.js';

const ADULT = '11111111-1111-4111-8111-111111111111';
const KID = '22222222-2222-4222-8222-222222222222';
const TEEN = '33333333-3333-4333-8333-333333333333';
const created = '2026-11-26T10:00:00.000Z';

/** The list a child's session (KID) sees with a PIN in force. */
const LIST: ProfileList = {
  items: [
    { id: ADULT, name: 'Ana', type: 'ADULT', avatar: 'fox', createdAt: created, pinRequired: true },
    { id: KID, name: 'Léa', type: 'CHILD', avatar: 'owl', ageRatingLimit: 7, createdAt: created, pinRequired: false },
    { id: TEEN, name: 'Tom', type: 'CHILD', avatar: 'star', ageRatingLimit: 16, createdAt: created, pinRequired: true },
  ],
  currentProfileId: KID,
  maxProfiles: 5,
};

const tokens = { authorisationToken: 'access', refreshToken: 'refresh' };

const apiError = (status: number, code: string, messages: string[], retryAfterSeconds?: number) =>
  new ApiError({ call: 'profiles.select', status, code, messages, requestId: 'r', retryAfterSeconds });

function start(
  options: { list?: () => Promise<ProfileList>; select?: (request: ProfileSelection) => Promise<typeof tokens>; skipWhenAlone?: boolean; requestPinReset?: () => Promise<unknown> } = {},
) {
  const selects: ProfileSelection[] = [];
  const listProfiles = vi.fn(options.list ?? (async () => LIST));
  const actor = createActor(profilePickerMachine, {
    input: {
      skipWhenAlone: options.skipWhenAlone,
      requestPinReset: options.requestPinReset,
      listProfiles,
      selectProfile: async (request) => {
        selects.push(request);
        return (options.select ?? (async () => tokens))(request);
      },
    },
  }).start();
  const view = () => connectProfilePicker(actor.getSnapshot(), actor.send);
  return { actor, view, selects, listProfiles };
}

describe('profile picker machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the list, then selects a profile that needs no PIN and ends with its tokens', async () => {
    const { actor, view, selects } = start();
    expect(view().status).toBe('loading');
    await vi.waitFor(() => expect(view().status).toBe('choosing'));
    expect(view()).toMatchObject({ currentProfileId: KID, canAdd: true });
    expect(view().profiles.map((p) => p.name)).toEqual(['Ana', 'Léa', 'Tom']);
    view().choose(KID);
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(selects.map((s) => [s.id, s.pin])).toEqual([[KID, undefined]]);
    expect(actor.getSnapshot().output).toEqual({ kind: 'selected', tokens, profileId: KID });
  });

  it('asks for the PIN when the list says so, refuses a malformed one, sends the right one', async () => {
    const { actor, view, selects } = start();
    await vi.waitFor(() => expect(view().status).toBe('choosing'));
    view().choose(ADULT);
    expect(view()).toMatchObject({ status: 'pin', chosen: { id: ADULT } });
    view().submitPin('12a4');
    view().submitPin('123');
    expect(view().status).toBe('pin');
    expect(selects).toHaveLength(0);
    view().submitPin('0427');
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(selects.map((s) => [s.id, s.pin])).toEqual([[ADULT, '0427']]);
  });

  it('a wrong PIN stays on the PIN with wrongPin; cancel goes back to the list', async () => {
    const { view } = start({ select: async () => Promise.reject(apiError(403, 'INVALID_PIN', ['wrongPin'])) });
    await vi.waitFor(() => expect(view().status).toBe('choosing'));
    view().choose(TEEN);
    view().submitPin('1111');
    await vi.waitFor(() => expect(view().failure).toEqual({ key: 'wrongPin' }));
    expect(view().status).toBe('pin');
    view().cancel();
    expect(view()).toMatchObject({ status: 'choosing', chosen: null, failure: null });
  });

  it('after the throttle refuses, PINs are refused until Retry-After has passed', async () => {
    let answer: () => Promise<typeof tokens> = async () => Promise.reject(apiError(429, 'TOO_MANY_ATTEMPTS', ['tooManyAttempts'], 900));
    const { actor, view, selects } = start({ select: () => answer() });
    await vi.waitFor(() => expect(view().status).toBe('choosing'));
    view().choose(ADULT);
    view().submitPin('1111');
    await vi.waitFor(() => expect(view().status).toBe('throttled'));
    expect(view().failure).toEqual({ key: 'tooManyAttempts', seconds: 900 });
    view().submitPin('0427');
    expect(selects).toHaveLength(1);
    expect(view().secondsLeft).toBe(900);
    view().digit('1');
    expect(view()).toMatchObject({ pinLength: 0, canType: false });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(view().secondsLeft).toBe(899);
    await vi.advanceTimersByTimeAsync(898_000);
    expect(view()).toMatchObject({ status: 'throttled', secondsLeft: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(view()).toMatchObject({ status: 'pin', failure: null, secondsLeft: 0, canType: true });
    answer = async () => tokens;
    view().submitPin('0427');
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(selects).toHaveLength(2);
  });

  it('a failed read waits for reload; another failure of a selection goes back to the list with its message', async () => {
    let fail = true;
    const { view, listProfiles } = start({
      list: async () => (fail ? Promise.reject(new Error('offline')) : LIST),
      select: async () => Promise.reject(apiError(404, 'NOT_FOUND', ['No such profile'])),
    });
    await vi.waitFor(() => expect(view().status).toBe('failed'));
    expect(view().failure).toEqual({ key: 'anErrorOccured' });
    fail = false;
    view().reload();
    await vi.waitFor(() => expect(view().status).toBe('choosing'));
    expect(listProfiles).toHaveBeenCalledTimes(2);
    view().choose(KID);
    await vi.waitFor(() => expect(view().failure).toEqual({ key: 'anErrorOccured' }));
    expect(view().status).toBe('choosing');
    view().choose('not-in-the-list');
    expect(view().status).toBe('choosing');
  });

  it('takes the PIN a digit at a time: non-digits ignored, delete removes the last, the 4th digit sends it', async () => {
    let answer: () => Promise<typeof tokens> = async () => Promise.reject(apiError(403, 'INVALID_PIN', ['wrongPin']));
    const { actor, view, selects } = start({ select: () => answer() });
    await vi.waitFor(() => expect(view().status).toBe('choosing'));
    view().choose(ADULT);
    expect(view()).toMatchObject({ status: 'pin', pinLength: 0, canType: true });
    view().digit('1');
    view().digit('x');
    view().digit('12');
    view().digit('2');
    expect(view().pinLength).toBe(2);
    view().deleteDigit();
    expect(view().pinLength).toBe(1);
    for (const key of ['3', '4']) view().digit(key);
    expect(selects).toHaveLength(0);
    view().digit('5');
    await vi.waitFor(() => expect(view().failure).toEqual({ key: 'wrongPin' }));
    expect(selects.map((s) => [s.id, s.pin])).toEqual([[ADULT, '1345']]);
    expect(view()).toMatchObject({ status: 'pin', pinLength: 0 });
    answer = async () => tokens;
    for (const key of ['0', '4', '2', '7']) view().digit(key);
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(selects.map((s) => s.pin)).toEqual(['1345', '0427']);
    expect(actor.getSnapshot().context.entered).toBe('');
  });

  it('after a sign-in, an account of one profile selects nothing and ends skipped; with more it asks', async () => {
    const one: ProfileList = { items: [LIST.items[0]!], currentProfileId: ADULT, maxProfiles: 5 };
    const alone = start({ list: async () => one, skipWhenAlone: true });
    await vi.waitFor(() => expect(alone.actor.getSnapshot().status).toBe('done'));
    expect(alone.actor.getSnapshot().output).toEqual({ kind: 'skipped' });
    expect(alone.view().status).toBe('skipped');
    expect(alone.selects).toHaveLength(0);
    const several = start({ skipWhenAlone: true });
    await vi.waitFor(() => expect(several.view().status).toBe('choosing'));
    const standalone = start({ list: async () => one });
    await vi.waitFor(() => expect(standalone.view().status).toBe('choosing'));
  });

  it('"Forgotten PIN?" on the PIN step emails the reset link once at a time, also while throttled; a failure says so; absent without requestPinReset', async () => {
    let answer: () => Promise<unknown> = async () => Promise.reject(new Error('offline'));
    const requestPinReset = vi.fn(() => answer());
    const { view } = start({ requestPinReset, select: async () => Promise.reject(apiError(429, 'TOO_MANY_ATTEMPTS', ['tooManyAttempts'], 900)) });
    await vi.waitFor(() => expect(view().status).toBe('choosing'));
    view().choose(ADULT);
    view().forgot!();
    view().forgot!();
    expect(requestPinReset).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(view().resetFailed).toBe(true));
    answer = async () => ({});
    view().submitPin('1111');
    await vi.waitFor(() => expect(view().status).toBe('throttled'));
    view().forgot!();
    await vi.waitFor(() => expect(view()).toMatchObject({ resetSent: true, resetFailed: false, status: 'throttled' }));
    expect(requestPinReset).toHaveBeenCalledTimes(2);
    expect(start().view().forgot).toBeUndefined();
  });

  it('profilePickerCalls sends profiles.list and profiles.select, with the PIN only when given', async () => {
    const list = vi.fn(async () => LIST);
    const select = vi.fn(async () => tokens);
    const pin = vi.fn(async () => ({}));
    const calls = profilePickerCalls({ profiles: { list, select }, parentalControl: { pin } } as unknown as ApiClient);
    const signal = new AbortController().signal;
    await calls.requestPinReset!(signal);
    expect(pin).toHaveBeenCalledWith(undefined, { signal });
    await calls.listProfiles(signal);
    await calls.selectProfile({ id: KID, signal });
    await calls.selectProfile({ id: ADULT, pin: '0427', signal });
    expect(list).toHaveBeenCalledWith(undefined, { signal });
    expect(select.mock.calls).toEqual([
      [{ params: { id: KID }, body: {} }, { signal }],
      [{ params: { id: ADULT }, body: { pin: '0427' } }, { signal }],
    ]);
  });
});
