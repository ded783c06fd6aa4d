/**
 * The request guard's rules (http/guard.ts, http/controlChars.ts) and the log policy
 * (http/logging.ts; docs/sandbox.md "Logs"), in process.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, type AppDeps } from '../src/index.js';
import { checkJsonStrings, hasControlChar, MAX_JSON_DEPTH } from '../src/http/controlChars.js';
import { checkTarget } from '../src/http/guard.js';
import { describeError, redactPath, redactText } from '../src/http/logging.js';
import { call, expectError, inProcessAppForFile } from './helpers.js';

const control = fc.integer({ min: 0, max: 0x1f }).map((n) => String.fromCharCode(n));
const bodyControl = control.filter((c) => c !== '\t' && c !== '\n' && c !== '\r');
/** Strings without any C0 control character. */
const clean = fc.string({ unit: 'binary', maxLength: 30 }).map((s) => s.replace(/[\u0000-\u001f]/g, ''));

describe('the control-character rule', () => {
  it('a JSON value with no control character passes; one anywhere in a string or key is found', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const cleaned = JSON.parse(JSON.stringify(value).replace(/\\u00(0|1)[0-9a-fA-F]/g, '')) as unknown;
        expect(checkJsonStrings(cleaned)).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(clean, bodyControl, clean, fc.boolean(), (before, c, after, asKey) => {
        const bad = `${before}${c}${after}`;
        const value = { nested: [1, asKey ? { [bad]: 'x' } : { field: bad }] };
        expect(checkJsonStrings(value)?.kind).toBe('controlChar');
      }),
    );
  });

  it('tab, line feed and carriage return are allowed inside body strings, not in paths or queries', () => {
    expect(checkJsonStrings({ address: 'line 1\r\nline 2\tend' })).toBeUndefined();
    expect(hasControlChar('a\tb')).toBe(true);
    expect(hasControlChar('a\tb', true)).toBe(false);
  });

  it('nesting deeper than the limit is refused without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(checkJsonStrings(deep)?.kind).toBe('tooDeep');
    let ok: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH; i++) ok = [ok];
    expect(checkJsonStrings(ok)).toBeUndefined();
  });

  it('a control character in any path segment or query value, escaped or not, is a 400', () => {
    fc.assert(
      fc.property(clean, control, clean, fc.boolean(), (before, c, after, inQuery) => {
        const value = encodeURIComponent(`${before}${c}${after}`);
        const target = inQuery ? `/api/v2/label?realm=${value}` : `/api/v2/baskets/${value}`;
        expect(() => checkTarget(target)).toThrow(expect.objectContaining({ status: 400, code: 'BAD_REQUEST' }));
      }),
    );
    fc.assert(
      fc.property(clean, (text) => {
        expect(() => checkTarget(`/api/v2/baskets/${encodeURIComponent(text)}?q=${encodeURIComponent(text)}`)).not.toThrow();
      }),
    );
  });
});

describe('the guard in the app', () => {
  const sandbox = inProcessAppForFile();

  it('NUL in a body string, a path id or a query value: 400, before any handler or database', async () => {
    expectError(await call(sandbox.app, 'POST', '/api/v2/login', { body: { id: 'a\u0000@b.c', secret: 'password1' } }), 400, 'BAD_REQUEST');
    expectError(await call(sandbox.app, 'GET', '/_provider/approve/%00'), 400, 'BAD_REQUEST');
    expectError(await call(sandbox.app, 'GET', '/api/v2/label?realm=stream%00'), 400, 'BAD_REQUEST');
  });

  it('a JSON call sent as text/plain: 415; a body-less call without content-type stays fine', async () => {
    const res = await call(sandbox.app, 'POST', '/api/v2/login', { rawBody: '{"id":"a@b.c","secret":"password1"}', headers: { 'content-type': 'text/plain' } });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await call(sandbox.app, 'POST', '/api/v2/login/guest/checkin')).status).toBe(200);
  });

  it('a body over 1 MiB: 413, on a peer too', async () => {
    const big = JSON.stringify({ apiKey: 'x'.repeat(1024 * 1024) });
    expectError(await call(sandbox.app, 'POST', '/_gigya/accounts.login', { rawBody: big }), 413, 'PAYLOAD_TOO_LARGE');
    expectError(await call(sandbox.app, 'POST', '/api/v2/login/guest/checkin', { rawBody: big }), 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('the log keeps no secrets', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a failing request with an email in the query and a token in a header logs neither', async () => {
    const email = 'leaky.person@example.com';
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQifQ.c2lnbmF0dXJlLXNlY3JldA';
    // A database that fails the way drizzle does: the query's parameters in the error message.
    const failing = new Proxy(
      {},
      {
        get: () => () => {
          throw Object.assign(new Error(`Failed query: select * from realms where name = $1\nparams: ${email},${token}`), {
            cause: Object.assign(new Error(`invalid input for ${email}`), { code: '22021' }),
          });
        },
      },
    );
    const requestLog: string[] = [];
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '));
    });
    const app = createApp({
      db: failing as AppDeps['db'],
      signer: {} as AppDeps['signer'],
      labels: {} as AppDeps['labels'],
      accessTokenTtlS: 60,
      refreshTokenTtlS: 60,
      dummyPasswordHash: '',
      log: (line) => requestLog.push(line),
    });
    const res = await app.request(`/api/v2/label?realm=stream&email=${encodeURIComponent(email)}&password=hunter22`, {
      headers: { 'x-api-key': 'sandbox-api-key', authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id')!;
    const logged = [...requestLog, ...errors].join('\n');
    expect(errors.join('\n')).toContain(requestId);
    expect(logged).toContain('/api/v2/label');
    for (const secret of [email, 'leaky.person', token, 'hunter22', 'c2lnbmF0dXJlLXNlY3JldA']) expect(logged).not.toContain(secret);
    expect(logged).not.toContain('?');
  });

  it('paths lose their secret segments; texts lose emails, tokens and secret fields', () => {
    expect(redactPath('http://h/api/v2/baskets/vouchers/SUMMER50?x=1')).toBe('/api/v2/baskets/vouchers/<redacted>');
    expect(redactPath('/_adobe/api/v1/checkauthn/AB12CD')).toBe('/_adobe/api/v1/checkauthn/<redacted>');
    expect(redactPath('/api/v2/user/a%40b.io')).toBe('/api/v2/user/<email>');
    expect(redactPath('/api/v2/active-licences/6f1c2a7e-1c1f-4a55-9d1e-0b7b7e0f8a10/pause')).toBe(
      '/api/v2/active-licences/6f1c2a7e-1c1f-4a55-9d1e-0b7b7e0f8a10/pause',
    );
    expect(redactText('password=hunter22 pin: 1234 Bearer abc.def to a@b.io')).toBe('password=<redacted> pin: <redacted> Bearer <token> to <email>');
    const described = describeError(new Error('lookup of someone@x.io failed\nparams: someone@x.io,1'));
    expect(described).not.toContain('someone');
    expect(described).toMatch(/^Error: lookup of <email> failed/);
  });
});
