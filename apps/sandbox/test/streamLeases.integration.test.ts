/**
 * Concurrent streams (`calls.streamLeases`; issue 17; docs/api.md "Concurrent streams") against a
 * seeded in-memory sandbox, in process: a start grants a lease up to the realm's limit (4), the
 * next is 429 `CONCURRENCY_LIMIT` naming the devices, a stop frees a place, an unrenewed lease
 * expires after 60 s on the sandbox clock and a renewed one does not, the heartbeat answers a
 * stopped lease `STOPPED`, ten starts at once grant exactly the limit, one account's leases are
 * out of another's reach, guests take no lease, and malformed input is 400 in the platform shape.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { concurrencyLimitDetailsSchema, heartbeatAnswerSchema, liveStreamsSchema, streamStartSchema } from '@stream/core/contracts';
import { DEFAULT_CONCURRENT_STREAM_LIMIT, STREAM_HEARTBEAT_INTERVAL_MS } from '@stream/core/domain';
import { CONTENT_IDS } from '../src/seed/catalogue.js';
import { CONCURRENT_STREAM_LIMIT } from '../src/seed/realm.js';
import { inProcessBuyers } from './buyers.js';
import { call, expectError, inProcessAppForFile } from './helpers.js';

const opened = inProcessAppForFile();
const LIMIT = CONCURRENT_STREAM_LIMIT;
const FREE = `/api/v2/playback/VOD/${CONTENT_IDS.freeVod1}`;
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const newAccount = async () => (await inProcessBuyers(opened.app).newBuyer()).token;

/** Sets the sandbox clock (lease times follow it); `null` puts it back to the real time. */
async function setClock(at: number | null) {
  const res = await call(opened.app, 'POST', '/_sandbox/clock', { body: { now: at === null ? null : new Date(at).toISOString() } });
  expect(res.status).toBe(200);
}
afterEach(() => setClock(null));

/** Starts a stream on device `device` (its `x-device-id`), optionally named. */
function start(token: string | undefined, device: string, deviceName?: string, path = FREE) {
  return call(opened.app, 'POST', path, {
    token,
    headers: { 'x-device-id': device, 'user-agent': CHROME_LINUX },
    ...(deviceName ? { body: { deviceName } } : {}),
  });
}

async function started(token: string, device: string, deviceName?: string) {
  const res = await start(token, device, deviceName);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const answer = streamStartSchema.parse(res.json);
  expect(answer.leaseId).toBeDefined();
  return answer.leaseId!;
}

