import type { ApiClient } from '../../api/types.js';
import { ROOM_EVENT, roomSchema } from '../../contracts/watchTogether.js';
import type { RoomStreamEvent, WatchTogetherCalls } from './watchTogether.types.js';

/** The relay's address for `roomId` (docs/api.md "Watch together"). */
const relayPath = (roomId: string) => `/api/v1/watch-together/rooms/${encodeURIComponent(roomId)}/events`;

/** One relay message as a room event: `closed`, or a `room` whose data passes `roomSchema`; anything else (bad JSON, a broken room) is skipped. */
function roomEventOf(event: { event: string; data: string }): RoomStreamEvent | null {
  if (event.event === 'closed') return { type: 'closed' };
  if (event.event !== ROOM_EVENT) return null;
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return null;
  }
  const room = roomSchema.safeParse(data);
  return room.success ? { type: 'room', room: room.data } : null;
}

/**
 * The watch-together machine's platform calls through `api` (issue 17; docs/api.md "Watch
 * together"): open (`POST` a room for `titleId`), join, leave (sent with `keepalive`, so it
 * survives the page going away), the host's playback (`state`, `positionMs` on the stream's
 * clock, ms), and the relay read as server-sent events with the bearer in the header
 * (`api.eventStream`). Errors of the calls are the client's typed errors; a relay message that
 * breaks the room contract is skipped, never thrown.
 */
export function watchTogetherPlatform(api: ApiClient): WatchTogetherCalls {
  return {
    open: ({ titleId }) => api.watchTogether.create({ body: { titleId } }),
    join: ({ roomId }) => api.watchTogether.join({ params: { roomId } }),
    leave: ({ roomId }) => api.watchTogether.leave({ params: { roomId } }, { keepalive: true }),
    publish: ({ roomId, state, positionMs }) => api.watchTogether.playback({ params: { roomId }, body: { state, positionMs } }),
    subscribe: async function* ({ roomId, signal }): AsyncIterable<RoomStreamEvent> {
      const events = await api.eventStream(relayPath(roomId), { signal });
      for await (const event of events) {
        const next = roomEventOf(event);
        if (next) yield next;
      }
    },
  };
}
