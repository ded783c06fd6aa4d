import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { FAVOURITE_TOGGLE_DEBOUNCE_MS } from '../../domain/index.js';
import { connectFavouriteToggle, favouriteToggleMachine, type SetFavouriteRequest } from '../index.js';

const DEBOUNCE = FAVOURITE_TOGGLE_DEBOUNCE_MS;

interface Call extends SetFavouriteRequest {
  resolve(): void;
  reject(error: unknown): void;
}

/** A set-favourite function whose answers the test gives by hand. */
function fakePlatform() {
  const calls: Call[] = [];
  const setFavourite = (request: SetFavouriteRequest) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ ...request, resolve, reject });
    });
  return { calls, setFavourite };
}

function start(favourite: boolean) {
  const platform = fakePlatform();
  const actor = createActor(favouriteToggleMachine, { input: { id: 'vod-1', favourite, setFavourite: platform.setFavourite } }).start();
  return { ...platform, actor, view: () => connectFavouriteToggle(actor.getSnapshot(), actor.send) };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('favourite toggle machine', () => {
  it('shows the toggle at once and tells the platform once the toggles pause for 500 ms', async () => {
    const { calls, view } = start(false);
    view().toggle();
    expect(view()).toMatchObject({ favourite: true, pending: true, refused: false });
    await vi.advanceTimersByTimeAsync(DEBOUNCE - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => [c.id, c.favourite])).toEqual([['vod-1', true]]);
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ favourite: true, pending: false });
  });

  it('a burst of toggles sends one request, for the last state chosen; an even burst sends none', async () => {
    const { calls, view } = start(false);
    for (let i = 0; i < 5; i += 1) {
      view().toggle();
      await vi.advanceTimersByTimeAsync(DEBOUNCE - 100);
    }
    expect(calls).toHaveLength(0);
    expect(view().favourite).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.map((c) => c.favourite)).toEqual([true]);
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    view().toggle();
    view().toggle();
    await vi.advanceTimersByTimeAsync(DEBOUNCE * 3);
    expect(calls).toHaveLength(1);
    expect(view()).toMatchObject({ favourite: true, pending: false });
  });

  it('toggles while a request is on its way are sent after it, debounced', async () => {
    const { calls, view } = start(true);
    view().toggle();
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(calls.map((c) => c.favourite)).toEqual([false]);
    view().toggle();
    expect(view()).toMatchObject({ favourite: true, pending: true });
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(DEBOUNCE - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.favourite)).toEqual([false, true]);
    calls[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ favourite: true, pending: false });
  });

  it('rolls back visibly when the platform refuses, until the next toggle or dismiss', async () => {
    const { calls, view } = start(false);
    view().toggle();
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    const refusal = new Error('403');
    calls[0]!.reject(refusal);
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ favourite: false, pending: false, refused: true, error: refusal });
    view().dismiss();
    expect(view()).toMatchObject({ refused: false, error: null });
    calls.length = 0;
    view().toggle();
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    calls[0]!.reject(refusal);
    await vi.advanceTimersByTimeAsync(0);
    expect(view().refused).toBe(true);
    view().toggle();
    expect(view()).toMatchObject({ favourite: true, refused: false });
  });

  it("takes the platform's state when it becomes known, only while nothing is pending; aborts on stop", async () => {
    const { actor, calls, view } = start(false);
    view().sync(true);
    expect(view().favourite).toBe(true);
    view().toggle();
    view().sync(true);
    expect(view().favourite).toBe(false);
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(calls[0]!.signal.aborted).toBe(false);
    actor.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});
