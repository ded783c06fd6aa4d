/**
 * The downgrade calls (docs/api.md "Plan changes") through the client's lazily loaded licence
 * area: method, path and body.
 */
import { describe, expect, it } from 'vitest';
import { fakePlatformClient, json } from './test-helpers.js';

const updated = { licence: { id: '102', name: 'Sports Premium' } };

describe('licences.scheduleDowngrade and cancelDowngrade', () => {
  it('POST /active-licences/{id}/downgrade { licenceId } and DELETE it', async () => {
    const { client, last } = fakePlatformClient(() => json(200, updated));
    await expect(client.licences.scheduleDowngrade({ params: { id: '102' }, body: { licenceId: '101' } })).resolves.toEqual(updated);
    expect([last().method, last().url.pathname, last().body]).toEqual([
      'POST',
      '/api/v2/active-licences/102/downgrade',
      { licenceId: '101' },
    ]);
    await expect(client.licences.cancelDowngrade({ params: { id: '102' } })).resolves.toEqual(updated);
    expect([last().method, last().url.pathname]).toEqual(['DELETE', '/api/v2/active-licences/102/downgrade']);
  });
});