async function heartbeat(token: string, body: unknown) {
  const res = await call(opened.app, 'POST', '/api/v1/multiviewHeartbeat', { token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return heartbeatAnswerSchema.parse(res.json);
}

async function list(token: string, device = 'lister') {
  const res = await call(opened.app, 'GET', '/api/v2/streams', { token, headers: { 'x-device-id': device } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return liveStreamsSchema.parse(res.json);
}

const stop = (token: string, leaseId: string) => call(opened.app, 'DELETE', `/api/v2/streams/${leaseId}`, { token });

describe('starting streams up to the limit', () => {
  it('the realm limit is 4; the start answers the playback source with a lease; the fifth is 429 naming the devices', async () => {
    expect(LIMIT).toBe(DEFAULT_CONCURRENT_STREAM_LIMIT);
    const token = await newAccount();
    const first = await start(token, 'tv', 'Living-room TV');
    expect(first.status).toBe(200);
    const answer = streamStartSchema.parse(first.json);
    expect(answer.url).toMatch(/master\.m3u8$/);
    expect(answer.heartbeatIntervalMs).toBe(STREAM_HEARTBEAT_INTERVAL_MS);
    const ids = [answer.leaseId!];
    for (let i = 1; i < LIMIT; i += 1) ids.push(await started(token, `device-${i}`));

    const refused = await start(token, 'phone');
    const error = expectError(refused, 429, 'CONCURRENCY_LIMIT');
    expect(error.messages).toEqual(['concurrencyLimitReached']);
    const details = concurrencyLimitDetailsSchema.parse(error.details);
    expect(details.limit).toBe(LIMIT);
    expect(details.streams.map((s) => s.leaseId)).toEqual(ids);
    expect(details.streams[0]).toMatchObject({ deviceName: 'Living-room TV', titleId: CONTENT_IDS.freeVod1, type: 'VOD' });
    // No name sent: the User-Agent's.
    expect(details.streams[1]!.deviceName).toBe('Chrome on Linux');

    const live = await list(token, 'tv');
    expect(live.limit).toBe(LIMIT);
    expect(live.items.map((s) => [s.leaseId, s.thisDevice])).toEqual(ids.map((id, i) => [id, i === 0]));
  });

  it('stopping one lets a new one start; the stopped lease answers STOPPED to its heartbeat', async () => {
    const token = await newAccount();
    const ids: string[] = [];
    for (let i = 0; i < LIMIT; i += 1) ids.push(await started(token, `device-${i}`));
    expect((await start(token, 'late')).status).toBe(429);

    const stopped = await stop(token, ids[1]!);
    expect(stopped.status).toBe(200);
    expect(stopped.json).toEqual({ leaseId: ids[1], status: 'STOPPED' });
    // Idempotent.
    expect((await stop(token, ids[1]!)).json).toEqual({ leaseId: ids[1], status: 'STOPPED' });

    const beat = await heartbeat(token, { leaseIds: ids });
    expect(beat.leases.map((l) => l.status)).toEqual(ids.map((_, i) => (i === 1 ? 'STOPPED' : 'ACTIVE')));
    expect(beat.leases[1]!.expiresAt).toBeUndefined();
    expect((await heartbeat(token, { leaseId: ids[1] })).leases).toEqual([{ leaseId: ids[1], status: 'STOPPED' }]);

    await started(token, 'late');
    expect((await start(token, 'later')).status).toBe(429);
  });
});

describe('expiry on the sandbox clock', () => {
  it('an unrenewed lease expires after 60 s and frees its place; a renewed one lives on; an expired one never revives', async () => {
    const token = await newAccount();
    const t0 = Date.now() + 3_600_000;
    await setClock(t0);
    const ids: string[] = [];
    for (let i = 0; i < LIMIT; i += 1) ids.push(await started(token, `device-${i}`));

    // 40 s later the first three are renewed, the last is not.
    await setClock(t0 + 40_000);
    const renewed = await heartbeat(token, { leaseIds: ids.slice(0, 3) });
    expect(renewed.leases.every((l) => l.status === 'ACTIVE')).toBe(true);
    expect(Date.parse(renewed.leases[0]!.expiresAt!)).toBeGreaterThanOrEqual(t0 + 100_000);

    await setClock(t0 + 59_000);
    expect((await start(token, 'late')).status).toBe(429);

    // 61 s after the start: the unrenewed lease is expired, the renewed ones are not.
    await setClock(t0 + 61_000);
    const beat = await heartbeat(token, { leaseIds: ids });
    expect(beat.leases.map((l) => l.status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'EXPIRED']);
    expect((await list(token)).items.map((s) => s.leaseId)).toEqual(ids.slice(0, 3));
    expect((await stop(token, ids[3]!)).json).toEqual({ leaseId: ids[3], status: 'EXPIRED' });
    await started(token, 'late');
    // The expired lease stays expired: its heartbeat did not bring it back.
    expect((await heartbeat(token, { leaseId: ids[3] })).leases[0]!.status).toBe('EXPIRED');
    expect((await start(token, 'later')).status).toBe(429);
  });
});

describe('concurrency', () => {
  it('of ten starts at once exactly the limit succeed, and every refusal names the winners (five accounts at once)', async () => {
    const tokens = await Promise.all(Array.from({ length: 5 }, () => newAccount()));
    const rounds = await Promise.all(tokens.map((token) => Promise.all(Array.from({ length: 10 }, (_, i) => start(token, `device-${i}`)))));
    for (const [index, answers] of rounds.entries()) {
      const granted = answers.filter((res) => res.status === 200);
      const refused = answers.filter((res) => res.status === 429);
      expect(granted.length).toBe(LIMIT);
      expect(refused.length).toBe(10 - LIMIT);
      const winners = granted.map((res) => streamStartSchema.parse(res.json).leaseId).sort();
      for (const res of refused) {
        const details = concurrencyLimitDetailsSchema.parse(expectError(res, 429, 'CONCURRENCY_LIMIT').details);
        expect(details.streams.map((s) => s.leaseId).sort()).toEqual(winners);
      }
      expect((await list(tokens[index]!)).items.length).toBe(LIMIT);
    }
  });
});

describe('per account', () => {
  it('another account can neither see, renew nor stop a lease (404, UNKNOWN), and has places of its own', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const leaseId = await started(owner, 'tv');
    expectError(await stop(other, leaseId), 404, 'NOT_FOUND');
    expect((await heartbeat(other, { leaseId })).leases).toEqual([{ leaseId, status: 'UNKNOWN' }]);
    expect((await list(other)).items).toEqual([]);
    expect((await heartbeat(owner, { leaseId })).leases[0]!.status).toBe('ACTIVE');
    for (let i = 0; i < LIMIT; i += 1) await started(other, `device-${i}`);
    expect((await list(owner)).items.map((s) => s.leaseId)).toEqual([leaseId]);
  });

  it('every profile of a household shares the account limit, and any of them may stop a stream of another', async () => {
    const adult = await newAccount();
    const created = await call(opened.app, 'POST', '/api/v2/profiles', { token: adult, body: { name: 'Kid', type: 'CHILD', ageRatingLimit: 12 } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const chosen = await call(opened.app, 'POST', `/api/v2/profiles/${created.json.id as string}/select`, { token: adult, body: {} });
    expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
    const kid = chosen.json.authorisationToken as string;
    const ids = [await started(adult, 'tv'), await started(kid, 'tablet')];
    for (let i = 2; i < LIMIT; i += 1) ids.push(await started(i % 2 ? kid : adult, `device-${i}`));
    expectError(await start(kid, 'phone'), 429, 'CONCURRENCY_LIMIT');
    expect((await list(kid)).items.map((s) => s.leaseId)).toEqual(ids);
    expect((await stop(kid, ids[0]!)).json).toEqual({ leaseId: ids[0], status: 'STOPPED' });
    await started(kid, 'phone');
  });

  it('a lease id nobody holds is 404 and UNKNOWN', async () => {
    const token = await newAccount();
    const nobody = '00000000-0000-4000-8000-000000000000';
    expectError(await stop(token, nobody), 404, 'NOT_FOUND');
    expect((await heartbeat(token, { leaseIds: [nobody] })).leases).toEqual([{ leaseId: nobody, status: 'UNKNOWN' }]);
  });
});

describe('guests', () => {
  it('a guest playing a free title takes no lease; a paid title is 403 as with GET; the other calls are 401', async () => {
    const res = await start(undefined, 'guest-device');
    expect(res.status).toBe(200);
    const answer = streamStartSchema.parse(res.json);
    expect(answer.leaseId).toBeUndefined();
    expect(answer.url).toMatch(/master\.m3u8$/);
    expectError(await start(undefined, 'guest-device', undefined, `/api/v2/playback/VOD/${CONTENT_IDS.sportsVod}`), 403, 'LICENCE_REQUIRED');
    expectError(await call(opened.app, 'GET', '/api/v2/streams'), 401, 'UNAUTHORIZED');
    expectError(await call(opened.app, 'POST', '/api/v1/multiviewHeartbeat', { body: { leaseIds: ['00000000-0000-4000-8000-000000000000'] } }), 401, 'UNAUTHORIZED');
  });

  it('the GET playback call is unchanged and takes no lease', async () => {
    const token = await newAccount();
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const res = await call(opened.app, 'GET', FREE, { token });
      expect(res.status).toBe(200);
      expect(res.json.leaseId).toBeUndefined();
    }
    expect((await list(token)).items).toEqual([]);
  });
});

describe('malformed requests', () => {
  it('answers 400 in the platform shape', async () => {
    const token = await newAccount();
    const id = '00000000-0000-4000-8000-000000000000';
    const bad = (path: string, method: string, body?: unknown, rawBody?: string) =>
      call(opened.app, method, path, { token, ...(body !== undefined ? { body } : {}), ...(rawBody !== undefined ? { rawBody } : {}) });
    for (const body of [{}, { leaseIds: [] }, { leaseIds: ['not-a-uuid'] }, { leaseId: 42 }, { leaseId: id, leaseIds: [id] }, { leaseIds: Array(17).fill(id) }, [id], 'x']) {
      expectError(await bad('/api/v1/multiviewHeartbeat', 'POST', body), 400, 'BAD_REQUEST');
    }
    expectError(await bad('/api/v1/multiviewHeartbeat', 'POST', undefined, '{"leaseIds":'), 400, 'BAD_REQUEST');
    expectError(await bad('/api/v2/streams/not-a-uuid', 'DELETE'), 400, 'BAD_REQUEST');
    for (const body of [{ deviceName: '' }, { deviceName: '   ' }, { deviceName: 'x'.repeat(61) }, { deviceName: 7 }]) {
      expectError(await bad(FREE, 'POST', body), 400, 'BAD_REQUEST');
    }
    expectError(await bad(FREE, 'POST', undefined, '{"deviceName"'), 400, 'BAD_REQUEST');
    expect((await list(token)).items).toEqual([]);
  });
});
