/**
 * Favourites (`calls.favourites`; commerce-and-account-data.md §7 "Favourites", §9; docs/api.md
 * "Favourites, history and continue watching") against a seeded in-memory sandbox, in process:
 * every call answers its contract (checked by the sandbox in tests and parsed again here),
 * newest first, 9 per page by default with `lastSeen` paging (0, 9, 10 items), idempotent PUT and
 * DELETE, 404 for unknown titles, one account's favourites never visible to another, 401 for
 * guests and 400 in the platform's shape for malformed input; and the typed client's
 * `favourites` and `history` areas end to end.
 */
import { asc, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@stream/core/api';
import { favouritesPageSchema, favouriteStatusesSchema, favouriteStatusSchema, type FavouritesPage } from '@stream/core/contracts';
import { memoryStorage, STORAGE_KEYS } from '@stream/core/platform';
import { titles } from '../src/db/schema.js';
import { inProcessBuyers } from './buyers.js';
import { call, expectError, inProcessAppForFile } from './helpers.js';

const opened = inProcessAppForFile();
/** Catalogue titles of several types (VOD, EPISODE, SERIES, LIVE, PLAYLIST), at least 10. */
let ids: string[] = [];

beforeAll(async () => {
  const rows = await opened.deps.db
    .select({ id: titles.id })
    .from(titles)
    .where(inArray(titles.type, ['VOD', 'EPISODE', 'SERIES', 'LIVE', 'PLAYLIST']))
    .orderBy(asc(titles.id));
  ids = rows.map((row) => row.id).slice(0, 12);
  expect(ids.length).toBe(12);
});

const newAccount = async () => (await inProcessBuyers(opened.app).newBuyer()).token;

/** Sets the sandbox clock (favouritedAt follows it). */
async function setClock(at: number | null) {
  const res = await call(opened.app, 'POST', '/_sandbox/clock', { body: { now: at === null ? null : new Date(at).toISOString() } });
  expect(res.status).toBe(200);
}

async function put(token: string, id: string) {
  const res = await call(opened.app, 'PUT', `/api/v2/favourite/vods/${encodeURIComponent(id)}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return favouriteStatusSchema.parse(res.json);
}

async function list(token: string, query = ''): Promise<FavouritesPage> {
  const res = await call(opened.app, 'GET', `/api/v2/favourite/vods${query}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return favouritesPageSchema.parse(res.json);
}

/** Favourites `count` titles one second apart (the first is the oldest). */
async function favouriteMany(token: string, count: number) {
  const start = Date.now();
  for (let i = 0; i < count; i += 1) {
    await setClock(start + i * 1000);
    await put(token, ids[i]!);
  }
  await setClock(null);
}

describe('GET /api/v2/favourite/vods', () => {
  it('is empty for a new account (0 items)', async () => {
    const page = await list(await newAccount());
    expect(page.items).toEqual([]);
    expect(page.pagingInfo).toEqual({ rpp: 9, lastSeen: 0, moreDataAvailable: false, totalCount: 0 });
  });

  it('answers exactly 9 on one page with no more data', async () => {
    const token = await newAccount();
    await favouriteMany(token, 9);
    const page = await list(token);
    expect(page.items.map((t) => t.id)).toEqual(ids.slice(0, 9).reverse());
    expect(page.pagingInfo).toEqual({ rpp: 9, lastSeen: 9, moreDataAvailable: false, totalCount: 9 });
  });

  it('pages 10 newest first, 9 then 1, with lastSeen; each item a tile with favouritedAt', async () => {
    const token = await newAccount();
    await favouriteMany(token, 10);
    const first = await list(token);
    expect(first.items).toHaveLength(9);
    expect(first.pagingInfo).toMatchObject({ lastSeen: 9, moreDataAvailable: true, totalCount: 10 });
    const second = await list(token, `?lastSeen=${first.pagingInfo.lastSeen}`);
    expect(second.items.map((t) => t.id)).toEqual([ids[0]]);
    expect(second.pagingInfo).toMatchObject({ lastSeen: 10, moreDataAvailable: false });
    const all = [...first.items, ...second.items];
    expect(all.map((t) => t.id)).toEqual(ids.slice(0, 10).reverse());
    const times = all.map((t) => Date.parse(t.favouritedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all[0]).toMatchObject({ title: expect.any(String), images: expect.any(Object), licenceIds: expect.any(Array) });
    const small = await list(token, '?rpp=4&lastSeen=8');
    expect(small.items.map((t) => t.id)).toEqual([ids[1], ids[0]]);
    expect(small.pagingInfo).toMatchObject({ rpp: 4, lastSeen: 10, moreDataAvailable: false });
  });

  it('answers 400 in the platform shape for a bad rpp or lastSeen', async () => {
    const token = await newAccount();
    for (const query of ['?rpp=0', '?rpp=101', '?rpp=abc', '?lastSeen=-1', '?lastSeen=1.5']) {
      expectError(await call(opened.app, 'GET', `/api/v2/favourite/vods${query}`, { token }), 400, 'BAD_REQUEST');
    }
  });
});

describe('PUT and DELETE /api/v2/favourite/vods/{id}', () => {
  it('PUT is idempotent: a second PUT adds nothing and keeps the first time', async () => {
    const token = await newAccount();
    const first = await put(token, ids[0]!);
    expect(first).toMatchObject({ id: ids[0], favourite: true });
    await setClock(Date.now() + 60_000);
    const again = await put(token, ids[0]!);
    await setClock(null);
    expect(again).toEqual(first);
    const page = await list(token);
    expect(page.pagingInfo.totalCount).toBe(1);
    const got = await call(opened.app, 'GET', `/api/v2/favourite/vods/${ids[0]}`, { token });
    expect(favouriteStatusSchema.parse(got.json)).toEqual(first);
  });

  it('DELETE is idempotent, and the title is gone from the list', async () => {
    const token = await newAccount();
    await put(token, ids[1]!);
    for (let i = 0; i < 2; i += 1) {
      const res = await call(opened.app, 'DELETE', `/api/v2/favourite/vods/${ids[1]}`, { token });
      expect(res.status).toBe(200);
      expect(favouriteStatusSchema.parse(res.json)).toEqual({ id: ids[1], favourite: false });
    }
    expect((await list(token)).items).toEqual([]);
    const got = await call(opened.app, 'GET', `/api/v2/favourite/vods/${ids[1]}`, { token });
    expect(got.json).toEqual({ id: ids[1], favourite: false });
  });

  it('GET /api/v2/favourite/status answers which of the ids asked are favourites, in order', async () => {
    const token = await newAccount();
    const first = await put(token, ids[3]!);
    const res = await call(opened.app, 'GET', `/api/v2/favourite/status?ids=${ids[4]},${ids[3]},no-such-title`, { token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(favouriteStatusesSchema.parse(res.json).items).toEqual([
      { id: ids[4], favourite: false },
      first,
      { id: 'no-such-title', favourite: false },
    ]);
    const tooMany = Array.from({ length: 101 }, (_, i) => `t${i}`).join(',');
    for (const query of ['', '?ids=', `?ids=${ids[0]},,${ids[1]}`, `?ids=${tooMany}`]) {
      expectError(await call(opened.app, 'GET', `/api/v2/favourite/status${query}`, { token }), 400, 'BAD_REQUEST');
    }
    expectError(await call(opened.app, 'GET', `/api/v2/favourite/status?ids=${ids[3]}`), 401, 'UNAUTHORIZED');
  });

  it('an unknown title is 404 for every call, never a 500', async () => {
    const token = await newAccount();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expectError(await call(opened.app, method, '/api/v2/favourite/vods/no-such-title', { token }), 404, 'NOT_FOUND');
    }
    expectError(await call(opened.app, 'PUT', `/api/v2/favourite/vods/${'x'.repeat(201)}`, { token }), 400, 'BAD_REQUEST');
  });

  it("one account never sees nor changes another's favourites", async () => {
    const alice = await newAccount();
    const bob = await newAccount();
    await put(alice, ids[2]!);
    expect((await list(bob)).items).toEqual([]);
    const got = await call(opened.app, 'GET', `/api/v2/favourite/vods/${ids[2]}`, { token: bob });
    expect(got.json).toEqual({ id: ids[2], favourite: false });
    await call(opened.app, 'DELETE', `/api/v2/favourite/vods/${ids[2]}`, { token: bob });
    expect((await list(alice)).items.map((t) => t.id)).toEqual([ids[2]]);
  });

  it('needs a signed-in account: 401 without a token or for a guest', async () => {
    expectError(await call(opened.app, 'GET', '/api/v2/favourite/vods'), 401, 'UNAUTHORIZED');
    expectError(await call(opened.app, 'PUT', `/api/v2/favourite/vods/${ids[0]}`), 401, 'UNAUTHORIZED');
    const guest = await call(opened.app, 'POST', '/api/v2/login/guest/checkin');
    expect(guest.status).toBeLessThan(300);
    expectError(await call(opened.app, 'GET', '/api/v2/favourite/vods', { token: guest.json.authorisationToken as string }), 401, 'UNAUTHORIZED');
  });
});

describe('the typed client (@stream/core/api) over the sandbox', () => {
  it('adds, reads, pages and removes favourites, and reports and reads progress, through calls.favourites and calls.history', async () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.authToken, await newAccount());
    const api = createApiClient({
      baseUrl: 'http://sandbox.test',
      realm: 'stream',
      apiKey: 'sandbox-api-key',
      storage,
      locale: 'en',
      fetch: async (input, init) => opened.app.request(String(input).replace('http://sandbox.test', ''), init),
    });
    const id = ids[0]!;
    expect(await api.favourites.add({ params: { id } })).toMatchObject({ id, favourite: true });
    expect((await api.favourites.get({ params: { id } })).favourite).toBe(true);
    expect((await api.favourites.status({ query: { ids: `${id},${ids[1]}` } })).items.map((s) => s.favourite)).toEqual([true, false]);
    const page = await api.favourites.list({ query: { rpp: 9, lastSeen: 0 } });
    expect(page.items.map((t) => t.id)).toEqual([id]);
    expect(await api.favourites.remove({ params: { id } })).toEqual({ id, favourite: false });

    const [row] = await opened.deps.db.select({ id: titles.id }).from(titles).where(inArray(titles.type, ['VOD'])).limit(1);
    const vod = row!.id;
    const answer = await api.history.report({ params: { id: vod }, body: { positionSeconds: 0, durationSeconds: 100, updatedAt: new Date().toISOString() } });
    expect(answer).toMatchObject({ id: vod, applied: true, progress: { state: 'NOT_STARTED' } });
    expect((await api.history.list()).items.map((i) => i.tile.id)).toEqual([vod]);
    expect((await api.history.continueWatching()).items).toEqual([]);
    expect(await api.history.remove({ params: { id: vod } })).toEqual({ id: vod });
    expect((await api.history.get({ params: { id: vod } })).progress.state).toBe('NOT_STARTED');
  });
});
