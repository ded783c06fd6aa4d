/**
 * Watchlists (`calls.watchlists`, `calls.userWatchlist`; commerce-and-account-data.md §3, §4, §7,
 * §9; docs/api.md "Watchlists") against a seeded in-memory sandbox, in process: every call and its
 * contract (the sandbox checks its answers in tests, and these tests parse them again), paging
 * edges (0, exactly 9 and 10 lists or items), the §9 reorder, sharing by the shareable path, the
 * §4 ownership rules (403 `NOT_OWNER`, a shared list keeping its saved flag), another account's
 * ids (404 whatever is sent) and bad input (400 in the platform's shape, never 500).
 */
import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addWatchlistContentResponseSchema,
  adjacentContentResponseSchema,
  createWatchlistResponseSchema,
  reorderWatchlistResponseSchema,
  watchlistSchema,
  watchlistsResponseSchema,
  watchlistSummarySchema,
  type Watchlist,
} from '@stream/core/contracts';
import { ApiError, createApiClient } from '@stream/core/api';
import { watchlistShareToken } from '@stream/core/domain';
import { connectWatchlistEditor, watchlistEditorCalls, watchlistEditorMachine } from '@stream/core/machines';
import { memoryStorage, STORAGE_KEYS } from '@stream/core/platform';
import { createActor, waitFor } from 'xstate';
import { titles } from '../src/db/schema.js';
import { call, expectError, inProcessAppForFile, type CallOptions } from './helpers.js';

const opened = inProcessAppForFile();

/** Catalogue titles `{ id, type }`, in a stable order (73 of them). */
let catalogue: Array<{ id: string; type: string }> = [];

beforeAll(async () => {
  catalogue = await opened.deps.db.select({ id: titles.id, type: titles.type }).from(titles).orderBy(asc(titles.id));
  expect(catalogue.length).toBeGreaterThan(20);
});

/** A call as `token`. */
const as = (token: string | undefined, method: string, path: string, options: CallOptions = {}) =>
  call(opened.app, method, path, { ...options, ...(token ? { token } : {}) });

