import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildPath,
  isChildSession,
  PROFILE_ACTIONS,
  postSignInTarget,
  ROUTE_ACTIONS,
  ROUTE_KEYS,
  routeDenial,
  safeReturnPath,
  sessionMay,
  sessionProfileRef,
  throughProfilePicker,
  type RouteKey,
} from './index.js';

const child = { id: 'a', guest: false, par: 'RESTRICTED', profileId: 'p', ageRatingLimit: 7 };
const adult = { id: 'a', guest: false, par: 'NON_RESTRICTED', profileId: 'q' };
const fresh = { id: 'a', guest: false };

describe('the session profile', () => {
  it('reads a child from par RESTRICTED with its limit; anything else is an adult', () => {
    expect(sessionProfileRef(child)).toEqual({ type: 'CHILD', ageRatingLimit: 7 });
    expect(sessionProfileRef({ par: 'RESTRICTED' })).toEqual({ type: 'CHILD', ageRatingLimit: 0 });
    expect(sessionProfileRef(adult)).toEqual({ type: 'ADULT' });
    expect(sessionProfileRef(fresh)).toEqual({ type: 'ADULT' });
    expect(sessionProfileRef(null)).toEqual({ type: 'ADULT' });
    expect(sessionProfileRef(undefined)).toEqual({ type: 'ADULT' });
    expect(isChildSession(child)).toBe(true);
    expect(isChildSession(adult)).toBe(false);
  });

  it('a child may watch, switch and edit its preferences, nothing else; an adult may do everything', () => {
    expect(PROFILE_ACTIONS.filter((action) => sessionMay(child, action))).toEqual(['watch', 'editOwnPreferences', 'switchProfile']);
    expect(PROFILE_ACTIONS.every((action) => sessionMay(adult, action))).toBe(true);
    expect(PROFILE_ACTIONS.every((action) => sessionMay(null, action))).toBe(true);
  });

  it("refuses a child's session the purchase, sign-up and account pages with kidPurchasePermissionDenied, and nothing else (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROUTE_KEYS), fc.option(fc.integer({ min: 0, max: 18 }), { nil: undefined }), (key: RouteKey, limit) => {
        const user = { par: 'RESTRICTED', ...(limit === undefined ? {} : { ageRatingLimit: limit }) };
        expect(routeDenial(user, key)).toBe(ROUTE_ACTIONS[key] === undefined ? null : 'kidPurchasePermissionDenied');
        expect(routeDenial(adult, key)).toBeNull();
        expect(routeDenial(null, key)).toBeNull();
      }),
    );
    for (const key of ['PURCHASE', 'PAY', 'ACCOUNT', 'SIGNUP'] as const) expect(routeDenial(child, key)).toBe('kidPurchasePermissionDenied');
    for (const key of ['HOME', 'SEARCH', 'PROFILES', 'PREFERENCES', 'VOD'] as const) expect(routeDenial(child, key)).toBeNull();
  });
});

describe("who's watching after a sign-in", () => {
  it('sends a session without a profile through PROFILES with from, and keeps the rest', () => {
    expect(throughProfilePicker('/home', fresh)).toBe('/profiles?from=%2Fhome');
    expect(throughProfilePicker('/search?q=a', fresh, 'es')).toBe(`${buildPath('PROFILES', {}, 'es')}?from=%2Fsearch%3Fq%3Da`);
    expect(throughProfilePicker('/home', adult)).toBe('/home');
    expect(throughProfilePicker('/home', child)).toBe('/home');
    expect(throughProfilePicker('/home', { guest: true })).toBe('/home');
    expect(throughProfilePicker('/home', null)).toBe('/home');
    expect(throughProfilePicker('/purchase?licences=x', fresh)).toBe('/purchase?licences=x');
    expect(throughProfilePicker('/signup', fresh)).toBe('/signup');
    expect(throughProfilePicker('/profiles?from=%2F', fresh)).toBe('/profiles?from=%2F');
    expect(throughProfilePicker('//evil.example', fresh)).toBe('//evil.example');
  });

  it("round-trips: the picker's from leads back to the sign-in's target (property)", () => {
    const paths = fc.constantFrom('/home', '/account', '/search?q=x', '/video/1/t', '/favourites#top', '/section/home?page=2');
    fc.assert(
      fc.property(paths, (target) => {
        const through = throughProfilePicker(target, fresh);
        const search = through.slice(through.indexOf('?'));
        expect(safeReturnPath(through)).toBe(through);
        expect(postSignInTarget(search)).toBe(target);
      }),
    );
  });
});
