import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHILD_AGE_RATING_LIMITS,
  checkProfileName,
  deniedActionKey,
  graphemeCount,
  householdFailure,
  MAX_PROFILES,
  PROFILE_ACTIONS,
  PROFILE_NAME_MAX_GRAPHEMES,
  profileCreationProblem,
  profileMay,
  profileRemovalProblem,
  sameProfileName,
  switchNeedsPin,
  type ProfileRef,
} from './household.js';

const childArb: fc.Arbitrary<ProfileRef> = fc.constantFrom(...CHILD_AGE_RATING_LIMITS).map((ageRatingLimit) => ({ type: 'CHILD' as const, ageRatingLimit }));
const adultArb: fc.Arbitrary<ProfileRef> = fc.constant({ type: 'ADULT' as const });
const profileArb = fc.oneof(childArb, adultArb);
/** Grapheme clusters of several scripts, emoji with joiners and combining marks included. */
const graphemeArb = fc.constantFrom('a', 'Z', 'é', 'e\u0301', 'ß', 'ж', 'م', 'ש', '中', '한', 'क्षि', '👍🏽', '👨‍👩‍👧', '🇬🇧', '1', '_');

describe('profile name rule (issue 16: 1–30 characters in any script, trimmed)', () => {
  it('accepts 1 to 30 graphemes of any script and keeps them trimmed, whatever their UTF-16 length', () => {
    fc.assert(
      fc.property(fc.array(graphemeArb, { minLength: 1, maxLength: PROFILE_NAME_MAX_GRAPHEMES }), fc.constantFrom('', ' ', '  \t'), (parts, pad) => {
        const name = parts.join('');
        const checked = checkProfileName(`${pad}${name}${pad}`);
        expect(checked).toEqual({ ok: true, name: name.normalize('NFC') });
        expect(graphemeCount(name)).toBe(parts.length);
      }),
    );
  });

  it('refuses more than 30 graphemes', () => {
    fc.assert(
      fc.property(fc.array(graphemeArb, { minLength: PROFILE_NAME_MAX_GRAPHEMES + 1, maxLength: 60 }), (parts) => {
        expect(checkProfileName(parts.join(''))).toEqual({ ok: false, problem: 'profileNameTooLong' });
      }),
    );
  });

  it('refuses blank names and non-strings, and control or invisible characters inside', () => {
    fc.assert(fc.property(fc.stringMatching(/^\s*$/), (blank) => {
      expect(checkProfileName(blank)).toEqual({ ok: false, problem: 'profileNameRequired' });
    }));;
    for (const value of [undefined, null, 3, {}, []]) expect(checkProfileName(value)).toEqual({ ok: false, problem: 'profileNameRequired' });
    for (const bad of ['a\u0000b', 'a\nb', 'a\u202Eb', 'a\u200Bb', 'a\uD800b', 'a\u2028b']) expect(checkProfileName(bad)).toEqual({ ok: false, problem: 'profileNameInvalid' });
  });

  it('is total: any string gives a result, and an accepted name passes again unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (raw) => {
        const checked = checkProfileName(raw);
        if (checked.ok) expect(checkProfileName(checked.name)).toEqual(checked);
      }),
    );
  });

  it('compares names trimmed and case-insensitively', () => {
    expect(sameProfileName(' Ana ', 'ana')).toBe(true);
    expect(sameProfileName('Ana', 'Anna')).toBe(false);
  });
});

describe('profileMay (§6: a child profile cannot buy or sign up; nor manage the household)', () => {
  it('an adult may do everything; a child only watch, edit its own preferences and switch', () => {
    fc.assert(
      fc.property(profileArb, fc.constantFrom(...PROFILE_ACTIONS), (profile, action) => {
        const allowed = profileMay(profile, action);
        if (profile.type === 'ADULT') expect(allowed).toBe(true);
        else expect(allowed).toBe(['watch', 'editOwnPreferences', 'switchProfile'].includes(action));
      }),
    );
  });

  it('names the message key of a refusal', () => {
    expect(deniedActionKey('purchase')).toBe('kidPurchasePermissionDenied');
    expect(deniedActionKey('signUp')).toBe('kidPurchasePermissionDenied');
    expect(deniedActionKey('manageProfiles')).toBe('kidProfileManagementDenied');
  });
});

