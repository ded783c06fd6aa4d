import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { decodeSessionClaims, isExpired, msUntilExpiry, toSessionUser, type SessionClaims } from './index.js';

const secret = new TextEncoder().encode('test-secret-of-at-least-32-bytes-long!');

async function sign(payload: Record<string, unknown>): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(secret);
}

const b64url = (value: string): string => Buffer.from(value).toString('base64url');

describe('decodeSessionClaims', () => {
  it('round-trips the platform claims of a signed token (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            sub: fc.string({ minLength: 1 }),
            gue: fc.boolean(),
            rol: fc.string(),
            loc: fc.string({ minLength: 2, maxLength: 2 }),
            par: fc.string(),
            pid: fc.string({ minLength: 1 }),
            arl: fc.integer({ min: 0, max: 18 }),
            exp: fc.integer({ min: 0, max: 4_000_000_000 }),
            iat: fc.integer({ min: 0, max: 4_000_000_000 }),
          },
          { requiredKeys: ['sub', 'gue'] },
        ),
        async (claims) => {
          const token = await sign(claims);
          expect(decodeSessionClaims(token)).toEqual(claims);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('reads a guest token and ignores ill-typed optional claims', async () => {
    expect(decodeSessionClaims(await sign({ sub: 'g1', gue: true }))).toEqual({ sub: 'g1', gue: true });
    expect(decodeSessionClaims(await sign({ sub: 'u1' }))).toEqual({ sub: 'u1', gue: false });
    expect(decodeSessionClaims(await sign({ sub: 'u1', gue: false, rol: 7, loc: null }))).toEqual({ sub: 'u1', gue: false });
    expect(decodeSessionClaims(await sign({ sub: 'u1', pid: '', arl: '7' }))).toEqual({ sub: 'u1', gue: false });
    expect(decodeSessionClaims(await sign({ sub: 'u1', pid: 3, arl: null }))).toEqual({ sub: 'u1', gue: false });
  });

  it('rejects tokens without a usable sub, exp or gue', async () => {
    expect(decodeSessionClaims(await sign({ gue: false }))).toBeNull();
    expect(decodeSessionClaims(await sign({ sub: '' }))).toBeNull();
    expect(decodeSessionClaims(await sign({ sub: 5 }))).toBeNull();
    expect(decodeSessionClaims(await sign({ sub: 'u', exp: 'tomorrow' }))).toBeNull();
    expect(decodeSessionClaims(await sign({ sub: 'u', gue: 'yes' }))).toBeNull();
    expect(decodeSessionClaims(`x.${b64url('[1,2]')}.y`)).toBeNull();
    expect(decodeSessionClaims(`x.${b64url('null')}.y`)).toBeNull();
    expect(decodeSessionClaims('a.b')).toBeNull();
    expect(decodeSessionClaims('')).toBeNull();
    expect(decodeSessionClaims(null)).toBeNull();
    expect(decodeSessionClaims(42)).toBeNull();
  });

  it('never throws on arbitrary strings (property)', () => {
    const part = fc.oneof(fc.string(), fc.base64String(), fc.json().map(b64url));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.array(part, { maxLength: 6 }).map((p) => p.join('.'))), (token) => {
        const claims = decodeSessionClaims(token);
        if (claims) expect(typeof claims.sub).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('session user and expiry', () => {
  const claims: SessionClaims = { sub: 'u1', gue: false, rol: 'USER', loc: 'GB', par: 'p', exp: 1_000, iat: 400 };

  it('maps claims to the session user', () => {
    expect(toSessionUser(claims, 'NOT_CHECKED')).toEqual({
      id: 'u1',
      guest: false,
      role: 'USER',
      country: 'GB',
      par: 'p',
      expiresAt: 1_000_000,
      missingInformationStatus: 'NOT_CHECKED',
    });
    expect(toSessionUser({ sub: 'g', gue: true })).toEqual({ id: 'g', guest: true });
    expect(toSessionUser({ sub: 'u1', gue: false, par: 'RESTRICTED', pid: 'p7', arl: 7 })).toEqual({
      id: 'u1',
      guest: false,
      par: 'RESTRICTED',
      profileId: 'p7',
      ageRatingLimit: 7,
    });
  });

  it('computes expiry in milliseconds with skew', () => {
    expect(isExpired(claims, 999_999)).toBe(false);
    expect(isExpired(claims, 1_000_000)).toBe(true);
    expect(isExpired(claims, 990_000, 10_000)).toBe(true);
    expect(isExpired(claims, 989_999, 10_000)).toBe(false);
    expect(isExpired({ sub: 'x', gue: false }, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isExpired(claims, Number.NaN)).toBe(true);
    expect(msUntilExpiry(claims, 400_000)).toBe(600_000);
    expect(msUntilExpiry(claims, 2_000_000)).toBe(0);
    expect(msUntilExpiry({ sub: 'x', gue: false }, 0)).toBeNull();
  });

  it('isExpired agrees with msUntilExpiry (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), fc.integer({ min: 0, max: 4_000_000_000_000 }), (exp, now) => {
        const c: SessionClaims = { sub: 's', gue: false, exp };
        expect(isExpired(c, now)).toBe(msUntilExpiry(c, now) === 0);
      }),
    );
  });
});
