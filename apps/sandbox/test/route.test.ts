/**
 * `route` (src/http/route.ts): a call's request is validated with its contract on the way in
 * (path parameters, query, headers, body, in that order, each a 400 in the platform shape) and,
 * with `checkAnswers`, its answer on the way out (a broken answer is a 500 and a log line naming
 * the call and the issues' paths, never the values). Test contracts on the real app.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { defineCall } from '@stream/core/contracts';
import { createRouter } from '../src/http/route.js';
import { resolveOptions } from '../src/config.js';
import { createApp, type AppDeps } from '../src/index.js';
import { call, expectError, memoryDeps } from './helpers.js';

/** A call with every part declared. */
const everything = defineCall({
  name: 'test.everything',
  method: 'POST',
  path: '/api/v2/test/things/:thingId',
  params: z.object({ thingId: z.string().check(z.regex(/^t-\d+$/)) }),
  query: z.object({ mode: z.enum(['fast', 'slow']) }),
  headers: z.object({ 'Idempotency-Key': z.string().check(z.minLength(8)) }),
  body: z.object({ count: z.number() }),
  response: z.looseObject({ thingId: z.string(), mode: z.string(), key: z.string(), count: z.number() }),
  status: 201,
});

/** A call whose handler answers a shape its contract refuses. */
const broken = defineCall({
  name: 'test.broken',
  method: 'GET',
  path: '/api/v2/test/broken/:id',
  response: z.looseObject({ authorisationToken: z.string(), refreshToken: z.string() }),
});

let deps: AppDeps;
let close: () => Promise<void>;
const lines: string[] = [];

/** The real app with the two test calls registered by a router with `checkAnswers`. */
function appWithTestCalls(checkAnswers: boolean) {
  const app = createApp(deps);
  const route = createRouter(app, { checkAnswers, log: (line) => lines.push(line) });
  route(everything, ({ params, query, headers, body }) => ({ thingId: params.thingId, mode: query.mode, key: headers['Idempotency-Key'], count: body.count }));
  // The handler's type allows only the contract's shape: the cast stands for a bug.
  route(broken, ({ params }) => ({ authorisationToken: 987654321, refreshToken: `secret-${params.id}@example.test` }) as never);
  return app;
}

beforeAll(async () => {
  const opened = await memoryDeps();
  deps = opened.deps;
  close = opened.close;
});
afterAll(async () => {
  await close();
});

describe('route: the request', () => {
  const good = { path: '/api/v2/test/things/t-1?mode=fast', headers: { 'idempotency-key': 'key-12345' }, body: { count: 2 } };

  it('hands the handler the validated parts and answers with the contract status', async () => {
    const app = appWithTestCalls(true);
    const res = await call(app, 'POST', good.path, { headers: good.headers, body: good.body });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ thingId: 't-1', mode: 'fast', key: 'key-12345', count: 2 });
  });

  it('checks the path parameters, then the query, then the headers, then the body', async () => {
    const app = appWithTestCalls(true);
    const allBad = await call(app, 'POST', '/api/v2/test/things/x?mode=medium', { rawBody: '{', headers: { 'idempotency-key': 'short' } });
    expect(expectError(allBad, 400, 'BAD_REQUEST').messages.join(' ')).toMatch(/^thingId: /);
    const query = await call(app, 'POST', '/api/v2/test/things/t-1?mode=medium', { rawBody: '{', headers: { 'idempotency-key': 'short' } });
    expect(expectError(query, 400, 'BAD_REQUEST').messages.join(' ')).toMatch(/^mode: /);
    const headers = await call(app, 'POST', good.path, { rawBody: '{', headers: { 'idempotency-key': 'short' } });
    expect(expectError(headers, 400, 'BAD_REQUEST').messages.join(' ')).toMatch(/^Idempotency-Key: /);
    const missingHeader = await call(app, 'POST', good.path, { body: good.body });
    expect(expectError(missingHeader, 400, 'BAD_REQUEST').messages.join(' ')).toMatch(/^Idempotency-Key: /);
    const body = await call(app, 'POST', good.path, { rawBody: '{', headers: good.headers });
    expect(expectError(body, 400, 'BAD_REQUEST').messages).toEqual(['Malformed JSON body']);
    const wrongBody = await call(app, 'POST', good.path, { body: { count: 'two' }, headers: good.headers });
    expect(expectError(wrongBody, 400, 'BAD_REQUEST').messages.join(' ')).toMatch(/^count: /);
  });

  it('refuses a body not sent as JSON (415) and control characters in the body (400)', async () => {
    const app = appWithTestCalls(true);
    const text = await app.request(good.path, {
      method: 'POST',
      headers: { 'x-api-key': 'sandbox-api-key', realm: 'stream', 'idempotency-key': 'key-12345', 'content-type': 'text/plain' },
      body: '{"count":1}',
    });
    expect(text.status).toBe(415);
    const nul = await call(app, 'POST', good.path, { body: { count: 1, note: 'a\u0000b' }, headers: good.headers });
    expectError(nul, 400, 'BAD_REQUEST');
  });
});

