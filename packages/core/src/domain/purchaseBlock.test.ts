import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { purchaseBlockReason } from './index.js';

describe('purchaseBlockReason', () => {
  it('blocks a child first, then outside territories, then a VPN on a disallowing realm', () => {
    const allowed = { isChildProfile: false, inAllowedTerritory: true, onVpn: false, realmAllowsVpn: false };
    expect(purchaseBlockReason(allowed)).toBeNull();
    expect(purchaseBlockReason({ ...allowed, isChildProfile: true })).toBe('kidPurchasePermissionDenied');
    expect(purchaseBlockReason({ ...allowed, inAllowedTerritory: false })).toBe('signupGeoRestriction');
    expect(purchaseBlockReason({ ...allowed, onVpn: true })).toBe('vpnErrorMessage');
    expect(purchaseBlockReason({ ...allowed, onVpn: true, realmAllowsVpn: true })).toBeNull();
    expect(purchaseBlockReason({ isChildProfile: true, inAllowedTerritory: false, onVpn: true, realmAllowsVpn: false })).toBe(
      'kidPurchasePermissionDenied',
    );
    expect(purchaseBlockReason({ isChildProfile: false, inAllowedTerritory: false, onVpn: true, realmAllowsVpn: false })).toBe(
      'signupGeoRestriction',
    );
  });

  it('matches the priority table for every combination (property)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (isChildProfile, inAllowedTerritory, onVpn, realmAllowsVpn) => {
        const expected = isChildProfile
          ? 'kidPurchasePermissionDenied'
          : !inAllowedTerritory
            ? 'signupGeoRestriction'
            : onVpn && !realmAllowsVpn
              ? 'vpnErrorMessage'
              : null;
        expect(purchaseBlockReason({ isChildProfile, inAllowedTerritory, onVpn, realmAllowsVpn })).toBe(expected);
      }),
    );
  });

  it('fails closed on malformed input without throwing', () => {
    expect(purchaseBlockReason(null as never)).toBe('signupGeoRestriction');
    expect(purchaseBlockReason({} as never)).toBe('signupGeoRestriction');
  });
});
