/**
 * The household's profiles (`calls.profiles`; issue 16; docs/api.md "Profiles and preferences")
 * against a seeded in-memory sandbox, in process: the first adult profile made on first need, at
 * most 5 profiles, the name rule in graphemes, the last adult kept, one account's profiles out
 * of another's reach; selecting a profile signs its tokens (a child's `par` `RESTRICTED` with
 * `arl`, kept by a refresh); a child's session cannot manage profiles or buy; leaving a child
 * profile needs the parental PIN when one is in force, throttled per profile.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginResponseSchema, profileListSchema, profileSchema, type Profile } from '@stream/core/contracts';
import { hashPassword } from '../src/auth/passwords.js';
import { users } from '../src/db/schema.js';
import { verifyParentalPin } from '../src/parental/pin.js';
import { FAMILY_ACCOUNT } from '../src/seed/accounts.js';
import { payBody } from './buyers.js';
import { call, decodeClaims, expectError, inProcessAppForFile } from './helpers.js';

const opened = inProcessAppForFile();

beforeEach(async () => {
  await call(opened.app, 'POST', '/_sandbox/throttle/reset');
});

/** A new account, signed in: its id, email and tokens. */
async function signUp(name = 'Household Owner') {
  const email = `home-${randomUUID()}@stream.test`;
  const res = await call(opened.app, 'POST', '/api/v2/user', { body: { id: email, secret: 'home-password', name } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const tokens = loginResponseSchema.parse(res.json);
  return { email, userId: decodeClaims(tokens.authorisationToken).sub as string, token: tokens.authorisationToken, refreshToken: tokens.refreshToken };
}

async function list(token: string) {
  const res = await call(opened.app, 'GET', '/api/v2/profiles', { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return profileListSchema.parse(res.json);
}

async function create(token: string, body: Record<string, unknown>): Promise<Profile> {
  const res = await call(opened.app, 'POST', '/api/v2/profiles', { token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return profileSchema.parse(res.json);
}

async function select(token: string, id: string, body: Record<string, unknown> = {}) {
  return call(opened.app, 'POST', `/api/v2/profiles/${id}/select`, { token, body });
}

async function selected(token: string, id: string, body: Record<string, unknown> = {}) {
  const res = await select(token, id, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return loginResponseSchema.parse(res.json);
}

/** Sets the account's parental PIN as the parental-control calls store it (argon2id, status RESTRICTED). */
async function setPin(userId: string, pin: string, status = 'RESTRICTED') {
  await opened.deps.db.update(users).set({ parentalPinHash: await hashPassword(pin), parentalStatus: status }).where(eq(users.id, userId));
}

describe('profiles: list, create, rename, delete', () => {
  it('every account has a first adult profile, named after the account, made on first need', async () => {
    const { token, userId } = await signUp('Ana María');
    const first = await list(token);
    expect(first.maxProfiles).toBe(5);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ name: 'Ana María', type: 'ADULT', avatar: 'fox', pinRequired: false });
    expect(first.items[0]!.ageRatingLimit).toBeUndefined();
    expect(first.currentProfileId).toBe(first.items[0]!.id);
    expect(first.items[0]!.id).toBe(userId);
    expect((await list(token)).items).toEqual(first.items);
  });

  it('creates child and adult profiles (a child gets limit 12 and the owl unless told), at most 5', async () => {
    const { token } = await signUp();
    const child = await create(token, { name: '  Léa  ', type: 'CHILD' });
    expect(child).toMatchObject({ name: 'Léa', type: 'CHILD', avatar: 'owl', ageRatingLimit: 12 });
    const little = await create(token, { name: 'Small', type: 'CHILD', ageRatingLimit: 7, avatar: 'panda' });
    expect(little).toMatchObject({ ageRatingLimit: 7, avatar: 'panda' });
    const adult = await create(token, { name: 'Partner', type: 'ADULT', avatar: 'star' });
    expect(adult.ageRatingLimit).toBeUndefined();
    await create(token, { name: 'Guest room', type: 'ADULT' });
    const five = await list(token);
    expect(five.items.map((p) => p.name)).toEqual(['Household Owner', 'Léa', 'Small', 'Partner', 'Guest room']);
    const sixth = await call(opened.app, 'POST', '/api/v2/profiles', { token, body: { name: 'One more', type: 'ADULT' } });
    expectError(sixth, 409, 'PROFILE_LIMIT');
    expect((await list(token)).items).toHaveLength(5);
  });

  it('creations at once never pass the limit of 5', async () => {
    const { token } = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(opened.app, 'POST', '/api/v2/profiles', { token, body: { name: `Racer ${i}`, type: 'CHILD' } })),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(4);
    for (const res of answers.filter((r) => r.status !== 201)) expectError(res, 409, 'PROFILE_LIMIT');
    expect((await list(token)).items).toHaveLength(5);
  });

  it('names: 1 to 30 graphemes in any script, trimmed; distinct; bad values are 400', async () => {
    const { token } = await signUp();
    const family = '👨‍👩‍👧'.repeat(15); // 15 graphemes, 120 UTF-16 units
    expect((await create(token, { name: family, type: 'CHILD' })).name).toBe(family);
    const thirty = 'क्षि'.repeat(30); // 30 graphemes, 120 UTF-16 units
    expect((await create(token, { name: thirty, type: 'ADULT' })).name).toBe(thirty);
    const tooLong = await call(opened.app, 'POST', '/api/v2/profiles', { token, body: { name: 'ж'.repeat(31), type: 'ADULT' } });
    expect(expectError(tooLong, 400, 'BAD_REQUEST').messages).toContain('profileNameTooLong');
    const blank = await call(opened.app, 'POST', '/api/v2/profiles', { token, body: { name: '   ', type: 'ADULT' } });
    expect(expectError(blank, 400, 'BAD_REQUEST').messages).toContain('profileNameRequired');
    const control = await call(opened.app, 'POST', '/api/v2/profiles', { token, body: { name: 'a\u202Eb', type: 'ADULT' } });
    expect(expectError(control, 400, 'BAD_REQUEST').messages).toContain('profileNameInvalid');
    const taken = await call(opened.app, 'POST', '/api/v2/profiles', { token, body: { name: ' household owner ', type: 'CHILD' } });
    expectError(taken, 409, 'PROFILE_NAME_TAKEN');
    for (const body of [
      { name: 'X', type: 'ADULT', ageRatingLimit: 12 },
      { name: 'X', type: 'CHILD', ageRatingLimit: 13 },
      { name: 'X', type: 'TEEN' },
      { name: 'X', type: 'ADULT', avatar: 'dragon' },
      { name: 'X', type: 'ADULT', admin: true },
    ]) {
      expectError(await call(opened.app, 'POST', '/api/v2/profiles', { token, body }), 400, 'BAD_REQUEST');
    }
    expect((await list(token)).items).toHaveLength(3);
  });

  it('renames, changes the avatar and a child limit; another account cannot reach the profile', async () => {
    const { token } = await signUp();
    const child = await create(token, { name: 'Kid', type: 'CHILD' });
    const res = await call(opened.app, 'PATCH', `/api/v2/profiles/${child.id}`, { token, body: { name: 'Kiddo', avatar: 'robot', ageRatingLimit: 16 } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(profileSchema.parse(res.json)).toMatchObject({ id: child.id, name: 'Kiddo', avatar: 'robot', ageRatingLimit: 16, type: 'CHILD' });
    const me = (await list(token)).currentProfileId;
    expectError(await call(opened.app, 'PATCH', `/api/v2/profiles/${me}`, { token, body: { ageRatingLimit: 7 } }), 400, 'BAD_REQUEST');
    expectError(await call(opened.app, 'PATCH', `/api/v2/profiles/${me}`, { token, body: {} }), 400, 'BAD_REQUEST');
    expectError(await call(opened.app, 'PATCH', `/api/v2/profiles/${me}`, { token, body: { name: 'kiddo' } }), 409, 'PROFILE_NAME_TAKEN');

    const stranger = await signUp();
    expectError(await call(opened.app, 'PATCH', `/api/v2/profiles/${child.id}`, { token: stranger.token, body: { name: 'Mine' } }), 404, 'NOT_FOUND');
    expectError(await call(opened.app, 'DELETE', `/api/v2/profiles/${child.id}`, { token: stranger.token }), 404, 'NOT_FOUND');
    expectError(await select(stranger.token, child.id), 404, 'NOT_FOUND');
    expect((await list(stranger.token)).items.map((p) => p.id)).not.toContain(child.id);
  });

  it('deletes a profile, never the last adult one nor the session\'s own; a deleted profile\'s sessions end', async () => {
    const { token } = await signUp();
    const me = (await list(token)).currentProfileId;
    expectError(await call(opened.app, 'DELETE', `/api/v2/profiles/${me}`, { token }), 409, 'LAST_ADULT_PROFILE');
    const child = await create(token, { name: 'Kid', type: 'CHILD' });
    expectError(await call(opened.app, 'DELETE', `/api/v2/profiles/${me}`, { token }), 409, 'LAST_ADULT_PROFILE');
    const partner = await create(token, { name: 'Partner', type: 'ADULT' });
    expectError(await call(opened.app, 'DELETE', `/api/v2/profiles/${me}`, { token }), 409, 'PROFILE_IN_USE');
    expectError(await call(opened.app, 'DELETE', `/api/v2/profiles/${randomUUID()}`, { token }), 404, 'NOT_FOUND');

    const kidSession = await selected(token, child.id);
    const asPartner = await selected(kidSession.authorisationToken, partner.id);
    const gone = await call(opened.app, 'DELETE', `/api/v2/profiles/${child.id}`, { token: asPartner.authorisationToken });
    expect(gone.status, JSON.stringify(gone.json)).toBe(200);
    expect(gone.json).toEqual({ id: child.id, deleted: true });
    // The owner's profile may go now: the partner is an adult too.
    expect((await call(opened.app, 'DELETE', `/api/v2/profiles/${me}`, { token: asPartner.authorisationToken })).status).toBe(200);
    expect((await list(asPartner.authorisationToken)).items.map((p) => p.name)).toEqual(['Partner']);
  });

  it('a deleted profile\'s sessions on other devices end', async () => {
    const owner = await signUp();
    const child = await create(owner.token, { name: 'Kid', type: 'CHILD' });
    const tablet = await call(opened.app, 'POST', '/api/v2/login', { body: { id: owner.email, secret: 'home-password' } });
    const kidOnTablet = await selected(tablet.json.authorisationToken as string, child.id);
    expect((await call(opened.app, 'DELETE', `/api/v2/profiles/${child.id}`, { token: owner.token })).status).toBe(200);
    expectError(await call(opened.app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: kidOnTablet.refreshToken } }), 401, 'UNAUTHORIZED');
    expectError(await call(opened.app, 'GET', '/api/v2/user/preferences', { token: kidOnTablet.authorisationToken }), 401, 'UNAUTHORIZED');
  });

  it('401 for a guest or no token', async () => {
    expectError(await call(opened.app, 'GET', '/api/v2/profiles'), 401, 'UNAUTHORIZED');
    const guest = await call(opened.app, 'POST', '/api/v2/login/guest/checkin');
    expect(guest.status).toBeLessThan(300);
    expectError(await call(opened.app, 'GET', '/api/v2/profiles', { token: guest.json.authorisationToken as string }), 401, 'UNAUTHORIZED');
  });
});

describe('selecting a profile', () => {
  it('signs the child\'s tokens (par RESTRICTED, pid, arl); a refresh keeps them; the caller\'s session ends', async () => {
    const owner = await signUp();
    const child = await create(owner.token, { name: 'Kid', type: 'CHILD', ageRatingLimit: 7 });
    const kid = await selected(owner.token, child.id);
    expect(decodeClaims(kid.authorisationToken)).toMatchObject({ sub: owner.userId, par: 'RESTRICTED', pid: child.id, arl: 7 });
    const refreshed = await call(opened.app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: kid.refreshToken } });
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
    expect(decodeClaims(refreshed.json.authorisationToken as string)).toMatchObject({ par: 'RESTRICTED', pid: child.id, arl: 7 });
    // The adult's refresh token is no longer valid on this device.
    expectError(await call(opened.app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: owner.refreshToken } }), 401, 'UNAUTHORIZED');
    // The child's list shows its own profile as current.
    expect((await list(refreshed.json.authorisationToken as string)).currentProfileId).toBe(child.id);
  });

  it('a changed limit applies at the next refresh', async () => {
    const owner = await signUp();
    const child = await create(owner.token, { name: 'Kid', type: 'CHILD' });
    const kid = await selected(owner.token, child.id);
    const second = await signUp(); // an unrelated account keeps its own sessions
    expect(second.userId).not.toBe(owner.userId);
    const ownerAgain = await call(opened.app, 'POST', '/api/v2/login', { body: { id: owner.email, secret: 'home-password' } });
    await call(opened.app, 'PATCH', `/api/v2/profiles/${child.id}`, { token: ownerAgain.json.authorisationToken, body: { ageRatingLimit: 0 } });
    const refreshed = await call(opened.app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: kid.refreshToken } });
    expect(decodeClaims(refreshed.json.authorisationToken as string)).toMatchObject({ par: 'RESTRICTED', arl: 0 });
  });

  it('a child\'s session cannot manage profiles (403 kidProfileManagementDenied) nor buy or sign up (403 kidPurchasePermissionDenied)', async () => {
    const owner = await signUp();
    const me = (await list(owner.token)).currentProfileId;
    const child = await create(owner.token, { name: 'Kid', type: 'CHILD' });
    const kid = (await selected(owner.token, child.id)).authorisationToken;
    const denied = [
      await call(opened.app, 'POST', '/api/v2/profiles', { token: kid, body: { name: 'Mine', type: 'ADULT' } }),
      await call(opened.app, 'PATCH', `/api/v2/profiles/${child.id}`, { token: kid, body: { ageRatingLimit: 16 } }),
      await call(opened.app, 'DELETE', `/api/v2/profiles/${me}`, { token: kid }),
    ];
    for (const res of denied) expect(expectError(res, 403, 'FORBIDDEN').messages).toContain('kidProfileManagementDenied');

    const redeem = await call(opened.app, 'POST', '/api/v2/promotions/voucher/redeem', { token: kid, body: { voucherCode: 'ANY', licenceId: 101 } });
    expect(expectError(redeem, 403, 'FORBIDDEN').messages).toContain('kidPurchasePermissionDenied');
    const basket = await call(opened.app, 'PUT', '/api/v2/baskets/101', { token: kid });
    expect(expectError(basket, 403, 'FORBIDDEN').messages).toContain('kidPurchasePermissionDenied');
    const pay = await call(opened.app, 'POST', '/api/v2/customer/baskets/pay/', { token: kid, body: payBody('any'), headers: { 'Idempotency-Key': randomUUID() } });
    expect(expectError(pay, 403, 'FORBIDDEN').messages).toContain('kidPurchasePermissionDenied');
    const context = await call(opened.app, 'GET', '/api/v2/checkout/context', { token: kid });
    expect(context.json.isChildProfile).toBe(true);
    // Nor sign up (commerce §6), and the refused sign-up makes no account.
    const email = `kid-${randomUUID()}@stream.test`;
    const signUpAsKid = await call(opened.app, 'POST', '/api/v2/user', { token: kid, body: { id: email, secret: 'kid-password-1', name: 'Kid' } });
    expect(expectError(signUpAsKid, 403, 'FORBIDDEN').messages).toContain('kidPurchasePermissionDenied');
    expect((await call(opened.app, 'POST', '/api/v2/login', { body: { id: email, secret: 'kid-password-1' } })).status).not.toBe(200);
    // The adult's session of the same account still buys.
    const adult = (await selected(kid, me)).authorisationToken;
    expect((await call(opened.app, 'PUT', '/api/v2/baskets/101', { token: adult })).status).toBe(200);
    expect((await call(opened.app, 'GET', '/api/v2/checkout/context', { token: adult })).json.isChildProfile).toBe(false);
  });

  it('leaving a child profile needs the PIN when one is in force; wrong PINs are throttled for that profile only', async () => {
    const owner = await signUp();
    const me = (await list(owner.token)).currentProfileId;
    const child = await create(owner.token, { name: 'Kid', type: 'CHILD', ageRatingLimit: 7 });
    const sibling = await create(owner.token, { name: 'Sib', type: 'CHILD', ageRatingLimit: 7 });
    const older = await create(owner.token, { name: 'Teen', type: 'CHILD', ageRatingLimit: 16 });
    const kidTokens = await selected(owner.token, child.id);
    // No PIN yet: leaving is free.
    expect((await list(kidTokens.authorisationToken)).items.every((p) => !p.pinRequired)).toBe(true);
    await setPin(owner.userId, '0427');
    const kid = kidTokens.authorisationToken;
    const items = (await list(kid)).items;
    expect(Object.fromEntries(items.map((p) => [p.name, p.pinRequired]))).toEqual({ 'Household Owner': true, Kid: false, Sib: false, Teen: true });

    expect(expectError(await select(kid, me), 403, 'FORBIDDEN').messages).toContain('parentalPinRequired');
    expect(expectError(await select(kid, older.id), 403, 'FORBIDDEN').messages).toContain('parentalPinRequired');
    // Same or narrower: no PIN.
    const sib = await selected(kid, sibling.id);
    const kidAgain = (await selected(sib.authorisationToken, child.id)).authorisationToken;

    for (let i = 0; i < 5; i += 1) {
      expect(expectError(await select(kidAgain, me, { pin: '1234' }), 403, 'INVALID_PIN').messages).toContain('wrongPin');
    }
    const throttled = await select(kidAgain, me, { pin: '0427' });
    expectError(throttled, 429, 'TOO_MANY_ATTEMPTS');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another child's session of the same account is not locked out.
    const sibSession = (await selected(kidAgain, sibling.id)).authorisationToken;
    const fromSibling = await selected(sibSession, me, { pin: '0427' });
    expect(decodeClaims(fromSibling.authorisationToken)).toMatchObject({ par: 'NON_RESTRICTED', pid: me });
    expect(decodeClaims(fromSibling.authorisationToken).arl).toBeUndefined();
    // An adult's session never needs the PIN.
    expect((await selected(fromSibling.authorisationToken, older.id)).authorisationToken).toBeTruthy();
  });

  it('the right PIN leaves the child profile; a PIN switched off (NON_RESTRICTED) is not asked', async () => {
    const owner = await signUp();
    const me = (await list(owner.token)).currentProfileId;
    const child = await create(owner.token, { name: 'Kid', type: 'CHILD' });
    await setPin(owner.userId, '0007');
    const kid = (await selected(owner.token, child.id)).authorisationToken;
    expect(decodeClaims((await selected(kid, me, { pin: '0007' })).authorisationToken)).toMatchObject({ par: 'NON_RESTRICTED', pid: me });
    await setPin(owner.userId, '0007', 'NON_RESTRICTED');
    const kid2 = (await selected((await call(opened.app, 'POST', '/api/v2/login', { body: { id: owner.email, secret: 'home-password' } })).json.authorisationToken, child.id)).authorisationToken;
    expect((await list(kid2)).items.every((p) => !p.pinRequired)).toBe(true);
    expect((await selected(kid2, me)).authorisationToken).toBeTruthy();
    expectError(await select(kid2, me, { pin: '12345' }), 400, 'BAD_REQUEST');
  });
});

