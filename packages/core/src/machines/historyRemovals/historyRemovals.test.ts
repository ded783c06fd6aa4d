import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { afterRemovals, historyRemovalsMachine } from './historyRemovals.machine.js';
import { connectHistoryRemovals } from './historyRemovals.connect.js';

/** A promise and its settling functions. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('historyRemovalsMachine', () => {
  it('hides titles at once, sends each removal once, and keeps what the platform removed hidden', async () => {
    const answers = new Map<string, ReturnType<typeof deferred>>();
    const remove = vi.fn((id: string) => {
      const answer = deferred();
      answers.set(id, answer);
      return answer.promise;
    });
    const actor = createActor(historyRemovalsMachine, { input: { remove } }).start();
    const view = () => connectHistoryRemovals(actor.getSnapshot(), actor.send);
    view().remove('a', 'Alpha');
    view().remove('b', 'Beta');
    view().remove('a', 'Alpha');
    expect(remove.mock.calls.map(([id]) => id)).toEqual(['a', 'b']);
    expect([view().isRemoved('a'), view().isRemoved('b'), view().isRemoved('c')]).toEqual([true, true, false]);
    answers.get('b')!.resolve();
    await waitFor(actor, (s) => s.context.removals.removed.includes('b'));
    expect(view().state.done).toEqual({ id: 'b', title: 'Beta' });
    expect(view().isRemoved('b')).toBe(true);
    actor.stop();
  });

  it('shows a refused title again with its name until dismissed, and lets it be tried again', async () => {
    let refuse = true;
    const remove = vi.fn(async () => {
      if (refuse) throw new Error('refused');
    });
    const actor = createActor(historyRemovalsMachine, { input: { remove } }).start();
    const view = () => connectHistoryRemovals(actor.getSnapshot(), actor.send);
    view().remove('a', 'Alpha');
    await waitFor(actor, (s) => s.context.removals.refused !== null);
    expect(view().isRemoved('a')).toBe(false);
    expect(view().state.refused).toEqual({ id: 'a', title: 'Alpha' });
    view().dismiss();
    expect(view().state.refused).toBeNull();
    refuse = false;
    view().remove('a', 'Alpha');
    await waitFor(actor, (s) => s.context.removals.removed.includes('a'));
    expect(remove).toHaveBeenCalledTimes(2);
    actor.stop();
  });
});

describe('afterRemovals', () => {
  it('asks the platform for the page after the titles held, less those removed, and counts its lastSeen in titles held', async () => {
    const fetchPage = vi.fn(async ({ lastSeen }: { lastSeen: number }) => ({ items: ['x'], pagingInfo: { lastSeen: lastSeen + 20, moreDataAvailable: true } }));
    let removed = 3;
    const paged = afterRemovals(fetchPage, () => removed);
    const signal = new AbortController().signal;
    await expect(paged({ lastSeen: 20, signal })).resolves.toEqual({ items: ['x'], pagingInfo: { lastSeen: 40, moreDataAvailable: true } });
    expect(fetchPage).toHaveBeenLastCalledWith({ lastSeen: 17, signal });
    removed = 0;
    await paged({ lastSeen: 0, signal });
    expect(fetchPage).toHaveBeenLastCalledWith({ lastSeen: 0, signal });
    // Never before the first title.
    removed = 50;
    await paged({ lastSeen: 20, signal });
    expect(fetchPage).toHaveBeenLastCalledWith({ lastSeen: 0, signal });
  });
});
