/**
 * The child filter (issue 16 "Ratings enforced by the platform"; docs/api.md "Parental control")
 * over the seeded catalogue, in process: for child sessions of several age-rating limits, every
 * content call (sections, rails, titles, series, seasons, playlists, events, schedule, releases,
 * EPG, search, news, content, playback, favourites, history, continue watching, watchlists)
 * answers no title rated above the limit; a title above it is 404 by id (a deep link), as an
 * unknown one. The adult session of the same account receives those titles (the check can fail).
 * Each profile has its own library: the child profiles' favourites and history are copies of the
 * adult's (titles of every rating, written straight into the tables, as a limit lowered later
 * would leave them), and they reach the adult's watchlist by its shareable path.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { watchlistShareToken } from '@stream/core/domain';
import { favourites, rails as railsTable, titles, watchProgress } from '../src/db/schema.js';
import type { Localized } from '../src/db/types.js';
import { seedAgeRating } from '../src/seed/titles.js';
import { call, decodeClaims, expectError, inProcessAppForFile } from './helpers.js';
import { inProcessBuyers } from './buyers.js';

const opened = inProcessAppForFile();

interface TitleFacts {
  id: string;
  type: string;
  ageRating: number;
  category: string;
  title: Localized;
  parentId: string | null;
}

let catalogue: Map<string, TitleFacts>;
let adult: string;
/** The share token of the adult's watchlist of titles of every rating. */
let shareToken: string;
const children = new Map<number, Promise<string>>();

/**
 * A session of the adult's account's child profile limited to `limit` (one per limit, made on
 * first need), whose library holds the adult's favourites and history (every rating) and the
 * adult's watchlist, saved from its shareable path.
 */
function childToken(limit: number): Promise<string> {
  if (!children.has(limit)) children.set(limit, makeChild(limit));
  return children.get(limit)!;
}

async function makeChild(limit: number): Promise<string> {
  const profile = await call(opened.app, 'POST', '/api/v2/profiles', { token: adult, body: { name: `Child ${limit}`, type: 'CHILD', ageRatingLimit: limit } });
  expect(profile.status, JSON.stringify(profile.json)).toBe(201);
  const chosen = await call(opened.app, 'POST', `/api/v2/profiles/${profile.json.id}/select`, { token: adult, body: {} });
  expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
  const token = chosen.json.authorisationToken as string;
  expect(decodeClaims(token)).toMatchObject({ pid: profile.json.id, par: 'RESTRICTED', arl: limit });
  // The adult's session has no pid: its profile is the first adult one, whose id is the account's.
  const { db } = opened.deps;
  const adultProfile = decodeClaims(adult).sub as string;
  const childProfile = profile.json.id as string;
  const liked = await db.select().from(favourites).where(eq(favourites.profileId, adultProfile));
  await db.insert(favourites).values(liked.map((row) => ({ ...row, profileId: childProfile })));
  const watched = await db.select().from(watchProgress).where(eq(watchProgress.profileId, adultProfile));
  await db.insert(watchProgress).values(watched.map((row) => ({ ...row, profileId: childProfile })));
  expect(liked.length).toBeGreaterThan(0);
  expect(watched.length).toBeGreaterThan(0);
  const shared = await get(`/api/v2/watchlists/shared/${shareToken}`, token);
  expect(shared.status, JSON.stringify(shared.json)).toBe(200);
  const saved = await call(opened.app, 'POST', `/api/v2/watchlists/${shared.json.ownerExternalId}/${shared.json.watchlistExternalId}/save`, { token });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return token;
}

/** Every catalogue title id anywhere in an answer (an `id`, `contentId`, `previousId`, `seriesId`, `seasonId` value). */
function titleIdsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) titleIdsIn(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if (typeof field === 'string' && ['id', 'contentId', 'previousId', 'seriesId', 'seasonId'].includes(key) && catalogue.has(field)) out.add(field);
      else titleIdsIn(field, out);
    }
  }
  return out;
}

const get = (path: string, token: string) => call(opened.app, 'GET', path, { token });

