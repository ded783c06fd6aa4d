/**
 * The app registers every platform call from its contract (issue 13, `src/http/route.ts`): each
 * contract of `calls` is registered exactly once through `route`, with its method and path, and
 * no `/api/...` route is registered any other way. Read from Hono's own route list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type AnyCallContract } from '@stream/core/contracts';
import { contractOf } from '../src/http/route.js';
import { createApp } from '../src/index.js';
import { memoryDeps } from './helpers.js';

/**
 * Contracts of the emulated peers' own calls (the client calls the peer, not the platform): served
 * under the peer's base as plain Hono routes, in the peer's own error shape.
 */
const PEER_BASES: Record<string, string> = {
  'processor.tokens': '/_processor',
  'adobeHost.register': '/_adobe',
  'adobeHost.config': '/_adobe',
};

const contracts: AnyCallContract[] = Object.values(calls).flatMap((area) => Object.values(area));

let app: ReturnType<typeof createApp>;
let close: () => Promise<void>;

beforeAll(async () => {
  const opened = await memoryDeps();
  app = createApp(opened.deps);
  close = opened.close;
});
afterAll(async () => {
  await close();
});

/** The app's routes (not its middleware), with the contract `route` registered each for. */
function registrations() {
  return app.routes
    .filter((r) => r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: r.path, contract: contractOf(r.handler) }));
}

describe('route registration', () => {
  it('registers every platform contract exactly once, through route, with its method and path', () => {
    const registered = registrations().filter((r) => r.contract);
    const platform = contracts.filter((contract) => !(contract.name in PEER_BASES));
    expect(platform.length).toBeGreaterThan(70);
    for (const contract of platform) {
      const found = registered.filter((r) => r.contract?.name === contract.name);
      expect(found.map((r) => `${r.method} ${r.path}`), contract.name).toEqual([`${contract.method} ${contract.path}`]);
    }
    // Nothing else goes through route: every registration is one of the contracts.
    const names = new Set(platform.map((contract) => contract.name));
    expect(registered.filter((r) => !names.has(r.contract!.name))).toEqual([]);
  });

  it('registers no /api route outside route', () => {
    const plain = registrations().filter((r) => r.path.startsWith('/api/') && !r.contract);
    // The PDF receipt is not a JSON call (docs/sandbox.md "Baskets and payments"), nor a
    // watch-together room's relay (server-sent events, docs/api.md "Watch together"): plain routes.
    expect(plain.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /api/v1/watch-together/rooms/:roomId/events', 'GET /api/v2/customer/payments/:id/receipt.pdf']);
  });

  it('serves the peers\' contracts under their peer as plain routes', () => {
    for (const [name, base] of Object.entries(PEER_BASES)) {
      const contract = contracts.find((candidate) => candidate.name === name)!;
      const found = registrations().filter((r) => r.method === contract.method && r.path === `${base}${contract.path}`);
      expect(found.map((r) => r.contract), name).toEqual([undefined]);
    }
  });
});
