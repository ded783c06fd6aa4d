/**
 * A hostile client against a real HTTP server of the sandbox (issue 12, "No 500 for any input";
 * docs/api.md "Errors"): every route the contracts declare, every route of the Hono app (the
 * emulated peers `/_gigya`, `/_opin`, `/_adobe`, `/_provider`, `/_processor`, `/_captcha` and the sandbox's
 * own `/_sandbox`) and the OpenID provider's `/_oidc` endpoints get malformed JSON, NUL and other
 * control characters in body strings, path parameters and queries, deeply nested JSON, wrong
 * types, bodies over 1 MiB (with and without `content-length`) and wrong content types.
 *
 * Nothing answers 5xx (503 `SERVICE_UNAVAILABLE` `firebaseUnavailable` only: this sandbox runs
 * without the Firebase emulator), no connection is reset (requests share keep-alive sockets, so
 * a socket the server dropped shows up), every `/api` and `/_sandbox` error is in the platform
 * shape (but the HTML pages a person's browser gets), and the shared guard's answers (400
 * control character, 413, 415) are in the platform shape on every route, peers included. The
 * peers' other errors keep their own protocol's shape (OAuth's `{ error }`, GIGYA's
 * `errorCode`, HTML pages).
 */
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls, platformErrorSchema } from '@stream/core/contracts';
import { createApp, startSandbox } from '../src/index.js';
import { REALM_HEADERS } from './helpers.js';

type Route = { method: string; path: string };
type Answer = { status: number; json: unknown; text: string; html: boolean };
type Probe = {
  route: Route;
  label: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send without content-length (chunked). */
  chunked?: boolean;
  /** The guard's answer this probe must get: [status, code]. */
  expect?: [number, string];
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The OpenID provider's endpoints (a Node handler in front of the app, not in its route list). */
const OIDC_ROUTES: Route[] = [
  { method: 'GET', path: '/_oidc/.well-known/openid-configuration' },
  { method: 'GET', path: '/_oidc/auth' },
  { method: 'POST', path: '/_oidc/token' },
  { method: 'GET', path: '/_oidc/me' },
  { method: 'GET', path: '/_oidc/jwks' },
  { method: 'POST', path: '/_oidc/interaction/:uid/login' },
];
const NUL_BODY = { id: 'a\u0000@stream.test', secret: 'pass\u0000word', name: 'N\u0000', email: 'e\u0000@x.io', code: '\u0000', token: 't\u0000', refreshToken: 'r\u0000', anchor: '\u0000', licenceId: '\u0000' };
const WRONG_TYPES = { id: 1, secret: [], name: {}, email: true, code: null, token: 1e308, refreshToken: -1, items: 'x', paymentDetailsId: [[]] };
const JSON_HEADERS = { 'content-type': 'application/json' };

/** Every `{ method, path }` in the contracts' `calls` tree. */
function contractRoutes(): Route[] {
  const found: Route[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.method === 'string' && typeof record.path === 'string') {
      found.push({ method: record.method, path: record.path });
      return;
    }
    Object.values(record).forEach(walk);
  };
  walk(calls);
  return found;
}

/** Fills `:param` (and Hono's `:param{a|b}`) with `value` (already encoded). */
function fill(path: string, value: string): string {
  return path.replace(/:[A-Za-z_]\w*(\{([^}]*)\})?/g, (_m, _re, alternatives: string | undefined) =>
    alternatives && /^[\w|-]+$/.test(alternatives) ? alternatives.split('|')[0]! : value,
  );
}

const hasParam = (path: string) => /:[A-Za-z_]/.test(path);
const isPlatformPath = (path: string) => path.startsWith('/api/') || path.startsWith('/_sandbox/');
const firebaseUnavailable = (answer: Answer) =>
  answer.status === 503 && (answer.json as { code?: string; messages?: string[] } | undefined)?.messages?.includes('firebaseUnavailable') === true;