/** The GET paths of every content call over the seeded catalogue (list calls with their largest page). */
async function contentPaths(token: string): Promise<string[]> {
  const paths = ['/api/v2/sections', '/api/v2/releases?rpp=100', '/api/v2/content', '/api/v2/favourite/vods?rpp=100', '/api/v2/history?rpp=100', '/api/v2/continue-watching?rpp=100', '/api/v2/watchlists?rpp=100', '/api/v2/search?q='];
  for (const state of ['LIVE', 'UPCOMING', 'ENDED']) paths.push(`/api/v2/events?state=${state}&rpp=100`);
  const today = Date.now();
  for (let day = -3; day <= 14; day += 1) paths.push(`/api/v2/events/schedule?date=${new Date(today + day * 86_400_000).toISOString().slice(0, 10)}`);
  paths.push(`/api/v2/epg?from=${encodeURIComponent(new Date(today).toISOString())}&to=${encodeURIComponent(new Date(today + 86_400_000).toISOString())}&rpp=100`);
  const sections = (await get('/api/v2/sections', token)).json.sections as { id: string }[];
  for (const section of sections) paths.push(`/api/v2/sections/${section.id}?rpp=100&itemsRpp=100`);
  const rails = await opened.deps.db.select({ id: railsTable.id }).from(railsTable);
  for (const rail of rails) paths.push(`/api/v2/rails/${rail.id}?rpp=100`);
  for (const title of catalogue.values()) {
    paths.push(`/api/v2/titles/${title.type}/${title.id}`);
    if (title.type === 'SERIES') paths.push(`/api/v2/series/${title.id}/seasons?rpp=100`);
    if (title.type === 'SEASON') paths.push(`/api/v2/seasons/${title.id}/episodes?rpp=100`);
    if (title.type === 'PLAYLIST') paths.push(`/api/v2/playlists/${title.id}/items?rpp=100`);
    const word = title.title.en.split(/\s+/)[0];
    if (word) paths.push(`/api/v2/search?q=${encodeURIComponent(word)}&rpp=100`);
  }
  const feeds = (await get('/api/v2/news', token)).json.feeds as { id: string; latest: { id: string }[] }[];
  for (const feed of feeds) {
    paths.push(`/api/v2/news/${feed.id}?rpp=100`);
    for (const item of feed.latest) paths.push(`/api/v2/news/${feed.id}/${item.id}`);
  }
  const lists = (await get('/api/v2/watchlists?rpp=100', token)).json.watchlists as { watchlistExternalId: string }[];
  for (const list of lists) paths.push(`/api/v4/user/watchlist/${list.watchlistExternalId}?rpp=100`);
  return paths;
}

/** Every title id the session receives from every content call. */
async function receivedTitles(token: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  for (const path of await contentPaths(token)) {
    const res = await get(path, token);
    if (res.status === 404) continue;
    expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
    for (const id of titleIdsIn(res.json)) if (!seen.has(id)) seen.set(id, path);
  }
  return seen;
}

beforeAll(async () => {
  const rows = await opened.deps.db
    .select({ id: titles.id, type: titles.type, ageRating: titles.ageRating, category: titles.category, title: titles.title, parentId: titles.parentId })
    .from(titles);
  catalogue = new Map(rows.map((row) => [row.id, row]));
  adult = (await inProcessBuyers(opened.app).newBuyer()).token;
  // The account's library holds titles of every rating: favourites, history, a watchlist.
  const playable = [...catalogue.values()].filter((title) => title.type === 'VOD' || title.type === 'EPISODE');
  for (const title of catalogue.values()) {
    if (['VOD', 'EPISODE', 'SERIES', 'LIVE', 'PLAYLIST'].includes(title.type)) {
      expect((await call(opened.app, 'PUT', `/api/v2/favourite/vods/${title.id}`, { token: adult })).status).toBe(200);
    }
  }
  for (const [i, title] of playable.entries()) {
    const body = { positionSeconds: i % 3 === 0 ? 3500 : 600, durationSeconds: 3600, updatedAt: new Date(Date.now() - i * 1000).toISOString() };
    expect((await call(opened.app, 'PUT', `/api/v2/history/${title.id}`, { token: adult, body })).status).toBe(200);
  }
  const created = await call(opened.app, 'POST', '/api/v2/watchlists', { token: adult, body: { name: 'Everything' } });
  expect(created.status).toBe(201);
  const summary = await get(`/api/v4/user/watchlist/${created.json.id}?rpp=1`, adult);
  shareToken = watchlistShareToken(String(summary.json.shareablePath).split('?')[1] ?? '')!;
  expect(shareToken).toBeTruthy();
  for (const title of playable.slice(0, 40)) {
    const added = await call(opened.app, 'POST', `/api/v4/user/watchlist/${created.json.id}/content`, { token: adult, body: { content: { id: title.id, contentType: title.type } } });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
  }
}, 120_000);

