import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AppDeps } from '../src/index.js';
import { SecretThrottle } from '../src/auth/throttle.js';
import { call, expectError, fakeClock, memoryDeps, REALM_HEADERS, type Clock } from './helpers.js';

/** Issue 12 "Throttling": every secret check, per subject and per client address (auth/throttle.ts). */

let deps: AppDeps;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ deps, close } = await memoryDeps());
});
afterAll(async () => {
  await close();
});

const PASSWORD = 'correct horse battery';
let counter = 0;
const freshEmail = () => `throttle-${Date.now()}-${counter++}@stream.test`;

function appOnClock(clock: Clock) {
  return createApp({ ...deps, now: clock.now });
}

/** POST /api/v2/login from `address` (the socket address Hono's node server gives; none when undefined). */
async function login(app: ReturnType<typeof createApp>, email: string, secret: string, address?: string) {
  const env = address ? { incoming: { socket: { remoteAddress: address } } } : undefined;
  const res = await app.request(
    '/api/v2/login',
    { method: 'POST', headers: { ...REALM_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify({ id: email, secret }) },
    env,
  );
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, any> };
}

async function signUp(app: ReturnType<typeof createApp>, email = freshEmail()) {
  const res = await call(app, 'POST', '/api/v2/user', { body: { id: email, secret: PASSWORD, name: 'Throttled Viewer' } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return email;
}

describe('SecretThrottle', () => {
  it('refuses after 5 consecutive failures, doubling the delay per further failure up to 15 minutes', () => {
    const clock = fakeClock();
    const throttle = new SecretThrottle({ now: clock.now });
    const keys = { scope: 'login', subject: 'a@b.test' } as const;
    for (let i = 0; i < 5; i++) throttle.begin(keys).failed();
    const refusal = () => {
      try {
        throttle.begin(keys).released();
        return undefined;
      } catch (error) {
        return error as { status: number; code: string; headers: Record<string, string> };
      }
    };
    expect(refusal()).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', headers: { 'Retry-After': '30' } });
    clock.advance(29);
    expect(refusal()?.headers['Retry-After']).toBe('1');
    const waits: string[] = [];
    for (let i = 0; i < 7; i++) {
      clock.advance(15 * 60);
      throttle.begin(keys).failed();
      waits.push(refusal()!.headers['Retry-After']!);
    }
    expect(waits).toEqual(['60', '120', '240', '480', '900', '900', '900']);
    // A success resets the count: 5 free failures again.
    clock.advance(15 * 60);
    throttle.begin(keys).succeeded();
    for (let i = 0; i < 4; i++) throttle.begin(keys).failed();
    expect(refusal()).toBeUndefined();
  });

  it('counts attempts under way, so a burst of parallel guesses is refused after 5', () => {
    const throttle = new SecretThrottle({ now: fakeClock().now });
    const keys = { scope: 'voucher', subject: 'basket-1' } as const;
    const started = [];
    let refused = 0;
    for (let i = 0; i < 20; i++) {
      try {
        started.push(throttle.begin(keys));
      } catch {
        refused++;
      }
    }
    expect(started).toHaveLength(5);
    expect(refused).toBe(15);
  });

  it('keeps at most maxKeys keys and forgets a key 15 minutes after its delay', () => {
    const clock = fakeClock();
    const throttle = new SecretThrottle({ now: clock.now, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) throttle.begin({ scope: 'login', subject: `user-${i}`, address: `10.0.${i % 250}.1` }).failed();
    expect(throttle.size).toBeLessThanOrEqual(100);
    const keys = { scope: 'login', subject: 'forgotten@b.test' } as const;
    for (let i = 0; i < 5; i++) throttle.begin(keys).failed();
    expect(() => throttle.begin(keys)).toThrow();
    clock.advance(30 + 15 * 60);
    // Forgotten: the next failure is the first again (4 more are still free).
    for (let i = 0; i < 5; i++) throttle.begin(keys).failed();
    expect(() => throttle.begin(keys)).toThrow();
  });
});

describe('POST /api/v2/login throttling', () => {
  it('after 5 wrong passwords the 6th attempt is 429 with Retry-After, even with the right password; it passes once the delay is over', async () => {
    const clock = fakeClock();
    const app = appOnClock(clock);
    const email = await signUp(app);
    for (let i = 0; i < 5; i++) expectError(await login(app, email, `wrong-${i}`), 404, 'NOT_FOUND');
    const refused = await login(app, email, PASSWORD);
    const body = expectError(refused, 429, 'TOO_MANY_ATTEMPTS');
    expect(body.messages[0]).toBe('tooManyAttempts');
    expect(refused.headers.get('retry-after')).toBe('30');
    clock.advance(29);
    expect((await login(app, email, PASSWORD)).headers.get('retry-after')).toBe('1');
    clock.advance(1);
    expect((await login(app, email, PASSWORD)).status).toBe(200);
    // The success reset the count.
    for (let i = 0; i < 4; i++) expectError(await login(app, email, 'still wrong'), 404, 'NOT_FOUND');
    expect((await login(app, email, PASSWORD)).status).toBe(200);
  });

  it('a web page on another origin may read Retry-After (CORS exposes it)', async () => {
    const app = appOnClock(fakeClock());
    const email = freshEmail();
    for (let i = 0; i < 5; i++) await login(app, email, 'wrong');
    const res = await app.request('/api/v2/login', {
      method: 'POST',
      headers: { ...REALM_HEADERS, 'content-type': 'application/json', origin: 'http://127.0.0.1:5173' },
      body: JSON.stringify({ id: email, secret: 'wrong' }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase().split(/\s*,\s*/)).toContain('retry-after');
  });

  it('a further failure after the delay doubles it', async () => {
    const clock = fakeClock();
    const app = appOnClock(clock);
    const email = await signUp(app);
    for (let i = 0; i < 5; i++) await login(app, email, 'wrong');
    clock.advance(30);
    expectError(await login(app, email, 'wrong again'), 404, 'NOT_FOUND');
    expect((await login(app, email, PASSWORD)).headers.get('retry-after')).toBe('60');
  });

  it('an unknown email is throttled like a known one (no enumeration by the 429)', async () => {
    const app = appOnClock(fakeClock());
    const email = freshEmail();
    for (let i = 0; i < 5; i++) expectError(await login(app, email, 'wrong'), 404, 'NOT_FOUND');
    expectError(await login(app, email, 'wrong'), 429, 'TOO_MANY_ATTEMPTS');
  });

  it('throttles a client address spraying many accounts; other addresses and a success from it are unaffected', async () => {
    const clock = fakeClock();
    const app = appOnClock(clock);
    const victim = await signUp(app);
    for (let i = 0; i < 5; i++) expectError(await login(app, freshEmail(), 'guess', '203.0.113.9'), 404, 'NOT_FOUND');
    const refused = await login(app, victim, PASSWORD, '203.0.113.9');
    expectError(refused, 429, 'TOO_MANY_ATTEMPTS');
    expect(refused.headers.get('retry-after')).toBe('30');
    // IPv4-mapped IPv6 is the same address.
    expectError(await login(app, victim, PASSWORD, '::ffff:203.0.113.9'), 429, 'TOO_MANY_ATTEMPTS');
    expect((await login(app, victim, PASSWORD, '198.51.100.4')).status).toBe(200);

    // A success from an address resets that address's count.
    for (let i = 0; i < 4; i++) await login(app, freshEmail(), 'guess', '192.0.2.1');
    expect((await login(app, victim, PASSWORD, '192.0.2.1')).status).toBe(200);
    for (let i = 0; i < 4; i++) expectError(await login(app, freshEmail(), 'guess', '192.0.2.1'), 404, 'NOT_FOUND');
    expect((await login(app, victim, PASSWORD, '192.0.2.1')).status).toBe(200);
  });

  it('a burst of 20 parallel wrong passwords gets at most 5 checked', async () => {
    const app = appOnClock(fakeClock());
    const email = await signUp(app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(app, email, 'parallel guess')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
  });
});

describe('reset and magic-link emails (issue 12: e-mail limits and timing)', () => {
  const outbox = async (app: ReturnType<typeof createApp>, to: string) =>
    (await call(app, 'GET', `/_sandbox/outbox?to=${encodeURIComponent(to)}`)).json.messages as { kind: string; link: string }[];

  it('the handler does not await the mailer: with a mailer that never resolves, both answers still arrive', async () => {
    const own = await memoryDeps();
    try {
      let sends = 0;
      // Sign-up awaits its confirmation email: only the reset and magic-link emails hang.
      const mailer = { send: (email: { kind: string }) => (email.kind === 'confirm' ? Promise.resolve() : ((sends += 1), new Promise<void>(() => {}))) };
      const app = createApp({ ...own.deps, mailer });
      const email = await signUp(app);
      const before = sends;
      const reset = await call(app, 'POST', '/api/v2/reset-password/create', { body: { id: email, provider: 'ID' } });
      expect(reset).toMatchObject({ status: 200, json: {} });
      const magic = await call(app, 'GET', `/api/v2/token/alt/magic-email?email=${encodeURIComponent(email)}`);
      expect(magic).toMatchObject({ status: 200, json: {} });
      const unknown = await call(app, 'POST', '/api/v2/reset-password/create', { body: { id: freshEmail(), provider: 'ID' } });
      expect(unknown).toMatchObject({ status: 200, json: {} });
      // The queued deliveries reached the (hanging) mailer after the answers.
      await expect.poll(() => sends - before).toBe(2);
    } finally {
      await own.close();
    }
  });

  it('at most 3 reset or magic-link emails per address per 15 minutes; further requests answer {} and send nothing', async () => {
    const clock = fakeClock();
    const app = appOnClock(clock);
    const email = await signUp(app);
    const request = (kind: 'reset' | 'magic') =>
      kind === 'reset'
        ? call(app, 'POST', '/api/v2/reset-password/create', { body: { id: email, provider: 'ID' } })
        : call(app, 'GET', `/api/v2/token/alt/magic-email?email=${encodeURIComponent(email)}`);
    for (const kind of ['reset', 'magic', 'reset', 'magic', 'reset'] as const) expect(await request(kind)).toMatchObject({ status: 200, json: {} });
    const sent = (await outbox(app, email)).filter((m) => m.kind === 'reset' || m.kind === 'magic');
    expect(sent.map((m) => m.kind).sort()).toEqual(['magic', 'reset', 'reset']);
    clock.advance(15 * 60);
    expect(await request('magic')).toMatchObject({ status: 200, json: {} });
    expect((await outbox(app, email)).filter((m) => m.kind === 'reset' || m.kind === 'magic')).toHaveLength(4);
  });

  it('spending wrong magic-link tokens is throttled per client address after 5 failures', async () => {
    const app = appOnClock(fakeClock());
    const spend = async (token: string, address: string) => {
      const res = await app.request(
        '/api/v2/token/alt/magic-email',
        { method: 'POST', headers: { ...REALM_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify({ token }) },
        { incoming: { socket: { remoteAddress: address } } },
      );
      return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, any> };
    };
    for (let i = 0; i < 5; i++) expectError(await spend(`made-up-token-${i}-xxxxxxxxxxxxxxxx`, '203.0.113.50'), 404, 'NOT_FOUND');
    const refused = await spend('made-up-token-6-xxxxxxxxxxxxxxxx', '203.0.113.50');
    expectError(refused, 429, 'TOO_MANY_ATTEMPTS');
    expect(refused.headers.get('retry-after')).toBe('30');
    expectError(await spend('made-up-token-7-xxxxxxxxxxxxxxxx', '203.0.113.51'), 404, 'NOT_FOUND');
  });
});

describe('the other secret checks share the throttle', () => {
  it('PBR id/secret: 5 wrong secrets, then 429 for the right one', async () => {
    const app = appOnClock(fakeClock());
    const id = `pbr-throttle-${counter++}`;
    const made = await call(app, 'POST', '/_sandbox/provider-accounts', { body: { provider: 'PBR', id, secret: 'a good secret' } });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    for (let i = 0; i < 5; i++) expectError(await call(app, 'POST', '/api/v2/login/auth-provider/pbr', { body: { id, secret: `wrong ${i}` } }), 404, 'NOT_FOUND');
    const refused = await call(app, 'POST', '/api/v2/login/auth-provider/pbr', { body: { id, secret: 'a good secret' } });
    expectError(refused, 429, 'TOO_MANY_ATTEMPTS');
    expect(refused.headers.get('retry-after')).toBe('30');
  });

  it('vouchers: 5 unknown codes for one basket, then 429 even for a real one', async () => {
    const app = appOnClock(fakeClock());
    const email = await signUp(app);
    const token = (await login(app, email, PASSWORD)).json.authorisationToken as string;
    for (let i = 0; i < 5; i++) expectError(await call(app, 'PUT', `/api/v2/baskets/vouchers/NOPE${i}`, { token }), 404, 'NOT_FOUND');
    const refused = await call(app, 'PUT', '/api/v2/baskets/vouchers/HALF', { token });
    expectError(refused, 429, 'TOO_MANY_ATTEMPTS');
    expect(refused.headers.get('retry-after')).toBe('30');
  });

  it('licence codes: 5 unknown codes from one device, then 429', async () => {
    const app = appOnClock(fakeClock());
    const headers = { 'x-device-id': `device-${counter++}` };
    const redeem = (code: string) => call(app, 'POST', '/api/v2/external-licence/token', { body: { authorisationCode: code }, headers });
    for (let i = 0; i < 5; i++) expectError(await redeem(`made-up-licence-code-${i}`), 404, 'NOT_FOUND');
    expectError(await redeem('made-up-licence-code-6'), 429, 'TOO_MANY_ATTEMPTS');
  });
});