describe('a hostile client finds no 500 and no reset connection', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let routes: Route[] = [];
  let userToken = '';
  // Keep-alive sockets, so a socket the server dropped shows up as a reset. Each test starts with
  // a fresh pool: a socket left idle between tests (longer than the server's 5 s keep-alive
  // timeout on a busy machine) would be a race of the client's, not a fault of the server.
  const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: 6 });
  let agent = newAgent();
  beforeEach(() => {
    agent.destroy();
    agent = newAgent();
  });

  function send(probe: Probe): Promise<Answer> {
    const url = new URL(sandbox.url);
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...probe.headers };
      if (probe.body) {
        // Chunked must be said: Node's client sends a DELETE body unframed by default.
        if (probe.chunked) headers['transfer-encoding'] = 'chunked';
        else headers['content-length'] = String(probe.body.length);
      }
      const req = http.request(
        { host: url.hostname, port: url.port, method: probe.route.method, path: probe.path, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = text ? JSON.parse(text) : undefined;
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, json, text, html: String(res.headers['content-type'] ?? '').startsWith('text/html') });
          });
        },
      );
      req.on('error', reject);
      if (probe.body) {
        if (probe.chunked) {
          for (let i = 0; i < probe.body.length; i += 64 * 1024) req.write(probe.body.subarray(i, i + 64 * 1024));
        } else {
          req.write(probe.body);
        }
      }
      req.end();
    });
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dataDir: ':memory:', log: false, firebaseEmulator: false });
    // The Hono app's own route list names every emulated peer route (registering the routes
    // touches none of the dependencies, so stand-ins do).
    const listing = createApp({ db: {} as never, signer: {} as never, labels: {} as never, accessTokenTtlS: 1, refreshTokenTtlS: 1, dummyPasswordHash: '' });
    const appRoutes = listing.routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*')).map((r) => ({ method: r.method, path: r.path }));
    const all = [...contractRoutes(), ...appRoutes, ...OIDC_ROUTES];
    routes = [...new Map(all.map((r) => [`${r.method} ${r.path}`, r])).values()];
    const login = await fetch(`${sandbox.url}/api/v2/login`, {
      method: 'POST',
      headers: { ...REALM_HEADERS, ...JSON_HEADERS },
      body: JSON.stringify({ id: sandbox.demoAccount.email, secret: sandbox.demoAccount.password }),
    });
    userToken = ((await login.json()) as { authorisationToken: string }).authorisationToken;
  });

  afterAll(async () => {
    agent.destroy();
    await sandbox?.close();
  });

  it('covers the contracts and every peer', () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const prefix of ['/_gigya/', '/_opin/', '/_adobe/', '/_provider/', '/_processor/', '/_captcha/', '/_sandbox/', '/_oidc/']) {
      expect(routes.some((r) => r.path.startsWith(prefix)), prefix).toBe(true);
    }
  });

  it('a body no handler reads still gets its answer, and the socket stays usable', async () => {
    const route = { method: 'POST', path: '/api/v2/login/guest/checkin' };
    const headers = { ...REALM_HEADERS, ...JSON_HEADERS };
    const almostOneMiB = Buffer.from(JSON.stringify({ pad: 'x'.repeat(1024 * 1024 - 16) }));
    for (const chunked of [false, true]) {
      expect((await send({ route, label: 'unread', path: route.path, headers, body: almostOneMiB, chunked })).status).toBe(200);
      const over = await send({ route, label: 'over', path: route.path, headers, body: Buffer.alloc(5 * 1024 * 1024, 0x20), chunked });
      expect([over.status, (over.json as { code?: string }).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      expect((await send({ route, label: 'after', path: route.path, headers: REALM_HEADERS })).status).toBe(200);
    }
  });

  it('answers every probe without a 5xx or a reset, errors in the platform shape', async () => {
    const adminKey = (sandbox as { adminKey?: string }).adminKey;
    const auth: Record<string, string> = {
      ...REALM_HEADERS,
      authorization: `Bearer ${userToken}`,
      ...(adminKey ? { 'x-sandbox-admin-key': adminKey } : {}),
    };
    // Generated path parameters and body strings: any code points, control characters included.
    const generated = fc.sample(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), { numRuns: 24, seed: 12 });
    const oversized = Buffer.from(JSON.stringify({ id: 'x'.repeat(1024 * 1024 + 64) }));
    const deep = Buffer.from('{"a":'.repeat(5000) + '1' + '}'.repeat(5000));

    const probes: Probe[] = [];
    routes.forEach((route, index) => {
      const junk = (label: string, value: string, expect?: [number, string]) =>
        probes.push({
          route,
          label,
          path: fill(route.path, value),
          ...(BODY_METHODS.has(route.method) ? { headers: { ...auth, ...JSON_HEADERS }, body: Buffer.from('{}') } : { headers: auth }),
          ...(expect ? { expect } : {}),
        });
      const path = fill(route.path, 'x');
      if (hasParam(route.path)) {
        junk('NUL param', '%00', [400, 'BAD_REQUEST']);
        junk('control param', '%01abc', [400, 'BAD_REQUEST']);
        junk('very long param', 'a'.repeat(3000));
        junk('literal %00 param', '%2500');
        junk('malformed escape', '%E0%A4%A');
        junk('generated param', encodeURIComponent(generated[index % generated.length]!));
      }
      probes.push({ route, label: 'NUL query', path: `${path}?realm=%00&q=a%00b`, headers: auth, expect: [400, 'BAD_REQUEST'] });
      if (!BODY_METHODS.has(route.method)) return;
      const json = (label: string, body: string | Buffer, expect?: [number, string], extra: Partial<Probe> = {}) =>
        probes.push({ route, label, path, headers: { ...auth, ...JSON_HEADERS }, body: Buffer.isBuffer(body) ? body : Buffer.from(body), ...(expect ? { expect } : {}), ...extra });
      json('malformed JSON', '{"id": "a@b.c", "secret": ');
      json('NUL strings', JSON.stringify(NUL_BODY), [400, 'BAD_REQUEST']);
      json('NUL key', '{"\\u0000":"x"}', [400, 'BAD_REQUEST']);
      json('generated strings', JSON.stringify({ id: generated[(index + 1) % generated.length], secret: generated[(index + 2) % generated.length] }));
      json('deep nesting', deep, [400, 'BAD_REQUEST']);
      json('wrong types', JSON.stringify(WRONG_TYPES));
      json('array body', '[[],[{}],1]');
      json('scalar body', '"\\ud800"');
      json('oversized', oversized, [413, 'PAYLOAD_TOO_LARGE']);
      json('oversized chunked', oversized, [413, 'PAYLOAD_TOO_LARGE'], { chunked: true });
      probes.push({ route, label: 'text/plain', path, headers: { ...auth, 'content-type': 'text/plain' }, body: Buffer.from('{}'), expect: [415, 'UNSUPPORTED_MEDIA_TYPE'] });
      probes.push({ route, label: 'xml', path, headers: { ...auth, 'content-type': 'application/xml' }, body: Buffer.from('<a/>'), expect: [415, 'UNSUPPORTED_MEDIA_TYPE'] });
      probes.push({ route, label: 'NUL form field', path, headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from('email=a%00b&password=x'), expect: route.path.startsWith('/api/') ? [415, 'UNSUPPORTED_MEDIA_TYPE'] : [400, 'BAD_REQUEST'] });
    });

    const failures: string[] = [];
    const queue = [...probes];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let probe = queue.shift(); probe; probe = queue.shift()) {
          const what = `${probe.route.method} ${probe.route.path} [${probe.label}]`;
          let answer: Answer;
          try {
            answer = await send(probe);
          } catch (error) {
            failures.push(`${what}: connection error ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
            continue;
          }
          if (answer.status >= 500 && !firebaseUnavailable(answer)) {
            failures.push(`${what}: ${answer.status} ${answer.text.slice(0, 160)}`);
            continue;
          }
          const shaped = platformErrorSchema.safeParse(answer.json);
          const platformShape = shaped.success && shaped.data.status === answer.status && shaped.data.messages.length > 0;
          if (probe.expect) {
            const [status, code] = probe.expect;
            if (answer.status !== status || !platformShape || shaped.data?.code !== code) {
              failures.push(`${what}: expected ${status} ${code}, got ${answer.status} ${answer.text.slice(0, 160)}`);
            }
          } else if (answer.status >= 400 && isPlatformPath(probe.route.path) && !answer.html && !platformShape) {
            failures.push(`${what}: ${answer.status} not in the platform shape: ${answer.text.slice(0, 160)}`);
          }
        }
      }),
    );
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
    expect(probes.length).toBeGreaterThan(1000);
  }, 120_000);
});