describe('the seeded ratings', () => {
  it('rate every title by its category, with children’s titles and adults’ ones', () => {
    for (const title of catalogue.values()) expect(title.ageRating).toBe(seedAgeRating(title.id, title.category));
    const ratings = [...catalogue.values()].map((title) => title.ageRating);
    expect(ratings.filter((rating) => rating === 0).length).toBeGreaterThan(10);
    expect(ratings.filter((rating) => rating >= 16).length).toBeGreaterThan(5);
    expect(catalogue.get('vod-paper-crowns')!.ageRating).toBe(0);
    expect(Math.max(...ratings)).toBe(18);
  });
});

describe('a child profile’s session', () => {
  it('receives from every content call no title above its limit, for several limits', async () => {
    const adultSeen = await receivedTitles(adult);
    expect([...adultSeen.keys()].some((id) => catalogue.get(id)!.ageRating > 12)).toBe(true);
    for (const limit of [0, 7, 12]) {
      const seen = await receivedTitles(await childToken(limit));
      const above = [...seen].filter(([id]) => catalogue.get(id)!.ageRating > limit).map(([id, path]) => `${id} (${catalogue.get(id)!.ageRating}) from ${path}`);
      expect(above, `limit ${limit}`).toEqual([]);
      // The filter leaves the allowed titles in: what the adult sees at or below the limit, the child sees too.
      const allowed = [...adultSeen.keys()].filter((id) => catalogue.get(id)!.ageRating <= limit);
      expect(allowed.filter((id) => !seen.has(id)), `limit ${limit}`).toEqual([]);
    }
  }, 300_000);

  it('gets 404 for a title above its limit by id (a deep link), as for an unknown one, and for playing it', async () => {
    const child = await childToken(7);
    for (const title of [...catalogue.values()].filter((t) => t.ageRating > 7)) {
      expectError(await get(`/api/v2/titles/${title.type}/${title.id}`, child), 404, 'NOT_FOUND');
      expect((await get(`/api/v2/titles/${title.type}/${title.id}`, adult)).status).toBe(200);
      if (['VOD', 'EPISODE', 'LIVE', 'CHANNEL'].includes(title.type)) {
        expectError(await get(`/api/v2/playback/${title.type}/${title.id}`, child), 404, 'NOT_FOUND');
      }
      expectError(await get(`/api/v2/favourite/vods/${title.id}`, child), 404, 'NOT_FOUND');
      expectError(await get(`/api/v2/history/${title.id}`, child), 404, 'NOT_FOUND');
    }
    expectError(await get('/api/v2/content/VOD/the-long-night', child), 404, 'NOT_FOUND');
    const paper = catalogue.get('vod-paper-crowns')!;
    expect((await get(`/api/v2/titles/VOD/${paper.id}`, child)).status).toBe(200);
  }, 120_000);

  it('cannot add a title above its limit to a watchlist (404), and counts only what it may see', async () => {
    const child = await childToken(7);
    const lists = (await get('/api/v2/watchlists?rpp=100', child)).json.watchlists as { watchlistExternalId: string; itemCount: number }[];
    const list = lists[0]!;
    const adultList = ((await get('/api/v2/watchlists?rpp=100', adult)).json.watchlists as { itemCount: number }[])[0]!;
    expect(list.itemCount).toBeLessThan(adultList.itemCount);
    // The shared list cannot take the child's additions anyway: its own list refuses the film.
    const own = await call(opened.app, 'POST', '/api/v2/watchlists', { token: child, body: { name: 'Mine' } });
    expect(own.status).toBe(201);
    const film = [...catalogue.values()].find((t) => t.type === 'VOD' && t.ageRating > 7)!;
    expectError(
      await call(opened.app, 'POST', `/api/v4/user/watchlist/${own.json.id}/content`, { token: child, body: { content: { id: film.id, contentType: 'VOD' } } }),
      404,
      'NOT_FOUND',
    );
  });
});
