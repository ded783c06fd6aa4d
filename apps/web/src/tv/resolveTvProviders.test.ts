import { describe, expect, it } from 'vitest';
import { resolveTvProviders } from './resolveTvProviders';

describe('resolveTvProviders', () => {
  it('makes a relative Adobe baseUri absolute against the API base URL and leaves the rest', () => {
    const entries = [{ name: 'ADOBE_DCR', baseUri: '/_adobe' }, { name: 'OPIN', baseUri: '/_opin' }, { name: 'ADOBE', baseUri: 'https://adobe.test/x' }, { name: 'ID' }];
    expect(resolveTvProviders(entries, 'http://127.0.0.1:4010', 'http://web.test/providers')).toEqual([
      { name: 'ADOBE_DCR', baseUri: 'http://127.0.0.1:4010/_adobe' },
      { name: 'OPIN', baseUri: '/_opin' },
      { name: 'ADOBE', baseUri: 'https://adobe.test/x' },
      { name: 'ID' },
    ]);
  });

  it('resolves against the page when the API base URL is itself relative', () => {
    expect(resolveTvProviders([{ name: 'ADOBE', baseUri: '/_adobe' }], '/api-root', 'http://web.test/providers')).toEqual([{ name: 'ADOBE', baseUri: 'http://web.test/_adobe' }]);
  });
});
