import { describe, expect, it } from 'vitest';
import { createResourceCache } from './cache.js';
import { resetOnViewerChange, type ViewerSource } from './viewer.js';

type User = { id: string; guest: boolean; profileId?: string } | null;

/** A session stand-in whose viewer the test changes. */
function fakeSession(first: User) {
  let user = first;
  const listeners = new Set<(snapshot: { context: { user: User } }) => void>();
  const source: ViewerSource = {
    getSnapshot: () => ({ context: { user } }),
    subscribe: (listener) => {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
  };
  const become = (next: User) => {
    user = next;
    for (const listener of listeners) listener({ context: { user } });
  };
  return { source, become };
}

describe('resetOnViewerChange', () => {
  it("forgets the cached reads when another viewer signs in or out, and keeps them on a refresh of the same viewer's token", async () => {
    const cache = createResourceCache({ onError: () => undefined });
    const { source, become } = fakeSession({ id: 'guest:1', guest: true });
    resetOnViewerChange(cache, source);
    let n = 0;
    const query = { key: ['cards', 'list'], load: async () => `cards of load ${++n}` };
    await cache.fetch(query);
    become({ id: 'guest:2', guest: true });
    expect(cache.peek(query).data).toBe('cards of load 1');
    become({ id: 'u1', guest: false });
    expect(cache.peek(query).status).toBe('loading');
    await cache.fetch(query);
    become({ id: 'u1', guest: false });
    expect(cache.peek(query).data).toBe('cards of load 2');
    become({ id: 'u2', guest: false });
    expect(cache.peek(query).data).toBeUndefined();
    // Another profile of the same account: its favourites, history and preferences are its own.
    await cache.fetch(query);
    become({ id: 'u2', guest: false, profileId: 'child' });
    expect(cache.peek(query).data).toBeUndefined();
    await cache.fetch(query);
    become({ id: 'u2', guest: false, profileId: 'child' });
    expect(cache.peek(query).data).toBe('cards of load 4');
    become(null);
    await cache.fetch(query);
    become({ id: 'guest:3', guest: true });
    expect(cache.peek(query).data).toBeUndefined();
  });

  it('stops following once stopped', async () => {
    const cache = createResourceCache({ onError: () => undefined });
    const { source, become } = fakeSession(null);
    const stop = resetOnViewerChange(cache, source);
    const query = { key: ['x'], load: async () => 'kept' };
    await cache.fetch(query);
    stop();
    become({ id: 'u1', guest: false });
    expect(cache.peek(query).data).toBe('kept');
  });
});
