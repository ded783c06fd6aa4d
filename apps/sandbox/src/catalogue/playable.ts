/**
 * What playback (`content.playback`, `routes/content.ts`) needs of a catalogue title: its
 * licences and its media asset (`titles.mediaAsset`). Titles that play: `VOD`, `EPISODE`,
 * `CHANNEL` always, `LIVE` from its start, and after its end only with a replay.
 */
import { and, eq } from 'drizzle-orm';
import type { SandboxDb } from '../db/open.js';
import { titles } from '../db/schema.js';
import { ApiHttpError } from '../errors.js';
import { catalogueAnchor } from './anchor.js';
import { atOffset, eventState } from './time.js';
import { rated } from './rating.js';

/** The title types playback serves. */
export const PLAYABLE_TYPES: readonly string[] = ['VOD', 'EPISODE', 'LIVE', 'CHANNEL'];

/** A playable title's licences (empty: free), media asset, and whether it plays live. */
export interface PlayableTitle {
  licenceIds: string[];
  mediaAsset: string;
  /** A live stream (a channel, or a live event between its start and end); else on demand (a replay included). */
  live: boolean;
}

/**
 * The playable title `id` of `type` (any case) at sandbox time `now`, for a session whose
 * age-rating limit is `ageLimit`. Errors: 404 `NOT_FOUND` for an unknown id, a type that does not
 * play or is not the title's, a title above `ageLimit` (`rating.ts`); 409 `CONFLICT` `eventNotStarted`
 * before a live event's start, `eventEnded` after the end of one without a replay.
 */
export async function findPlayableTitle(db: SandboxDb, type: string, id: string, now: Date, ageLimit?: number): Promise<PlayableTitle> {
  const upper = type.toUpperCase();
  const [row] = PLAYABLE_TYPES.includes(upper)
    ? await db
        .select()
        .from(titles)
        .where(rated(and(eq(titles.id, id), eq(titles.type, upper)), ageLimit))
        .limit(1)
    : [];
  if (!row?.mediaAsset) throw new ApiHttpError(404, 'NOT_FOUND', [`No ${upper || 'title'} ${id} to play`]);
  let live = row.type === 'CHANNEL';
  if (row.type === 'LIVE' && row.startOffsetMinutes != null && row.endOffsetMinutes != null) {
    const anchorMs = await catalogueAnchor(db, now);
    const state = eventState(atOffset(anchorMs, row.startOffsetMinutes), atOffset(anchorMs, row.endOffsetMinutes), now.getTime());
    if (state === 'UPCOMING') throw new ApiHttpError(409, 'CONFLICT', ['eventNotStarted']);
    if (state === 'ENDED' && !row.hasReplay) throw new ApiHttpError(409, 'CONFLICT', ['eventEnded']);
    live = state === 'LIVE';
  }
  return { licenceIds: row.licenceIds, mediaAsset: row.mediaAsset, live };
}