describe('route: the answer', () => {
  it('with checkAnswers, a broken answer is a 500 in the platform shape and a log line with the call and the paths, not the values', async () => {
    lines.length = 0;
    const app = appWithTestCalls(true);
    const res = await call(app, 'GET', '/api/v2/test/broken/abc');
    const error = expectError(res, 500, 'INTERNAL_ERROR');
    expect(error.messages.join(' ')).toContain('test.broken');
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toContain('test.broken');
    expect(line).toContain('GET /api/v2/test/broken/:id');
    expect(line).toContain(error.requestId);
    expect(line).toContain('authorisationToken (invalid_type, expected string)');
    expect(line).not.toContain('987654321');
    expect(line).not.toContain('secret-abc');
    expect(line).not.toContain('example.test');
  });

  it('logs to the console by default', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const app = createApp(deps);
      createRouter(app, { checkAnswers: true })(broken, () => ({ authorisationToken: 'a' }) as never);
      expectError(await call(app, 'GET', '/api/v2/test/broken/1'), 500, 'INTERNAL_ERROR');
      expect(spy).toHaveBeenCalledWith(expect.stringContaining('the answer of test.broken'));
      expect(spy.mock.calls.join('\n')).toContain('refreshToken (invalid_type, expected string)');
    } finally {
      spy.mockRestore();
    }
  });

  it('without checkAnswers, the answer is sent as the handler gave it', async () => {
    lines.length = 0;
    const app = appWithTestCalls(false);
    const res = await call(app, 'GET', '/api/v2/test/broken/abc');
    expect(res.status).toBe(200);
    expect(res.json.authorisationToken).toBe(987654321);
    expect(lines).toEqual([]);
  });

  it('is on in the test apps, npm start and the e2e sandbox, off with NODE_ENV=production or SANDBOX_CHECK_ANSWERS=0', () => {
    expect(deps.checkAnswers).toBe(true);
    expect(resolveOptions({}, {}).checkAnswers).toBe(true);
    expect(resolveOptions({}, { NODE_ENV: 'production' }).checkAnswers).toBe(false);
    expect(resolveOptions({}, { NODE_ENV: 'production', SANDBOX_CHECK_ANSWERS: '1' }).checkAnswers).toBe(true);
    expect(resolveOptions({}, { SANDBOX_CHECK_ANSWERS: '0' }).checkAnswers).toBe(false);
    expect(resolveOptions({ checkAnswers: false }, {}).checkAnswers).toBe(false);
    expect(() => resolveOptions({}, { SANDBOX_CHECK_ANSWERS: 'maybe' })).toThrow(/SANDBOX_CHECK_ANSWERS/);
  });
});
