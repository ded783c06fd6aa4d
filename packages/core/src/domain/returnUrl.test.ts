import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allowedReturnUrl, isLoopbackHost } from './index.js';

const ORIGINS = ['https://watch.example', 'http://127.0.0.1:5173', 'http://localhost:5173'];
const pathArb = fc.webPath();
const queryArb = fc.option(fc.webQueryParameters(), { nil: undefined });

describe('allowedReturnUrl', () => {
  it('accepts https and loopback addresses of the registered origins', () => {
    expect(allowedReturnUrl('https://watch.example/pay/PAYPAL?x=1', ORIGINS)).toBe('https://watch.example/pay/PAYPAL?x=1');
    expect(allowedReturnUrl('HTTPS://WATCH.example:443/pay', ORIGINS)).toBe('HTTPS://WATCH.example:443/pay');
    expect(allowedReturnUrl('http://127.0.0.1:5173/payment-authorization', ORIGINS)).not.toBeNull();
    expect(allowedReturnUrl('http://localhost:5173/', ORIGINS)).not.toBeNull();
  });

  it('refuses other origins, other schemes, credentials, relative and malformed addresses', () => {
    for (const bad of [
      'https://evil.example/',
      'https://watch.example.evil.example/',
      'https://evil.example\\@watch.example/',
      'javascript:alert(1)',
      'JavaScript://watch.example/%0aalert(1)',
      'data:text/html,hi',
      '//watch.example/x',
      '/pay',
      'http://watch.example/pay',
      'http://127.0.0.1:5174/',
      'https://user@watch.example/',
      'https://watch.example/\u0000',
      'https://watch.example/ x',
      `https://watch.example/${'a'.repeat(2048)}`,
      '',
    ]) {
      expect(allowedReturnUrl(bad, ORIGINS), bad).toBeNull();
    }
    expect(allowedReturnUrl(42, ORIGINS)).toBeNull();
    expect(allowedReturnUrl('https://watch.example/', [])).toBeNull();
    // Plain http is refused off loopback even when registered.
    expect(allowedReturnUrl('http://watch.example/pay', ['http://watch.example'])).toBeNull();
  });

  it('accepts every path and query under a registered origin (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORIGINS), pathArb, queryArb, (origin, path, query) => {
        const url = `${origin}${path.startsWith('/') ? path : `/${path}`}${query ? `?${query}` : ''}`;
        fc.pre(!/[\s\\]/.test(url) && url.length <= 2048);
        expect(allowedReturnUrl(url, ORIGINS)).toBe(url);
      }),
    );
  });

  it('never accepts an address whose origin is not registered (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string(), (url, junk) => {
        for (const candidate of [url, `${url}${junk}`, `${junk}${url}`]) {
          const accepted = allowedReturnUrl(candidate, ORIGINS);
          if (accepted === null) continue;
          const parsed = new URL(accepted);
          expect(ORIGINS).toContain(parsed.origin);
          expect(parsed.protocol === 'https:' || isLoopbackHost(parsed.hostname)).toBe(true);
        }
      }),
    );
  });
});
