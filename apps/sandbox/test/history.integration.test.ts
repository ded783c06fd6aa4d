/**
 * Watch history, progress and continue watching (`calls.history`; this project's calls,
 * docs/api.md "Favourites, history and continue watching") against a seeded in-memory sandbox,
 * in process: reports merged by latest update (two devices out of order, a device clock ahead of
 * the platform's), the 5 % and 90 % thresholds, the next episode of a watched one, removal
 * (older reports do not bring a title back), paging, live streams not tracked, accounts apart,
 * 401 and 400 in the platform's shape. The sandbox clock is set to T at the start of each test (it runs on from there).
 */
import fc from 'fast-check';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { continueWatchingPageSchema, historyPageSchema, titleProgressSchema, type ContinueWatchingPage, type HistoryPage } from '@stream/core/contracts';
import { titles } from '../src/db/schema.js';
import { TITLE_IDS } from '../src/seed/titles.js';
import { inProcessBuyers } from './buyers.js';
import { call, expectError, inProcessAppForFile } from './helpers.js';

const opened = inProcessAppForFile();
const T = Date.parse('2026-11-20T20:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
const EP = (season: number, n: number) => `episode-the-academy-${season}-${n}`;
/** On-demand videos with their durations (seconds). */
let vods: { id: string; duration: number }[] = [];

beforeAll(async () => {
  const rows = await opened.deps.db.select().from(titles).where(eq(titles.type, 'VOD')).orderBy(asc(titles.id));
  vods = rows.map((row) => ({ id: row.id, duration: row.durationSeconds ?? 0 })).filter((v) => v.duration >= 60);
  expect(vods.length).toBeGreaterThanOrEqual(11);
});

async function setClock(ms: number | null) {
  const res = await call(opened.app, 'POST', '/_sandbox/clock', { body: { now: ms === null ? null : at(ms) } });
  expect(res.status).toBe(200);
}
beforeEach(() => setClock(T));
afterEach(() => setClock(null));

const newAccount = async () => (await inProcessBuyers(opened.app).newBuyer()).token;

/** A report of `id` at `positionSeconds` of `durationSeconds`, made at device time `madeAt`. */
async function report(token: string, id: string, positionSeconds: number, durationSeconds: number, madeAt: number, ended?: boolean) {
  const body = { positionSeconds, durationSeconds, updatedAt: at(madeAt), ...(ended === undefined ? {} : { ended }) };
  const res = await call(opened.app, 'PUT', `/api/v2/history/${id}`, { token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return titleProgressSchema.parse(res.json);
}

async function history(token: string, query = ''): Promise<HistoryPage> {
  const res = await call(opened.app, 'GET', `/api/v2/history${query}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return historyPageSchema.parse(res.json);
}

async function continueWatching(token: string, query = ''): Promise<ContinueWatchingPage> {
  const res = await call(opened.app, 'GET', `/api/v2/continue-watching${query}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return continueWatchingPageSchema.parse(res.json);
}

async function progressOf(token: string, id: string) {
  const res = await call(opened.app, 'GET', `/api/v2/history/${id}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return titleProgressSchema.parse(res.json).progress;
}

describe('reports and progress', () => {
  it('keeps position, duration and time per title; in progress between 5 % and 90 %', async () => {
    const token = await newAccount();
    const { id, duration } = vods[0]!;
    expect(await progressOf(token, id)).toEqual({ positionSeconds: 0, durationSeconds: duration, state: 'NOT_STARTED' });
    const answer = await report(token, id, duration * 0.5, duration, T - 1000);
    expect(answer).toEqual({ id, applied: true, progress: { positionSeconds: duration * 0.5, durationSeconds: duration, state: 'IN_PROGRESS', updatedAt: at(T - 1000) } });
    expect(await progressOf(token, id)).toEqual(answer.progress);
    expect((await continueWatching(token)).items.map((i) => [i.tile.id, i.reason])).toEqual([[id, 'IN_PROGRESS']]);

    // Under 5 %: in the history, not in continue watching.
    await report(token, vods[1]!.id, vods[1]!.duration * 0.04, vods[1]!.duration, T - 500);
    expect((await history(token)).items.map((i) => [i.tile.id, i.progress.state])).toEqual([
      [vods[1]!.id, 'NOT_STARTED'],
      [id, 'IN_PROGRESS'],
    ]);
    // 90 %: watched, leaves continue watching; the end counts too.
    await report(token, id, duration * 0.9, duration, T - 400);
    await report(token, vods[2]!.id, 10, vods[2]!.duration, T - 300, true);
    expect(await progressOf(token, vods[2]!.id)).toMatchObject({ state: 'WATCHED', positionSeconds: vods[2]!.duration });
    expect((await continueWatching(token)).items).toEqual([]);
    expect((await history(token)).pagingInfo.totalCount).toBe(3);
  });

  it('merges two devices reporting out of order by the latest update, never older over newer', async () => {
    const token = await newAccount();
    const { id, duration } = vods[3]!;
    // The phone reported at T-20 s (120 s), the TV at T-10 s (300 s); the TV's report arrives first.
    const tv = await report(token, id, 300, duration, T - 10_000);
    const phone = await report(token, id, 120, duration, T - 20_000);
    expect(tv.applied).toBe(true);
    expect(phone).toEqual({ id, applied: false, progress: tv.progress });
    expect(await progressOf(token, id)).toMatchObject({ positionSeconds: 300, updatedAt: at(T - 10_000) });
    // A newer report of the phone wins, even going back.
    const later = await report(token, id, 90, duration, T - 5000);
    expect(later).toMatchObject({ applied: true, progress: { positionSeconds: 90, updatedAt: at(T - 5000) } });
    // The same report twice changes nothing.
    expect((await report(token, id, 90, duration, T - 5000)).applied).toBe(false);
  });

  it('property: reports sent in any order end in the same record, the latest made', async () => {
    const { id, duration } = vods[7]!;
    const reportArb = fc.record({ position: fc.integer({ min: 0, max: duration }), madeBefore: fc.integer({ min: 1, max: 60 }) });
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(reportArb, { minLength: 1, maxLength: 5, selector: (r) => r.madeBefore }), async (reports) => {
        const [inOrder, reversed] = [await newAccount(), await newAccount()];
        for (const r of reports) await report(inOrder, id, r.position, duration, T - r.madeBefore * 1000);
        for (const r of [...reports].reverse()) await report(reversed, id, r.position, duration, T - r.madeBefore * 1000);
        const latest = reports.reduce((a, b) => (b.madeBefore < a.madeBefore ? b : a));
        const [a, b] = [await progressOf(inOrder, id), await progressOf(reversed, id)];
        expect(a).toEqual(b);
        expect(a).toMatchObject({ positionSeconds: latest.position, updatedAt: at(T - latest.madeBefore * 1000) });
      }),
      { numRuns: 8 },
    );
  });

  it("counts a device clock ahead of the platform's at the platform's time", async () => {
    const token = await newAccount();
    const { id, duration } = vods[4]!;
    const ahead = await report(token, id, 600, duration, T + 3_600_000);
    // The sandbox clock was set to T and runs on: the report counts at its time, not an hour ahead.
    const counted = Date.parse(ahead.progress.updatedAt!);
    expect(counted).toBeGreaterThanOrEqual(T);
    expect(counted).toBeLessThan(T + 60_000);
    await setClock(counted + 120_000);
    const next = await report(token, id, 100, duration, counted + 60_000);
    expect(next).toMatchObject({ applied: true, progress: { positionSeconds: 100 } });
  });

  it('does not track live streams nor titles that do not play (400 titleNotTracked)', async () => {
    const token = await newAccount();
    for (const id of [TITLE_IDS.cupSemiFinal, TITLE_IDS.sportsChannel, TITLE_IDS.academy, TITLE_IDS.freePlaylist]) {
      const res = await call(opened.app, 'PUT', `/api/v2/history/${id}`, { token, body: { positionSeconds: 60, durationSeconds: 3600, updatedAt: at(T) } });
      expect(expectError(res, 400, 'BAD_REQUEST').messages).toEqual(['titleNotTracked']);
    }
    expect((await history(token)).items).toEqual([]);
  });
});

describe('continue watching', () => {
  it('offers the next episode of a watched one, across seasons, until it has progress of its own', async () => {
    const token = await newAccount();
    await report(token, EP(1, 3), 2000, 2520, T - 3000, true);
    let row = await continueWatching(token);
    expect(row.items.map((i) => [i.tile.id, i.reason, i.previousId, i.progress.state, i.progress.positionSeconds])).toEqual([
      [EP(2, 1), 'NEXT_EPISODE', EP(1, 3), 'NOT_STARTED', 0],
    ]);
    expect(row.items[0]!.tile.type).toBe('EPISODE');
    // Started: shown as itself, in progress, once.
    await report(token, EP(2, 1), 1000, 2700, T - 2000);
    row = await continueWatching(token);
    expect(row.items.map((i) => [i.tile.id, i.reason])).toEqual([[EP(2, 1), 'IN_PROGRESS']]);
    // Watched too: the next one is offered.
    await report(token, EP(2, 1), 2600, 2700, T - 1000);
    row = await continueWatching(token);
    expect(row.items.map((i) => [i.tile.id, i.reason, i.previousId])).toEqual([[EP(2, 2), 'NEXT_EPISODE', EP(2, 1)]]);
  });

  it('pages, last updated first (0, 9 and 10 items with rpp=9)', async () => {
    const token = await newAccount();
    expect((await continueWatching(token)).pagingInfo).toEqual({ rpp: 12, lastSeen: 0, moreDataAvailable: false, totalCount: 0 });
    for (let i = 0; i < 9; i += 1) await report(token, vods[i]!.id, vods[i]!.duration / 2, vods[i]!.duration, T - 100_000 + i * 1000);
    const nine = await continueWatching(token, '?rpp=9');
    expect(nine.items.map((i) => i.tile.id)).toEqual(vods.slice(0, 9).map((v) => v.id).reverse());
    expect(nine.pagingInfo).toMatchObject({ lastSeen: 9, moreDataAvailable: false, totalCount: 9 });
    await report(token, vods[9]!.id, vods[9]!.duration / 2, vods[9]!.duration, T - 1000);
    const first = await continueWatching(token, '?rpp=9');
    expect(first.items[0]!.tile.id).toBe(vods[9]!.id);
    expect(first.pagingInfo).toMatchObject({ lastSeen: 9, moreDataAvailable: true, totalCount: 10 });
    const second = await continueWatching(token, '?rpp=9&lastSeen=9');
    expect(second.items.map((i) => i.tile.id)).toEqual([vods[0]!.id]);
    expect(second.pagingInfo).toMatchObject({ lastSeen: 10, moreDataAvailable: false });
    const all = await history(token, '?rpp=9&lastSeen=9');
    expect(all.items.map((i) => i.tile.id)).toEqual([vods[0]!.id]);
  });
});

describe('DELETE /api/v2/history/{id}', () => {
  it('removes a title from the history and continue watching; an older report does not bring it back, a newer one does', async () => {
    const token = await newAccount();
    const { id, duration } = vods[5]!;
    await report(token, id, duration / 2, duration, T - 10_000);
    for (let i = 0; i < 2; i += 1) {
      const res = await call(opened.app, 'DELETE', `/api/v2/history/${id}`, { token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ id });
    }
    expect((await history(token)).items).toEqual([]);
    expect((await continueWatching(token)).items).toEqual([]);
    expect(await progressOf(token, id)).toEqual({ positionSeconds: 0, durationSeconds: duration, state: 'NOT_STARTED' });
    // A report made before the removal (a device that was offline) stays removed.
    const late = await report(token, id, duration / 2 + 10, duration, T - 5000);
    expect(late).toMatchObject({ applied: false, progress: { state: 'NOT_STARTED', positionSeconds: 0 } });
    expect((await history(token)).items).toEqual([]);
    await setClock(T + 120_000);
    const fresh = await report(token, id, 60, duration, T + 60_000);
    expect(fresh).toMatchObject({ applied: true, progress: { positionSeconds: 60 } });
    expect((await history(token)).items.map((i) => i.tile.id)).toEqual([id]);
  });

  it('removes a next episode from the row ("remove from row")', async () => {
    const token = await newAccount();
    await report(token, EP(1, 1), 2500, 2520, T - 5000, true);
    expect((await continueWatching(token)).items.map((i) => i.tile.id)).toEqual([EP(1, 2)]);
    expect((await call(opened.app, 'DELETE', `/api/v2/history/${EP(1, 2)}`, { token })).status).toBe(200);
    expect((await continueWatching(token)).items).toEqual([]);
    expect((await history(token)).items.map((i) => i.tile.id)).toEqual([EP(1, 1)]);
  });

  it('answers 404 for an unknown title', async () => {
    const token = await newAccount();
    expectError(await call(opened.app, 'DELETE', '/api/v2/history/no-such-title', { token }), 404, 'NOT_FOUND');
    expectError(await call(opened.app, 'GET', '/api/v2/history/no-such-title', { token }), 404, 'NOT_FOUND');
    expectError(
      await call(opened.app, 'PUT', '/api/v2/history/no-such-title', { token, body: { positionSeconds: 1, durationSeconds: 2, updatedAt: at(T) } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('accounts and input', () => {
  it("one account never sees another's history", async () => {
    const alice = await newAccount();
    const bob = await newAccount();
    await report(alice, vods[6]!.id, vods[6]!.duration / 2, vods[6]!.duration, T - 1000);
    expect((await history(bob)).items).toEqual([]);
    expect((await continueWatching(bob)).items).toEqual([]);
    expect((await progressOf(bob, vods[6]!.id)).state).toBe('NOT_STARTED');
    await call(opened.app, 'DELETE', `/api/v2/history/${vods[6]!.id}`, { token: bob });
    expect((await history(alice)).items).toHaveLength(1);
  });

  it('needs a signed-in account (401)', async () => {
    for (const [method, path] of [
      ['GET', '/api/v2/history'],
      ['GET', '/api/v2/continue-watching'],
      ['GET', `/api/v2/history/${vods[0]!.id}`],
      ['DELETE', `/api/v2/history/${vods[0]!.id}`],
    ] as const) {
      expectError(await call(opened.app, method, path), 401, 'UNAUTHORIZED');
    }
  });

  it('answers 400 in the platform shape for a malformed report or query, never 500', async () => {
    const token = await newAccount();
    const id = vods[0]!.id;
    const bodies: unknown[] = [
      {},
      { positionSeconds: -1, durationSeconds: 100, updatedAt: at(T) },
      { positionSeconds: 1, durationSeconds: 0, updatedAt: at(T) },
      { positionSeconds: 1, durationSeconds: 100 },
      { positionSeconds: 1, durationSeconds: 100, updatedAt: 'yesterday' },
      { positionSeconds: '1', durationSeconds: 100, updatedAt: at(T) },
      { positionSeconds: 1, durationSeconds: 1e9, updatedAt: at(T) },
      { positionSeconds: 1, durationSeconds: 100, updatedAt: at(T), ended: 'yes' },
      [],
      null,
    ];
    for (const body of bodies) expectError(await call(opened.app, 'PUT', `/api/v2/history/${id}`, { token, body }), 400, 'BAD_REQUEST');
    expectError(await call(opened.app, 'PUT', `/api/v2/history/${id}`, { token, rawBody: '{"positionSeconds":' }), 400, 'BAD_REQUEST');
    for (const query of ['?rpp=0', '?lastSeen=-3', '?rpp=x']) {
      expectError(await call(opened.app, 'GET', `/api/v2/history${query}`, { token }), 400, 'BAD_REQUEST');
      expectError(await call(opened.app, 'GET', `/api/v2/continue-watching${query}`, { token }), 400, 'BAD_REQUEST');
    }
  });
});