/** A new account, signed in: its token and id. */
async function newViewer(): Promise<{ token: string; id: string }> {
  const res = await call(opened.app, 'POST', '/api/v2/user', { body: { id: `viewer-${randomUUID()}@stream.test`, secret: 'viewer-password', name: 'Viewer' } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const token = res.json.authorisationToken as string;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return { token, id: claims.sub };
}

/** Creates a list named `name`; its id. */
async function create(token: string, name = 'My list'): Promise<string> {
  const res = await as(token, 'POST', '/api/v2/watchlists', { body: { name } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return createWatchlistResponseSchema.parse(res.json).id;
}

/** Adds catalogue titles `from` to `to - 1` to the list. */
async function addTitles(token: string, id: string, from: number, to: number) {
  for (const title of catalogue.slice(from, to)) {
    const res = await as(token, 'POST', `/api/v4/user/watchlist/${id}/content`, { body: { content: { id: title.id, contentType: title.type } } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
}

/** `GET /api/v4/user/watchlist/:id` that must answer 200; the parsed list. */
async function getList(token: string, id: string, query = ''): Promise<Watchlist> {
  const res = await as(token, 'GET', `/api/v4/user/watchlist/${id}${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return watchlistSchema.parse(res.json);
}

/** The library of `token` (one page). */
async function library(token: string, query = '') {
  const res = await as(token, 'GET', `/api/v2/watchlists${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return watchlistsResponseSchema.parse(res.json);
}

const ids = (list: Watchlist) => list.content.map((item) => item.id);

describe('the older API: create, list, rename, delete', () => {
  it('creates an OWNED list with the §3 fields, lists it, renames it and deletes it', async () => {
    const owner = await newViewer();
    const id = await create(owner.token, '  Friday films  ');
    const { watchlists, pagingInfo } = await library(owner.token);
    expect(pagingInfo).toEqual({ rpp: 25, lastSeen: 1, moreDataAvailable: false, totalCount: 1 });
    expect(watchlists[0]).toEqual({
      name: 'Friday films',
      watchlistExternalId: id,
      ownership: 'OWNED',
      ownerExternalId: owner.id,
      thumbnails: [],
      saved: true,
      shareablePath: expect.stringMatching(/^\/watchlists\?share=[\w-]{22}$/),
      isEmpty: true,
      itemCount: 0,
    });

    const renamed = await as(owner.token, 'PUT', `/api/v2/watchlists/${id}`, { body: { name: 'Saturday films' } });
    expect(renamed.status).toBe(200);
    expect(watchlistSummarySchema.parse(renamed.json)).toMatchObject({ name: 'Saturday films', watchlistExternalId: id });

    await addTitles(owner.token, id, 0, 5);
    const [summary] = (await library(owner.token)).watchlists;
    expect(summary).toMatchObject({ isEmpty: false, itemCount: 5 });
    expect(summary!.thumbnails).toHaveLength(4);
    expect(summary!.thumbnails[0]).toContain(`/artwork/thumbnail/${encodeURIComponent(catalogue[0]!.id)}/{width}`);

    const removed = await as(owner.token, 'DELETE', `/api/v2/watchlists/${owner.id}/${id}`);
    expect(removed.status).toBe(200);
    expect((await library(owner.token)).watchlists).toEqual([]);
    expectError(await as(owner.token, 'GET', `/api/v4/user/watchlist/${id}`), 404, 'NOT_FOUND');
  });

  it('pages the library: 0 lists, exactly 9, and 10 (9 then 1)', async () => {
    const viewer = await newViewer();
    expect(await library(viewer.token, '?rpp=9')).toEqual({ watchlists: [], pagingInfo: { rpp: 9, lastSeen: 0, moreDataAvailable: false, totalCount: 0 } });
    const made: string[] = [];
    for (let i = 0; i < 9; i += 1) made.push(await create(viewer.token, `List ${i}`));
    const nine = await library(viewer.token, '?rpp=9');
    expect(nine.watchlists).toHaveLength(9);
    expect(nine.pagingInfo).toMatchObject({ lastSeen: 9, moreDataAvailable: false, totalCount: 9 });
    made.push(await create(viewer.token, 'List 9'));
    const first = await library(viewer.token, '?rpp=9');
    expect(first.pagingInfo).toMatchObject({ lastSeen: 9, moreDataAvailable: true, totalCount: 10 });
    const second = await library(viewer.token, `?rpp=9&lastSeen=${first.pagingInfo.lastSeen}`);
    expect(second.watchlists).toHaveLength(1);
    expect(second.pagingInfo).toMatchObject({ lastSeen: 10, moreDataAvailable: false });
    const all = [...first.watchlists, ...second.watchlists].map((w) => w.watchlistExternalId);
    expect(new Set(all)).toEqual(new Set(made));
    expect((await library(viewer.token)).watchlists).toHaveLength(10);
  });

  it('refuses bad names and queries with 400 in the platform shape, and guests with 401', async () => {
    const viewer = await newViewer();
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, {}, { name: 7 }]) {
      expectError(await as(viewer.token, 'POST', '/api/v2/watchlists', { body }), 400, 'BAD_REQUEST');
    }
    expectError(await as(viewer.token, 'POST', '/api/v2/watchlists', { rawBody: '{"name":' }), 400, 'BAD_REQUEST');
    const id = await create(viewer.token);
    expectError(await as(viewer.token, 'PUT', `/api/v2/watchlists/${id}`, { body: { name: '' } }), 400, 'BAD_REQUEST');
    for (const query of ['?rpp=0', '?rpp=abc', '?lastSeen=-1', '?rpp=101']) {
      expectError(await as(viewer.token, 'GET', `/api/v2/watchlists${query}`), 400, 'BAD_REQUEST');
      expectError(await as(viewer.token, 'GET', `/api/v4/user/watchlist/${id}${query}`), 400, 'BAD_REQUEST');
    }
    expectError(await as(undefined, 'GET', '/api/v2/watchlists'), 401, 'UNAUTHORIZED');
    expectError(await as(undefined, 'POST', '/api/v2/watchlists', { body: { name: 'x' } }), 401, 'UNAUTHORIZED');
    expectError(await as(undefined, 'GET', `/api/v4/user/watchlist/${id}`), 401, 'UNAUTHORIZED');
  });
});

describe('the newer API: content, paging, reorder', () => {
  it('adds titles at the end (idempotent), removes them (idempotent), 404 for unknown titles', async () => {
    const owner = await newViewer();
    const id = await create(owner.token);
    const [a, b] = catalogue;
    const added = await as(owner.token, 'POST', `/api/v4/user/watchlist/${id}/content`, { body: { content: { id: a!.id, contentType: a!.type } } });
    expect(addWatchlistContentResponseSchema.parse(added.json).content).toMatchObject({ id: a!.id, type: a!.type });
    await addTitles(owner.token, id, 0, 2);
    expect(ids(await getList(owner.token, id))).toEqual([a!.id, b!.id]);

    const wrongType = a!.type === 'VOD' ? 'LIVE' : 'VOD';
    expectError(await as(owner.token, 'POST', `/api/v4/user/watchlist/${id}/content`, { body: { content: { id: 'no-such-title', contentType: 'VOD' } } }), 404, 'NOT_FOUND');
    expectError(await as(owner.token, 'POST', `/api/v4/user/watchlist/${id}/content`, { body: { content: { id: a!.id, contentType: wrongType } } }), 404, 'NOT_FOUND');
    expectError(await as(owner.token, 'POST', `/api/v4/user/watchlist/${id}/content`, { body: { content: { id: a!.id, contentType: 'MOVIE' } } }), 400, 'BAD_REQUEST');
    expectError(await as(owner.token, 'POST', `/api/v4/user/watchlist/${id}/content`, { body: { content: a!.id } }), 400, 'BAD_REQUEST');

    const path = `/api/v4/user/watchlist/${id}/content/${a!.type.toLowerCase()}/${a!.id}`;
    expect((await as(owner.token, 'DELETE', path)).status).toBe(200);
    expect((await as(owner.token, 'DELETE', path)).status).toBe(200);
    expect(ids(await getList(owner.token, id))).toEqual([b!.id]);
    expectError(await as(owner.token, 'DELETE', `/api/v4/user/watchlist/${id}/content/VOD/no-such-title`), 404, 'NOT_FOUND');
  });

  it('pages a list\'s content: 0 items, exactly 9, and 10 (9 then 1); 60 a page by default', async () => {
    const owner = await newViewer();
    const id = await create(owner.token);
    const empty = await getList(owner.token, id, '?rpp=9');
    expect(empty).toMatchObject({ content: [], isEmpty: true, pagingInfo: { rpp: 9, lastSeen: 0, moreDataAvailable: false, totalCount: 0 } });
    await addTitles(owner.token, id, 0, 9);
    const nine = await getList(owner.token, id, '?rpp=9');
    expect(nine.content).toHaveLength(9);
    expect(nine.pagingInfo).toMatchObject({ lastSeen: 9, moreDataAvailable: false, totalCount: 9 });
    await addTitles(owner.token, id, 9, 10);
    const first = await getList(owner.token, id, '?rpp=9');
    expect(first.pagingInfo).toMatchObject({ lastSeen: 9, moreDataAvailable: true, totalCount: 10 });
    const second = await getList(owner.token, id, '?rpp=9&lastSeen=9');
    expect(ids(second)).toEqual([catalogue[9]!.id]);
    expect(second.pagingInfo).toMatchObject({ lastSeen: 10, moreDataAvailable: false });
    expect((await getList(owner.token, id)).pagingInfo.rpp).toBe(60);
    expect(first.content[0]).toMatchObject({ thumbnailUrl: expect.stringContaining('/artwork/thumbnail/'), smallCoverUrl: expect.stringContaining('/artwork/poster/') });
  });

  it('reorders the first lastSeen items (§9); the rest keeps its order, and the order holds on reload', async () => {
    const owner = await newViewer();
    const id = await create(owner.token);
    await addTitles(owner.token, id, 0, 6);
    const loaded = (await getList(owner.token, id, '?rpp=4')).content; // the viewer has seen 4
    const order = [loaded[2]!, loaded[0]!, loaded[3]!, loaded[1]!];
    const body = { content: order.map((item) => ({ id: item.id, contentType: item.type })) };
    const res = await as(owner.token, 'POST', `/api/v4/user/watchlist/${id}?lastSeen=4`, { body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const answer = reorderWatchlistResponseSchema.parse(res.json);
    expect(answer.content.map((item) => item.id)).toEqual(order.map((item) => item.id));
    expect(ids(await getList(owner.token, id))).toEqual([...order.map((item) => item.id), catalogue[4]!.id, catalogue[5]!.id]);

    // A title added afterwards goes to the end, after the reordered ones.
    await addTitles(owner.token, id, 6, 7);
    expect(ids(await getList(owner.token, id)).at(-1)).toBe(catalogue[6]!.id);
  });

  it('refuses a malformed reorder with 400 and a stale one with 409', async () => {
    const owner = await newViewer();
    const id = await create(owner.token);
    await addTitles(owner.token, id, 0, 3);
    const items = (await getList(owner.token, id)).content.map((item) => ({ id: item.id, contentType: item.type }));
    const reorder = (query: string, content: unknown) => as(owner.token, 'POST', `/api/v4/user/watchlist/${id}${query}`, { body: { content } });
    expectError(await reorder('?lastSeen=3', items.slice(0, 2)), 400, 'BAD_REQUEST');
    expectError(await reorder('?lastSeen=2', [items[0], items[0]]), 400, 'BAD_REQUEST');
    expectError(await reorder('', items), 400, 'BAD_REQUEST');
    expectError(await reorder('?lastSeen=x', items), 400, 'BAD_REQUEST');
    expectError(await reorder('?lastSeen=3', 'not a list'), 400, 'BAD_REQUEST');
    // The list changed meanwhile: the first two are not these any more, or it is shorter.
    expectError(await reorder('?lastSeen=2', [items[2], items[0]]), 409, 'CONFLICT');
    expectError(await reorder('?lastSeen=4', [...items, { id: catalogue[10]!.id, contentType: catalogue[10]!.type }]), 409, 'CONFLICT');
    expect(ids(await getList(owner.token, id))).toEqual(items.map((item) => item.id));
    // Zero items is a reorder of nothing.
    expect((await reorder('?lastSeen=0', [])).status).toBe(200);
  });

  it('answers the items adjacent to one, 5 each side by default', async () => {
    const owner = await newViewer();
    const id = await create(owner.token);
    await addTitles(owner.token, id, 0, 13);
    const path = (contentId: string, query = '') => `/api/v2/watchlists/${owner.id}/${id}/adjacentTo/${contentId}${query}`;
    const middle = adjacentContentResponseSchema.parse((await as(owner.token, 'GET', path(catalogue[6]!.id))).json);
    expect(middle.previous.map((item) => item.id)).toEqual(catalogue.slice(1, 6).map((t) => t.id));
    expect(middle.next.map((item) => item.id)).toEqual(catalogue.slice(7, 12).map((t) => t.id));
    const first = adjacentContentResponseSchema.parse((await as(owner.token, 'GET', path(catalogue[0]!.id, '?size=2'))).json);
    expect(first.previous).toEqual([]);
    expect(first.next.map((item) => item.id)).toEqual(catalogue.slice(1, 3).map((t) => t.id));
    expectError(await as(owner.token, 'GET', path(catalogue[20]!.id)), 404, 'NOT_FOUND');
    expectError(await as(owner.token, 'GET', path(catalogue[0]!.id, '?size=0')), 400, 'BAD_REQUEST');
  });
});

describe('sharing and the ownership rules (§4)', () => {
  /** An owner with a list of three titles, and another account. */
  async function sharedSetting() {
    const owner = await newViewer();
    const other = await newViewer();
    const id = await create(owner.token, 'Shared picks');
    await addTitles(owner.token, id, 0, 3);
    const { shareablePath } = await getList(owner.token, id);
    const token = watchlistShareToken(shareablePath.slice(shareablePath.indexOf('?')))!;
    return { owner, other, id, token };
  }

  /** Every call on list `id` of `ownerId`, as `token`; the statuses. */
  async function everyCall(token: string, ownerId: string, id: string) {
    const title = catalogue[0]!;
    const answers = await Promise.all([
      as(token, 'GET', `/api/v4/user/watchlist/${id}`),
      as(token, 'PUT', `/api/v2/watchlists/${id}`, { body: { name: 'Mine now' } }),
      as(token, 'DELETE', `/api/v2/watchlists/${ownerId}/${id}`),
      as(token, 'POST', `/api/v2/watchlists/${ownerId}/${id}/save`),
      as(token, 'DELETE', `/api/v2/watchlists/${ownerId}/${id}/save`),
      as(token, 'GET', `/api/v2/watchlists/${ownerId}/${id}/adjacentTo/${title.id}`),
      as(token, 'POST', `/api/v4/user/watchlist/${id}/content`, { body: { content: { id: catalogue[5]!.id, contentType: catalogue[5]!.type } } }),
      as(token, 'POST', `/api/v4/user/watchlist/${id}?lastSeen=0`, { body: { content: [] } }),
      as(token, 'DELETE', `/api/v4/user/watchlist/${id}/content/${title.type}/${title.id}`),
    ]);
    return answers;
  }

  it('another account\'s ids are 404 on every call until it opens the link (and a made-up id, too)', async () => {
    const { owner, other, id } = await sharedSetting();
    for (const res of await everyCall(other.token, owner.id, id)) expectError(res, 404, 'NOT_FOUND');
    for (const res of await everyCall(other.token, owner.id, randomUUID())) expectError(res, 404, 'NOT_FOUND');
    for (const res of await everyCall(owner.token, owner.id, 'not-a-uuid')) expectError(res, 404, 'NOT_FOUND');
    expectError(await as(other.token, 'GET', '/api/v2/watchlists/shared/not-a-token'), 404, 'NOT_FOUND');
    // Nothing changed for the owner.
    const list = await getList(owner.token, id);
    expect(list).toMatchObject({ name: 'Shared picks', itemCount: 3 });
    expect((await library(other.token)).watchlists).toEqual([]);
  });

  it('the link opens the list read-only as SHARED; the viewer saves it, cannot rename, delete or edit it (403 NOT_OWNER), and it stays saved', async () => {
    const { owner, other, id, token } = await sharedSetting();
    const openedByLink = await as(other.token, 'GET', `/api/v2/watchlists/shared/${token}`);
    expect(openedByLink.status, JSON.stringify(openedByLink.json)).toBe(200);
    const seen = watchlistSchema.parse(openedByLink.json);
    expect(seen).toMatchObject({ watchlistExternalId: id, ownership: 'SHARED', ownerExternalId: owner.id, saved: false, itemCount: 3 });
    expect(seen.content.map((item) => item.id)).toEqual(catalogue.slice(0, 3).map((t) => t.id));
    expect((await getList(other.token, id)).ownership).toBe('SHARED');
    expect((await library(other.token)).watchlists).toEqual([]);

    const saved = await as(other.token, 'POST', `/api/v2/watchlists/${owner.id}/${id}/save`);
    expect(watchlistSummarySchema.parse(saved.json)).toMatchObject({ ownership: 'SHARED', saved: true });
    expect((await as(other.token, 'POST', `/api/v2/watchlists/${owner.id}/${id}/save`)).status).toBe(200);
    expect((await library(other.token)).watchlists.map((w) => [w.watchlistExternalId, w.ownership, w.saved])).toEqual([[id, 'SHARED', true]]);

    const [get, rename, remove, , , adjacent, add, reorder, removeContent] = await everyCall(other.token, owner.id, id);
    expect(get!.status).toBe(200);
    expect(adjacent!.status).toBe(200);
    for (const res of [rename!, remove!, add!, reorder!, removeContent!]) expectError(res, 403, 'NOT_OWNER');
    // The everyCall batch saved and unsaved concurrently: save again, then a delete keeps it saved.
    await as(other.token, 'POST', `/api/v2/watchlists/${owner.id}/${id}/save`);
    expectError(await as(other.token, 'DELETE', `/api/v2/watchlists/${owner.id}/${id}`), 403, 'NOT_OWNER');
    expect((await library(other.token)).watchlists.map((w) => w.saved)).toEqual([true]);
    expect(await getList(owner.token, id)).toMatchObject({ name: 'Shared picks', itemCount: 3, ownership: 'OWNED' });

    // Taking it out of the library: it stays reachable by the link, unsaved.
    const unsaved = await as(other.token, 'DELETE', `/api/v2/watchlists/${owner.id}/${id}/save`);
    expect(watchlistSummarySchema.parse(unsaved.json).saved).toBe(false);
    expect((await library(other.token)).watchlists).toEqual([]);
    expect((await getList(other.token, id)).saved).toBe(false);

    // A wrong owner id is 404 even with the link.
    expectError(await as(other.token, 'POST', `/api/v2/watchlists/${other.id}/${id}/save`), 404, 'NOT_FOUND');
  });

  it('the owner opening its own link sees it OWNED; saving one\'s own list is 409; deleting it removes it from every library', async () => {
    const { owner, other, id, token } = await sharedSetting();
    const own = watchlistSchema.parse((await as(owner.token, 'GET', `/api/v2/watchlists/shared/${token}`)).json);
    expect(own).toMatchObject({ ownership: 'OWNED', saved: true });
    expectError(await as(owner.token, 'POST', `/api/v2/watchlists/${owner.id}/${id}/save`), 409, 'CONFLICT');
    expectError(await as(owner.token, 'DELETE', `/api/v2/watchlists/${owner.id}/${id}/save`), 409, 'CONFLICT');

    await as(other.token, 'GET', `/api/v2/watchlists/shared/${token}`);
    await as(other.token, 'POST', `/api/v2/watchlists/${owner.id}/${id}/save`);
    expect((await library(other.token)).watchlists).toHaveLength(1);
    expect((await as(owner.token, 'DELETE', `/api/v2/watchlists/${owner.id}/${id}`)).status).toBe(200);
    expect((await library(other.token)).watchlists).toEqual([]);
    expectError(await as(other.token, 'GET', `/api/v2/watchlists/shared/${token}`), 404, 'NOT_FOUND');
    expectError(await as(other.token, 'GET', `/api/v4/user/watchlist/${id}`), 404, 'NOT_FOUND');
  });

});

describe('the watchlist editor machine over the API client', () => {
  /** An API client over the in-process app, signed in with `token`. */
  function client(token: string) {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.authToken, token);
    return createApiClient({
      baseUrl: 'http://sandbox.test',
      realm: 'stream',
      apiKey: 'sandbox-api-key',
      storage,
      locale: 'en',
      fetch: (input, init) => Promise.resolve(opened.app.request(input instanceof Request ? input : String(input), init)),
    });
  }

  it('creates a list, adds three titles, reorders them; the order holds on reload; another account opens the link, saves it, cannot rename it', async () => {
    const owner = await newViewer();
    const actor = createActor(watchlistEditorMachine, { input: { calls: watchlistEditorCalls(client(owner.token)) } }).start();
    const view = () => connectWatchlistEditor(actor.getSnapshot(), actor.send);
    view().create('Three picks');
    await waitFor(actor, (s) => s.matches('ready'));
    for (const title of catalogue.slice(0, 3)) {
      view().add({ id: title.id, contentType: title.type as 'VOD' });
      await waitFor(actor, (s) => s.matches('ready'));
    }
    expect(view().content.map((item) => item.id)).toEqual(catalogue.slice(0, 3).map((t) => t.id));
    view().move(2, 0);
    view().moveDown(1);
    await waitFor(actor, (s) => s.matches('ready'));
    const expected = [catalogue[2]!, catalogue[1]!, catalogue[0]!].map((t) => t.id);
    expect(view().content.map((item) => item.id)).toEqual(expected);
    expect(view().errorKey).toBeNull();
    const id = view().watchlistId!;
    expect(ids(await getList(owner.token, id))).toEqual(expected);

    const other = await newViewer();
    const api = client(other.token);
    const token = watchlistShareToken(view().shareablePath!.split('?')[1]!)!;
    const shared = createActor(watchlistEditorMachine, { input: { calls: watchlistEditorCalls(api), shareToken: token } }).start();
    await waitFor(shared, (s) => s.matches('ready'));
    const sharedView = () => connectWatchlistEditor(shared.getSnapshot(), shared.send);
    expect(sharedView()).toMatchObject({ ownership: 'SHARED', saved: false, allowed: ['view', 'save', 'unsave'] });
    expect(sharedView().content.map((item) => item.id)).toEqual(expected);
    sharedView().save();
    await waitFor(shared, (s) => s.matches('ready'));
    expect(sharedView()).toMatchObject({ saved: true, errorKey: null });
    expect((await library(other.token)).watchlists.map((w) => [w.watchlistExternalId, w.ownership])).toEqual([[id, 'SHARED']]);
    const refused = await api.watchlists.rename({ params: { id }, body: { name: 'Mine' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, code: 'NOT_OWNER' });
    actor.stop();
    shared.stop();
  });
});
