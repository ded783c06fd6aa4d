/**
 * Each profile has its own library (issue 16; docs/api.md "Profiles and preferences"): favourites,
 * watchlists (owned and saved), watch history and continue watching are the session's profile's
 * (`library/caller.ts`), against a seeded in-memory sandbox, in process. Two adult profiles and a
 * child profile of one account each see only what they wrote; a session without `pid` (a
 * sign-in) is the first adult profile; deleting a profile deletes its library, and its sessions'
 * library calls answer 401 `profileGone`.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '@stream/core/contracts';
import { watchlistShareToken } from '@stream/core/domain';
import { favourites, titles, watchlists, watchlistViewers, watchProgress } from '../src/db/schema.js';
import { call, decodeClaims, expectError, inProcessAppForFile } from './helpers.js';

const opened = inProcessAppForFile();

/** Titles rated for everyone (a child of any limit may hold them), on demand (tracked by the history), 60 s or longer. */
let vods: { id: string; duration: number }[] = [];

beforeAll(async () => {
  const rows = await opened.deps.db.select().from(titles).where(eq(titles.type, 'VOD')).orderBy(asc(titles.id));
  vods = rows.filter((row) => row.ageRating === 0 && (row.durationSeconds ?? 0) >= 60).map((row) => ({ id: row.id, duration: row.durationSeconds! }));
  expect(vods.length).toBeGreaterThanOrEqual(6);
});

const get = (path: string, token: string) => call(opened.app, 'GET', path, { token });

