/**
 * The licence, promo and content calls of the derived client against a fake fetch: method, path
 * (with encoded `:id` parameters), query and body each call sends, and the answers' validation.
 * commerce-and-account-data.md §7 "Licences"; content calls in docs/api.md.
 */
import { describe, expect, it } from 'vitest';
import { fakePlatformClient, json, query, type Seen } from './test-helpers.js';
import { licenceFamiliesQuery } from '../domain/index.js';
import { ApiError, ContractError } from './index.js';

const licence = { id: 'lic-1', name: 'Monthly' };
const updated = { licence: { ...licence, licenceStatus: { status: 'ACTIVE', pauseState: 'PAUSED' } } };

function setup(answer: (req: Seen) => Response | Promise<Response> = () => json(200, updated)) {
  return fakePlatformClient(answer);
}

describe('licences calls', () => {
  it('list and mine: GET the catalogue and the account licences (mine with the bearer)', async () => {
    const { client, last } = setup(() => json(200, { licences: [licence] }));
    await expect(client.licences.list()).resolves.toEqual({ licences: [licence] });
    expect([last().method, last().url.pathname]).toEqual(['GET', '/api/v2/licence']);
    await client.licences.mine();
    expect([last().method, last().url.pathname]).toEqual(['GET', '/api/v2/user/licence']);
    expect(last().headers.get('authorization')).toBe('Bearer tok');
  });

  it('families: always asks for the active entitlements, licence ids comma-joined when given', async () => {
    const { client, last } = setup(() => json(200, { licenceFamilies: [{ id: 'f1', licences: [licence] }] }));
    await client.licences.families({ query: licenceFamiliesQuery() });
    expect(last().url.pathname).toBe('/api/v2/licence-family');
    expect(query(last())).toEqual({ includeEntitlements: 'ALL_ACTIVE_USER_ENTITLEMENTS' });
    await client.licences.families({ query: licenceFamiliesQuery([]) });
    expect(query(last())).toEqual({ includeEntitlements: 'ALL_ACTIVE_USER_ENTITLEMENTS' });
    await client.licences.families({ query: licenceFamiliesQuery(['a', 'b c', 'd']) });
    expect(query(last())).toEqual({ includeEntitlements: 'ALL_ACTIVE_USER_ENTITLEMENTS', licenceId: 'a,b c,d' });
  });

  it('pause: POST with config.resumeAfter only when given; the id is path-encoded', async () => {
    const { client, last } = setup();
    await expect(client.licences.pause({ params: { id: 'lic-1' } })).resolves.toEqual(updated);
    expect([last().method, last().url.pathname]).toEqual(['POST', '/api/v2/active-licences/lic-1/pause']);
    expect(last().body).toEqual({});
    await client.licences.pause({ params: { id: 'a/b' }, body: { config: { resumeAfter: '2026-12-01T00:00:00Z' } } });
    expect(last().url.pathname).toBe('/api/v2/active-licences/a%2Fb/pause');
    expect(last().body).toEqual({ config: { resumeAfter: '2026-12-01T00:00:00Z' } });
  });

  it('pause: an empty resumeAfter breaks the contract and sends nothing', async () => {
    const { client, fetch } = setup();
    const error = (await client.licences.pause({ params: { id: 'lic-1' }, body: { config: { resumeAfter: '' } } }).catch((e: unknown) => e)) as ContractError;
    expect(error).toBeInstanceOf(ContractError);
    expect(error.direction).toBe('request');
    expect(error.fields).toEqual(['config.resumeAfter']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('resume and reactivate: POST and PUT with no body', async () => {
    const { client, last } = setup();
    await client.licences.resume({ params: { id: 'lic-1' } });
    expect([last().method, last().url.pathname, last().rawBody]).toEqual([
      'POST',
      '/api/v2/active-licences/lic-1/resume',
      undefined,
    ]);
    await client.licences.reactivate({ params: { id: 'lic-1' } });
    expect([last().method, last().url.pathname, last().rawBody]).toEqual([
      'PUT',
      '/api/v2/reactivate-licence/lic-1',
      undefined,
    ]);
  });

  it('cancel: DELETE, with cancellationDiscount=IGNORE only when the caller gives it', async () => {
    const { client, last } = setup();
    await client.licences.cancel({ params: { id: 'lic-1' } });
    expect([last().method, last().url.pathname]).toEqual(['DELETE', '/api/v2/active-licences/lic-1']);
    expect(query(last())).toEqual({});
    await client.licences.cancel({ params: { id: 'lic-1' }, query: { cancellationDiscount: 'IGNORE' } });
    expect(query(last())).toEqual({ cancellationDiscount: 'IGNORE' });
  });

  it('priceMigrationConsent: PUT the status to the migration id', async () => {
    const { client, last } = setup();
    await client.licences.priceMigrationConsent({ params: { id: 'mig-7' }, body: { status: 'LEAVE' } });
    expect([last().method, last().url.pathname]).toEqual(['PUT', '/api/v2/price-migration/mig-7/consent']);
    expect(last().body).toEqual({ status: 'LEAVE' });
    await client.licences.priceMigrationConsent({ params: { id: 'mig-7' }, body: { status: 'CONTINUE' } });
    expect(last().body).toEqual({ status: 'CONTINUE' });
  });

  it('raises the platform error with its messages, and a ContractError for an answer without licence', async () => {
    const { client } = setup((req) =>
      req.url.pathname.endsWith('/resume')
        ? json(409, { status: 409, code: 'CONFLICT', messages: ['licenceNotPaused', 'tryLater'], requestId: 'r1' })
        : json(200, { ok: true }),
    );
    await expect(client.licences.resume({ params: { id: 'lic-1' } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 409,
      messages: ['licenceNotPaused', 'tryLater'],
      call: 'licences.resume',
    });
    const error = (await client.licences.reactivate({ params: { id: 'lic-1' } }).catch((e: unknown) => e)) as ContractError;
    expect(error).toBeInstanceOf(ContractError);
    expect(error.fields).toEqual(['licence']);
  });
});

describe('promos calls', () => {
  it('verify GETs, redeem and refuse POST, each to the licence id', async () => {
    const { client, last } = setup((req) =>
      req.url.pathname.endsWith('/verify')
        ? json(200, { available: true, discount: { type: 'PERCENTAGE', percentage: 50, state: 'UPCOMING' } })
        : req.url.pathname.endsWith('/refuse')
          ? json(200, {})
          : json(200, updated),
    );
    await expect(client.promos.verify({ params: { id: 'lic-1' } })).resolves.toMatchObject({ available: true });
    expect([last().method, last().url.pathname]).toEqual(['GET', '/api/v2/cancellation-promo/lic-1/verify']);
    await expect(client.promos.redeem({ params: { id: 'lic-1' } })).resolves.toEqual(updated);
    expect([last().method, last().url.pathname]).toEqual(['POST', '/api/v2/cancellation-promo/lic-1/redeem']);
    await expect(client.promos.refuse({ params: { id: 'lic-1' } })).resolves.toEqual({});
    expect([last().method, last().url.pathname]).toEqual(['POST', '/api/v2/cancellation-promo/lic-1/refuse']);
  });
});

describe('content calls', () => {
  const item = { id: 'v1', type: 'VOD', title: 'Film', licenceIds: ['lic-1'] };

  it('list, get and playback build their paths from type and id', async () => {
    const { client, last } = setup((req) =>
      req.url.pathname === '/api/v2/content'
        ? json(200, { items: [item] })
        : req.url.pathname.startsWith('/api/v2/content/')
          ? json(200, item)
          : json(200, { url: 'http://cdn.test/v1.mp4', mimeType: 'video/mp4' }),
    );
    await expect(client.content.list()).resolves.toEqual({ items: [item] });
    expect(last().url.pathname).toBe('/api/v2/content');
    await expect(client.content.get({ params: { type: 'VOD', id: 'v1' } })).resolves.toEqual(item);
    expect(last().url.pathname).toBe('/api/v2/content/VOD/v1');
    await expect(client.content.playback({ params: { type: 'LIVE', id: 'e 1' } })).resolves.toEqual({
      url: 'http://cdn.test/v1.mp4',
      mimeType: 'video/mp4',
    });
    expect([last().method, last().url.pathname]).toEqual(['GET', '/api/v2/playback/LIVE/e%201']);
  });

  it('playback without a licence raises ApiError 403 LICENCE_REQUIRED', async () => {
    const { client } = setup(() =>
      json(403, { status: 403, code: 'LICENCE_REQUIRED', messages: ['licenceRequired'], requestId: 'r' }),
    );
    const error = (await client.content.playback({ params: { type: 'VOD', id: 'v1' } }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'LICENCE_REQUIRED', call: 'content.playback' });
  });
});

describe('auth.logout', () => {
  it('POSTs /api/v2/logout with the bearer and the body; an empty refresh token breaks the contract and sends nothing', async () => {
    const { client, last, fetch } = setup(() => json(200, {}));
    await expect(client.auth.logout({ body: { everywhere: true } })).resolves.toEqual({});
    expect([last().method, last().url.pathname]).toEqual(['POST', '/api/v2/logout']);
    expect(last().headers.get('authorization')).toBe('Bearer tok');
    expect(last().body).toEqual({ everywhere: true });
    const sent = fetch.mock.calls.length;
    const error = await client.auth.logout({ body: { refreshToken: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect(fetch.mock.calls.length).toBe(sent);
  });
});
