import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/types.js';
import { watchTogetherPlatform } from './watchTogether.platform.js';

/** An API whose relay yields `messages`, recording the path it was asked for. */
function relayOf(messages: { event: string; data: string }[]) {
  const asked: string[] = [];
  const api = {
    eventStream: async (path: string) => {
      asked.push(path);
      return (async function* () {
        yield* messages;
      })();
    },
  } as unknown as ApiClient;
  return { api, asked };
}

describe('watchTogetherPlatform (issue 17)', () => {
  it('turns the relay into room events and skips what breaks the room contract instead of throwing', async () => {
    const room = { id: 'r1', titleId: 'live-1', hostId: 'u1', members: [], playback: null, version: 1 };
    const { api, asked } = relayOf([
      { event: 'room', data: '{not json' },
      { event: 'room', data: JSON.stringify({ id: 42 }) },
      { event: 'ping', data: '' },
      { event: 'room', data: JSON.stringify(room) },
      { event: 'closed', data: '' },
    ]);
    const seen: string[] = [];
    const events = await watchTogetherPlatform(api).subscribe({ roomId: 'r/1', signal: new AbortController().signal });
    for await (const event of events) seen.push(event.type);
    expect(asked).toEqual(['/api/v1/watch-together/rooms/r%2F1/events']);
    expect(seen.at(-1)).toBe('closed');
    expect(seen.filter((type) => type === 'room').length).toBeLessThanOrEqual(1);
  });
});
