import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { licenceFamiliesQuery } from './index.js';

describe('licenceFamiliesQuery', () => {
  it('always asks for the active entitlements; joins the ids with commas when there are some', () => {
    expect(licenceFamiliesQuery()).toEqual({ includeEntitlements: 'ALL_ACTIVE_USER_ENTITLEMENTS' });
    expect(licenceFamiliesQuery([])).toEqual({ includeEntitlements: 'ALL_ACTIVE_USER_ENTITLEMENTS' });
    expect(licenceFamiliesQuery(['101', '102'])).toEqual({ includeEntitlements: 'ALL_ACTIVE_USER_ENTITLEMENTS', licenceId: '101,102' });
  });

  it('the ids come back in order when the query is split at the commas', () => {
    const id = fc.stringMatching(/^[0-9A-Za-z_]{1,12}$/);
    fc.assert(
      fc.property(fc.array(id, { minLength: 1, maxLength: 8 }), (ids) => {
        expect(licenceFamiliesQuery(ids).licenceId?.split(',')).toEqual(ids);
      }),
    );
  });
});