/** 200, its body. */
async function ok(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

/**
 * A new account (its sign-up session has no `pid`), with a second adult profile and a child one
 * (limit 7); the tokens of selecting each of the three.
 */
async function household() {
  const email = `library-${randomUUID()}@stream.test`;
  const signUp = await call(opened.app, 'POST', '/api/v2/user', { body: { id: email, secret: 'library-password', name: 'Owner' } });
  expect(signUp.status, JSON.stringify(signUp.json)).toBe(201);
  const signIn = loginResponseSchema.parse(signUp.json).authorisationToken;
  expect(decodeClaims(signIn).pid).toBeUndefined();
  const accountId = decodeClaims(signIn).sub as string;
  const make = async (body: Record<string, unknown>) => {
    const res = await call(opened.app, 'POST', '/api/v2/profiles', { token: signIn, body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.id as string;
  };
  const partnerId = await make({ name: 'Partner', type: 'ADULT' });
  const childId = await make({ name: 'Kid', type: 'CHILD', ageRatingLimit: 7 });
  const select = async (id: string) => {
    const res = await call(opened.app, 'POST', `/api/v2/profiles/${id}/select`, { token: signIn, body: {} });
    return loginResponseSchema.parse(await ok(res)).authorisationToken;
  };
  return {
    accountId,
    signIn,
    owner: { id: accountId, token: await select(accountId) },
    partner: { id: partnerId, token: await select(partnerId) },
    child: { id: childId, token: await select(childId) },
  };
}

/** Favourites `ids`, reports `inProgress` half watched, and makes a watchlist named `name` holding `ids`: its id. */
async function fill(token: string, ids: string[], inProgress: { id: string; duration: number }[], name: string) {
  for (const id of ids) await ok(await call(opened.app, 'PUT', `/api/v2/favourite/vods/${id}`, { token }));
  for (const { id, duration } of inProgress) {
    const body = { positionSeconds: duration / 2, durationSeconds: duration, updatedAt: new Date().toISOString() };
    await ok(await call(opened.app, 'PUT', `/api/v2/history/${id}`, { token, body }));
  }
  const created = await call(opened.app, 'POST', '/api/v2/watchlists', { token, body: { name } });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  for (const id of ids) {
    await ok(await call(opened.app, 'POST', `/api/v4/user/watchlist/${created.json.id}/content`, { token, body: { content: { id, contentType: 'VOD' } } }));
  }
  return created.json.id as string;
}

/** What a session's library holds: favourite ids, history ids, continue-watching ids, watchlist names (all sorted). */
async function libraryOf(token: string) {
  const ids = (items: { id?: string; tile?: { id: string } }[]) => items.map((item) => item.tile?.id ?? item.id!).sort();
  return {
    favourites: ids((await ok(await get('/api/v2/favourite/vods?rpp=100', token))).items),
    history: ids((await ok(await get('/api/v2/history?rpp=100', token))).items),
    continueWatching: ids((await ok(await get('/api/v2/continue-watching?rpp=100', token))).items),
    watchlists: ((await ok(await get('/api/v2/watchlists?rpp=100', token))).watchlists as { name: string }[]).map((list) => list.name).sort(),
  };
}

/** How many library rows the profile `profileId` has in each table. */
async function rowsOf(profileId: string) {
  const { db } = opened.deps;
  return {
    favourites: await db.$count(favourites, eq(favourites.profileId, profileId)),
    watchProgress: await db.$count(watchProgress, eq(watchProgress.profileId, profileId)),
    watchlists: await db.$count(watchlists, eq(watchlists.profileId, profileId)),
    watchlistViewers: await db.$count(watchlistViewers, eq(watchlistViewers.profileId, profileId)),
  };
}

describe('each profile has its own library', () => {
  it('two adults and a child of one account see only their own favourites, history, continue watching and watchlists', async () => {
    const home = await household();
    const [a, b, c, d, e, f] = vods.map((v) => v.id);
    await fill(home.owner.token, [a!, b!], [vods[0]!], 'Owner list');
    await fill(home.partner.token, [c!, d!], [vods[2]!, vods[3]!], 'Partner list');
    await fill(home.child.token, [e!], [vods[5]!], 'Kid list');

    expect(await libraryOf(home.owner.token)).toEqual({ favourites: [a, b].sort(), history: [a], continueWatching: [a], watchlists: ['Owner list'] });
    expect(await libraryOf(home.partner.token)).toEqual({ favourites: [c, d].sort(), history: [c, d].sort(), continueWatching: [c, d].sort(), watchlists: ['Partner list'] });
    expect(await libraryOf(home.child.token)).toEqual({ favourites: [e], history: [f], continueWatching: [f], watchlists: ['Kid list'] });

    // The session of the sign-in (no pid) is the first adult profile's: the same library.
    expect(await libraryOf(home.signIn)).toEqual(await libraryOf(home.owner.token));
  });

  it('a write through one profile never shows in another: by id, by status, and a list of another profile is 404', async () => {
    const home = await household();
    const { id, duration } = vods[1]!;
    const ownerList = await fill(home.owner.token, [id], [{ id, duration }], 'Mine');

    for (const other of [home.partner.token, home.child.token]) {
      expect(await ok(await get(`/api/v2/favourite/vods/${id}`, other))).toEqual({ id, favourite: false });
      expect((await ok(await get(`/api/v2/favourite/status?ids=${id}`, other))).items).toEqual([{ id, favourite: false }]);
      expect((await ok(await get(`/api/v2/history/${id}`, other))).progress).toMatchObject({ positionSeconds: 0, state: 'NOT_STARTED' });
      expectError(await get(`/api/v4/user/watchlist/${ownerList}`, other), 404, 'NOT_FOUND');
      expectError(await call(opened.app, 'PUT', `/api/v2/watchlists/${ownerList}`, { token: other, body: { name: 'Taken' } }), 404, 'NOT_FOUND');
    }
    // Removing it elsewhere leaves the owner's alone.
    await ok(await call(opened.app, 'DELETE', `/api/v2/favourite/vods/${id}`, { token: home.partner.token }));
    await ok(await call(opened.app, 'DELETE', `/api/v2/history/${id}`, { token: home.partner.token }));
    expect(await libraryOf(home.owner.token)).toMatchObject({ favourites: [id], history: [id], continueWatching: [id] });
    // Written through the sign-in session, it is the owner profile's.
    const other = vods[4]!.id;
    await ok(await call(opened.app, 'PUT', `/api/v2/favourite/vods/${other}`, { token: home.signIn }));
    expect((await libraryOf(home.owner.token)).favourites).toEqual([id, other].sort());
    expect((await libraryOf(home.partner.token)).favourites).toEqual([]);
  });

  it('another profile of the account reaches a list by its shareable path as SHARED, and may save it to its own library', async () => {
    const home = await household();
    const listId = await fill(home.owner.token, [vods[0]!.id], [], 'Family films');
    const summary = await ok(await get(`/api/v4/user/watchlist/${listId}?rpp=1`, home.owner.token));
    expect(summary.ownership).toBe('OWNED');
    const token = watchlistShareToken(String(summary.shareablePath).split('?')[1] ?? '')!;
    const shared = await ok(await get(`/api/v2/watchlists/shared/${token}`, home.partner.token));
    expect(shared).toMatchObject({ watchlistExternalId: listId, ownership: 'SHARED', saved: false, ownerExternalId: home.accountId });
    expect((await libraryOf(home.partner.token)).watchlists).toEqual([]);
    await ok(await call(opened.app, 'POST', `/api/v2/watchlists/${home.accountId}/${listId}/save`, { token: home.partner.token }));
    expect((await libraryOf(home.partner.token)).watchlists).toEqual(['Family films']);
    expect((await libraryOf(home.child.token)).watchlists).toEqual([]);
    // Only its owning profile may delete it.
    expectError(await call(opened.app, 'DELETE', `/api/v2/watchlists/${home.accountId}/${listId}`, { token: home.partner.token }), 403, 'NOT_OWNER');
  });

  it('deleting a profile deletes its library (and its saved lists), leaves the others’, and its session’s library calls are 401 profileGone', async () => {
    const home = await household();
    const ownerList = await fill(home.owner.token, [vods[0]!.id], [vods[0]!], 'Owner list');
    await fill(home.partner.token, [vods[1]!.id, vods[2]!.id], [vods[1]!], 'Partner list');
    const summary = await ok(await get(`/api/v4/user/watchlist/${ownerList}?rpp=1`, home.owner.token));
    const share = watchlistShareToken(String(summary.shareablePath).split('?')[1] ?? '')!;
    await ok(await get(`/api/v2/watchlists/shared/${share}`, home.partner.token));
    await ok(await call(opened.app, 'POST', `/api/v2/watchlists/${home.accountId}/${ownerList}/save`, { token: home.partner.token }));
    expect(await rowsOf(home.partner.id)).toEqual({ favourites: 2, watchProgress: 1, watchlists: 1, watchlistViewers: 1 });
    const ownerBefore = await rowsOf(home.owner.id);

    await ok(await call(opened.app, 'DELETE', `/api/v2/profiles/${home.partner.id}`, { token: home.owner.token }));
    expect(await rowsOf(home.partner.id)).toEqual({ favourites: 0, watchProgress: 0, watchlists: 0, watchlistViewers: 0 });
    expect(await rowsOf(home.owner.id)).toEqual(ownerBefore);
    expect((await libraryOf(home.owner.token)).watchlists).toEqual(['Owner list']);

    for (const [method, path] of [
      ['GET', '/api/v2/favourite/vods'],
      ['PUT', `/api/v2/favourite/vods/${vods[3]!.id}`],
      ['GET', '/api/v2/continue-watching'],
      ['GET', '/api/v2/watchlists'],
      ['POST', '/api/v2/watchlists'],
    ] as const) {
      const body = method === 'POST' ? { name: 'Ghost' } : undefined;
      const res = await call(opened.app, method, path, { token: home.partner.token, ...(body ? { body } : {}) });
      expect(expectError(res, 401, 'UNAUTHORIZED').messages[0], `${method} ${path}`).toBe('profileGone');
    }
    expect(await rowsOf(home.partner.id)).toEqual({ favourites: 0, watchProgress: 0, watchlists: 0, watchlistViewers: 0 });
  });

  it('a session without pid whose first adult profile was deleted reads the oldest adult profile left, as its preferences do', async () => {
    const home = await household();
    await fill(home.owner.token, [vods[0]!.id], [], 'Owner list');
    await fill(home.partner.token, [vods[1]!.id], [], 'Partner list');
    await ok(await call(opened.app, 'DELETE', `/api/v2/profiles/${home.owner.id}`, { token: home.partner.token }));
    expect(await rowsOf(home.owner.id)).toEqual({ favourites: 0, watchProgress: 0, watchlists: 0, watchlistViewers: 0 });
    expect(await libraryOf(home.signIn)).toEqual(await libraryOf(home.partner.token));
    await ok(await call(opened.app, 'PUT', `/api/v2/favourite/vods/${vods[2]!.id}`, { token: home.signIn }));
    expect((await libraryOf(home.partner.token)).favourites).toEqual([vods[1]!.id, vods[2]!.id].sort());
    const rows = await opened.deps.db.select({ profileId: favourites.profileId }).from(favourites).where(inArray(favourites.userId, [home.accountId]));
    expect(new Set(rows.map((row) => row.profileId))).toEqual(new Set([home.partner.id]));
  });
});