describe('the seeded household (seed/accounts.ts FAMILY_ACCOUNT)', () => {
  it('has its adult, a second adult and a child of limit 7, and its PIN in force', async () => {
    const login = await call(opened.app, 'POST', '/api/v2/login', { body: { id: FAMILY_ACCOUNT.email, secret: FAMILY_ACCOUNT.password } });
    expect(login.status).toBe(200);
    const token = login.json.authorisationToken as string;
    const { items, currentProfileId } = await list(token);
    expect(items.map((p) => [p.name, p.type, p.ageRatingLimit ?? null])).toEqual([
      ['Alex', 'ADULT', null],
      ['Jordan', 'ADULT', null],
      ['Sam', 'CHILD', 7],
    ]);
    const sam = items.find((p) => p.type === 'CHILD')!;
    const kid = (await selected(token, sam.id)).authorisationToken;
    expect(decodeClaims(kid)).toMatchObject({ par: 'RESTRICTED', arl: 7 });
    expect(expectError(await select(kid, currentProfileId), 403, 'FORBIDDEN').messages).toContain('parentalPinRequired');
    expect((await selected(kid, currentProfileId, { pin: FAMILY_ACCOUNT.pin })).authorisationToken).toBeTruthy();
  });
});

describe('verifyParentalPin (parental/pin.ts)', () => {
  it('compares with argon2 against users.parental_pin_hash; false without a PIN or for a malformed one', async () => {
    const owner = await signUp();
    const db = opened.deps.db;
    expect(await verifyParentalPin(db, owner.userId, '0000')).toBe(false);
    await setPin(owner.userId, '0042');
    expect(await verifyParentalPin(db, owner.userId, '0042')).toBe(true);
    expect(await verifyParentalPin(db, owner.userId, '42')).toBe(false);
    expect(await verifyParentalPin(db, owner.userId, '0043')).toBe(false);
    expect(await verifyParentalPin(db, randomUUID(), '0042')).toBe(false);
  });
});
