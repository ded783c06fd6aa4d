import { describe, expect, it } from 'vitest';
// The web server's module (plain JavaScript, scripts/known-ids.mjs).
import { createKnownIdCheck, lookupsFor } from '../../../../scripts/known-ids.mjs';

const config = { apiBaseUrl: 'http://platform.test', realm: 'stream', apiKey: 'key' };

/** A platform that answers `statuses[path]` (404 for anything else), recording the paths asked. */
function platform(statuses: Record<string, number>) {
  const asked: string[] = [];
  const fetchImpl = (async (url: string) => {
    const path = new URL(url).pathname;
    asked.push(path);
    return new Response('{}', { status: statuses[path] ?? 404 });
  }) as typeof fetch;
  return { asked, fetchImpl };
}

describe('the web server asks whether a page names an id the platform has', () => {
  it('asks each type a watch route may hold, in order, and only for routes with an id', () => {
    expect(lookupsFor({ key: 'VOD', params: { eventId: 'a b' } })).toEqual(['/api/v2/titles/VOD/a%20b', '/api/v2/titles/EPISODE/a%20b']);
    expect(lookupsFor({ key: 'LIVE', params: { eventId: 'x' } })).toEqual(['/api/v2/titles/LIVE/x', '/api/v2/titles/CHANNEL/x']);
    expect(lookupsFor({ key: 'NEWS_ITEM', params: { feedName: 'f', newId: 'n' } })).toEqual(['/api/v2/news/f/n']);
    expect(lookupsFor({ key: 'HOME', params: {} })).toBeNull();
  });

  it('is unknown only when every lookup answers 404', async () => {
    const episode = platform({ '/api/v2/titles/EPISODE/ep-1': 200 });
    const check = createKnownIdCheck(config, episode.fetchImpl);
    expect(await check.isUnknown('/video/ep-1/episode-one')).toBe(false);
    expect(episode.asked).toEqual(['/api/v2/titles/VOD/ep-1', '/api/v2/titles/EPISODE/ep-1']);
    expect(await check.isUnknown('/video/nope')).toBe(true);
    expect(await check.isUnknown('/fighters/nope')).toBe(true);
    expect(await check.isUnknown('/home')).toBe(false);
  });

  it('cannot tell when the platform fails or answers something else: the page goes out as found', async () => {
    const failing = createKnownIdCheck(config, (async () => {
      throw new Error('offline');
    }) as typeof fetch);
    expect(await failing.isUnknown('/video/nope')).toBe(false);
    const busy = createKnownIdCheck(config, platform({ '/api/v2/titles/VOD/x': 503 }).fetchImpl);
    expect(await busy.isUnknown('/video/x')).toBe(false);
  });
});