describe('switchNeedsPin', () => {
  it('asks for the PIN exactly when a PIN is in force and a child session widens what may be watched', () => {
    fc.assert(
      fc.property(fc.option(profileArb, { nil: undefined }), profileArb, fc.boolean(), (from, to, pin) => {
        const needs = switchNeedsPin(from, to, pin);
        const widens =
          from?.type === 'CHILD' && (to.type === 'ADULT' || (to.ageRatingLimit ?? 0) > (from.ageRatingLimit ?? 0));
        expect(needs).toBe(pin && widens);
      }),
    );
  });

  it('never asks an adult session, and never without a PIN', () => {
    fc.assert(fc.property(profileArb, fc.boolean(), (to, pin) => {
      expect(switchNeedsPin({ type: 'ADULT' }, to, pin)).toBe(false);
    }));
    fc.assert(fc.property(profileArb, profileArb, (from, to) => {
      expect(switchNeedsPin(from, to, false)).toBe(false);
    }));
  });
});

describe('creation and deletion rules', () => {
  const household = fc
    .array(fc.record({ type: fc.constantFrom('ADULT' as const, 'CHILD' as const) }), { minLength: 1, maxLength: MAX_PROFILES })
    .map((ps) => ps.map((p, i) => ({ ...p, id: `p${i}`, name: `Name ${i}` })));

  it('at most 5 profiles, names distinct', () => {
    fc.assert(
      fc.property(household, fc.string({ minLength: 1, maxLength: 5 }), (ps, suffix) => {
        const problem = profileCreationProblem(ps, `New ${suffix}`);
        expect(problem === 'PROFILE_LIMIT').toBe(ps.length >= MAX_PROFILES);
      }),
    );
    expect(profileCreationProblem([{ name: 'Ana' }], ' ANA ')).toBe('PROFILE_NAME_TAKEN');
  });

  it('an account always keeps an adult profile, and a session cannot delete its own profile', () => {
    fc.assert(
      fc.property(household, fc.nat(MAX_PROFILES), fc.option(fc.nat(MAX_PROFILES), { nil: undefined }), (ps, target, current) => {
        const id = `p${target}`;
        const currentId = current === undefined ? undefined : `p${current}`;
        const problem = profileRemovalProblem(ps, id, currentId);
        if (problem === null) {
          const after = ps.filter((p) => p.id !== id);
          expect(after.length).toBe(ps.length - 1);
          if (ps.some((p) => p.type === 'ADULT')) expect(after.some((p) => p.type === 'ADULT')).toBe(true);
          expect(id).not.toBe(currentId);
        }
        if (!ps.some((p) => p.id === id)) expect(problem).toBe('NOT_FOUND');
      }),
    );
  });
});

describe('householdFailure', () => {
  it('names the throttle with its wait, a known key as is, anything else anErrorOccured', () => {
    expect(householdFailure({ status: 429, code: 'TOO_MANY_ATTEMPTS', messages: ['tooManyAttempts'], retryAfterSeconds: 900 })).toEqual({ key: 'tooManyAttempts', seconds: 900 });
    expect(householdFailure({ status: 403, code: 'INVALID_PIN', messages: ['wrongPin'] })).toEqual({ key: 'wrongPin' });
    expect(householdFailure({ status: 409, code: 'PROFILE_LIMIT', messages: ['profileLimitReached'] })).toEqual({ key: 'profileLimitReached' });
    fc.assert(
      fc.property(fc.anything(), (error) => {
        const failure = householdFailure(error);
        expect(typeof failure.key).toBe('string');
      }),
    );
  });
});
