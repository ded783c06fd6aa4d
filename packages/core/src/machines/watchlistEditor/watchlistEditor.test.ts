import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Watchlist, WatchlistContent } from '../../contracts/index.js';
import type { WatchlistReorder } from '../../domain/index.js';
import { connectWatchlistEditor, watchlistEditorMachine, type WatchlistEditorCalls } from '../index.js';

interface Pending {
  name: keyof WatchlistEditorCalls;
  request: Record<string, unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Calls whose answers the test gives by hand. */
function fakeCalls() {
  const pending: Pending[] = [];
  const record =
    (name: keyof WatchlistEditorCalls) =>
    (request: object): Promise<never> =>
      new Promise((resolve, reject) => {
        pending.push({ name, request: request as Record<string, unknown>, resolve: resolve as (value: unknown) => void, reject });
      });
  const calls = {
    load: record('load'),
    open: record('open'),
    setSaved: record('setSaved'),
    create: record('create'),
    rename: record('rename'),
    addContent: record('addContent'),
    removeContent: record('removeContent'),
    reorder: record('reorder'),
  } as unknown as WatchlistEditorCalls;
  /** The one call on its way, which must be `name`. */
  const next = (name: keyof WatchlistEditorCalls) => {
    const call = pending.shift();
    expect(call?.name).toBe(name);
    return call!;
  };
  return { calls, pending, next };
}

const item = (id: string): WatchlistContent => ({ id, type: 'VOD', thumbnailUrl: `/artwork/thumbnail/${id}/{width}`, smallCoverUrl: `/artwork/poster/${id}/{width}`, title: id });

/** A page of list `wl-1` holding items `ids` of `total`, after `lastSeen` items. */
function page(ids: string[], options: { lastSeen?: number; total?: number; ownership?: 'OWNED' | 'SHARED'; name?: string } = {}): Watchlist {
  const lastSeen = (options.lastSeen ?? 0) + ids.length;
  const total = options.total ?? lastSeen;
  return {
    name: options.name ?? 'Friday films',
    watchlistExternalId: 'wl-1',
    ownership: options.ownership ?? 'OWNED',
    ownerExternalId: 'owner-1',
    thumbnails: [],
    saved: true,
    shareablePath: '/watchlists?share=t0k3n',
    isEmpty: total === 0,
    itemCount: total,
    content: ids.map(item),
    pagingInfo: { rpp: 60, lastSeen, moreDataAvailable: lastSeen < total, totalCount: total },
  };
}

const NOT_OWNER = { status: 403, code: 'NOT_OWNER', messages: ['watchlistNotOwner'] };
const CHANGED = { status: 409, code: 'CONFLICT', messages: ['watchlistChanged'] };

/** An editor of list `wl-1`, read with `first`. */
async function editing(first: Watchlist) {
  const fake = fakeCalls();
  const actor = createActor(watchlistEditorMachine, { input: { calls: fake.calls, watchlistId: 'wl-1' } }).start();
  const view = () => connectWatchlistEditor(actor.getSnapshot(), actor.send);
  expect(view().status).toBe('loading');
  fake.next('load').resolve(first);
  await waitFor(actor, (s) => s.matches('ready'));
  return { ...fake, actor, view, ids: () => view().content.map((entry) => entry.id) };
}

describe('watchlist editor machine', () => {
  it('reads the list, and offers the edits the §4 rules allow', async () => {
    const { view, ids } = await editing(page(['a', 'b', 'c']));
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(view()).toMatchObject({ name: 'Friday films', ownership: 'OWNED', shareablePath: '/watchlists?share=t0k3n', canLoadMore: false });
    expect(view().allowed).toEqual(['view', 'rename', 'delete', 'addContent', 'removeContent', 'reorder']);
  });

  it('a SHARED list is read-only: edits are not even sent', async () => {
    const { view, pending, ids } = await editing(page(['a', 'b'], { ownership: 'SHARED' }));
    expect(view().allowed).toEqual(['view', 'save', 'unsave']);
    view().rename('Mine');
    view().move(0, 1);
    view().remove(item('a'));
    view().add({ id: 'z', contentType: 'VOD' });
    expect(pending).toEqual([]);
    expect(ids()).toEqual(['a', 'b']);
    expect(view()).toMatchObject({ status: 'ready', name: 'Friday films' });
  });

  it('creates a list with a valid name, then reads it', async () => {
    const { calls, next } = fakeCalls();
    const actor = createActor(watchlistEditorMachine, { input: { calls } }).start();
    const view = () => connectWatchlistEditor(actor.getSnapshot(), actor.send);
    expect(view().status).toBe('new');
    view().create('   ');
    expect(view().status).toBe('new');
    view().create('  Friday films ');
    expect(view().status).toBe('creating');
    const create = next('create');
    expect(create.request).toEqual({ name: 'Friday films' });
    create.resolve({ id: 'wl-1' });
    await waitFor(actor, (s) => s.matches('loading'));
    const load = next('load');
    expect(load.request).toMatchObject({ id: 'wl-1', lastSeen: 0 });
    load.resolve(page([]));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({ watchlistId: 'wl-1', name: 'Friday films', content: [] });
  });

  it('renames at once, and puts the name back visibly when the platform refuses', async () => {
    const { actor, view, next } = await editing(page(['a']));
    view().rename('Saturday films');
    expect(view()).toMatchObject({ name: 'Saturday films', status: 'saving' });
    next('rename').reject(NOT_OWNER);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({ name: 'Friday films', errorKey: 'watchlistNotOwner' });
    view().rename('Sunday films');
    expect(next('rename').request).toEqual({ id: 'wl-1', name: 'Sunday films' });
    expect(view().errorKey).toBeNull();
  });

  it('removes at once; a refused removal brings the title back in its place', async () => {
    const { actor, view, next, ids } = await editing(page(['a', 'b', 'c'], { total: 3 }));
    view().remove(item('b'));
    expect(ids()).toEqual(['a', 'c']);
    next('removeContent').reject({ status: 500, code: 'INTERNAL_ERROR', messages: [] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(view().errorKey).toBe('unknownError');
    view().remove(item('b'));
    next('removeContent').resolve({});
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ids()).toEqual(['a', 'c']);
    expect(view().totalCount).toBe(2);
  });

  it('moves at once and sends the §9 reorder of the items held; moves made meanwhile go together next', async () => {
    const { actor, view, next, pending, ids } = await editing(page(['a', 'b', 'c', 'd'], { total: 10 }));
    view().moveDown(0); // b a c d
    expect(ids()).toEqual(['b', 'a', 'c', 'd']);
    const first = next('reorder');
    expect(first.request).toEqual({
      id: 'wl-1',
      reorder: { lastSeen: 4, content: ['b', 'a', 'c', 'd'].map((id) => ({ id, contentType: 'VOD' })) } satisfies WatchlistReorder,
    });
    view().move(3, 0); // d b a c
    view().moveUp(3); // d b c a
    expect(ids()).toEqual(['d', 'b', 'c', 'a']);
    expect(pending).toEqual([]);
    first.resolve({});
    await waitFor(actor, () => pending.length > 0);
    const second = next('reorder');
    expect((second.request.reorder as WatchlistReorder).content.map((entry) => entry.id)).toEqual(['d', 'b', 'c', 'a']);
    second.resolve({});
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ids()).toEqual(['d', 'b', 'c', 'a']);
    expect(pending).toEqual([]);
  });

  it('a refused reorder puts back the order the platform confirmed, visibly', async () => {
    const { actor, view, next, ids } = await editing(page(['a', 'b', 'c']));
    view().move(0, 2); // b c a
    next('reorder').resolve({});
    await waitFor(actor, (s) => s.matches('ready'));
    view().move(2, 0); // a b c
    view().move(0, 1); // b a c (made while the first is on its way: sent later)
    next('reorder').reject(CHANGED);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ids()).toEqual(['b', 'c', 'a']);
    expect(view().errorKey).toBe('watchlistChanged');
    view().dismiss();
    expect(view().errorKey).toBeNull();
    // Moves outside the items held are ignored.
    view().move(0, 3);
    view().moveUp(0);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('adds a title at the end once the platform answers, when every page is held', async () => {
    const { actor, view, next, ids } = await editing(page(['a']));
    view().add({ id: 'z', contentType: 'VOD' });
    expect(ids()).toEqual(['a']);
    const add = next('addContent');
    expect(add.request).toEqual({ id: 'wl-1', content: { id: 'z', contentType: 'VOD' } });
    add.resolve({ content: item('z') });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ids()).toEqual(['a', 'z']);
    expect(view().totalCount).toBe(2);
    // The same title again: the platform answers it, nothing doubles.
    view().add({ id: 'z', contentType: 'VOD' });
    next('addContent').resolve({ content: item('z') });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ids()).toEqual(['a', 'z']);
  });

  it('reads the next page after the items held, and a page that adds nothing ends the paging', async () => {
    const { actor, view, next, ids } = await editing(page(['a', 'b'], { total: 4 }));
    expect(view().canLoadMore).toBe(true);
    view().add({ id: 'z', contentType: 'VOD' });
    next('addContent').resolve({ content: item('z') });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ids()).toEqual(['a', 'b']); // added at the end, on a page not read yet
    view().loadMore();
    expect(view().status).toBe('loadingMore');
    const more = next('load');
    expect(more.request).toMatchObject({ id: 'wl-1', lastSeen: 2 });
    more.resolve(page(['c', 'd', 'z'], { lastSeen: 2, total: 5 }));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ids()).toEqual(['a', 'b', 'c', 'd', 'z']);
    expect(view().canLoadMore).toBe(false);
  });

  it('a list that cannot be read fails with its key, and reload reads it again', async () => {
    const { calls, next } = fakeCalls();
    const actor = createActor(watchlistEditorMachine, { input: { calls, watchlistId: 'wl-9' } }).start();
    const view = () => connectWatchlistEditor(actor.getSnapshot(), actor.send);
    next('load').reject({ status: 404, code: 'NOT_FOUND', messages: [] });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view()).toMatchObject({ status: 'failed', errorKey: 'watchlistNotFound', allowed: [] });
    view().reload();
    next('load').resolve(page(['a']));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().errorKey).toBeNull();
  });
});

describe('watchlist editor machine: a list opened by its link', () => {
  it('opens it by the token, saves it at once, and puts the flag back when the platform refuses', async () => {
    const { calls, next, pending } = fakeCalls();
    const actor = createActor(watchlistEditorMachine, { input: { calls, shareToken: 't0k3n' } }).start();
    const view = () => connectWatchlistEditor(actor.getSnapshot(), actor.send);
    expect(view().status).toBe('loading');
    const open = next('open');
    expect(open.request).toMatchObject({ shareToken: 't0k3n' });
    open.resolve({ ...page(['a', 'b'], { ownership: 'SHARED' }), saved: false });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({ ownership: 'SHARED', saved: false, watchlistId: 'wl-1' });
    view().unsave(); // not saved: nothing to take out
    expect(pending).toEqual([]);
    view().save();
    expect(view()).toMatchObject({ saved: true, status: 'saving' });
    const save = next('setSaved');
    expect(save.request).toEqual({ ownerId: 'owner-1', id: 'wl-1', saved: true });
    save.resolve({});
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().saved).toBe(true);
    view().unsave();
    expect(view().saved).toBe(false);
    next('setSaved').reject({ status: 404, code: 'NOT_FOUND', messages: [] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({ saved: true, errorKey: 'watchlistNotFound' });
  });

  it('one\'s own list opened by its link cannot be saved (it is always in the library)', async () => {
    const { calls, next, pending } = fakeCalls();
    const actor = createActor(watchlistEditorMachine, { input: { calls, shareToken: 't0k3n' } }).start();
    next('open').resolve(page(['a']));
    await waitFor(actor, (s) => s.matches('ready'));
    const view = connectWatchlistEditor(actor.getSnapshot(), actor.send);
    expect(view).toMatchObject({ ownership: 'OWNED', saved: true });
    view.save();
    view.unsave();
    expect(pending).toEqual([]);
  });

  it('an unknown link fails, and reload opens it again', async () => {
    const { calls, next } = fakeCalls();
    const actor = createActor(watchlistEditorMachine, { input: { calls, shareToken: 'nope' } }).start();
    next('open').reject({ status: 404, code: 'NOT_FOUND', messages: [] });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'watchlist.reload' });
    expect(next('open').request).toMatchObject({ shareToken: 'nope' });
  });
});
