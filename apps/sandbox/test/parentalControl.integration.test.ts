/**
 * Parental control (`calls.parentalControl`; commerce-and-account-data.md §3, §7; issue 16;
 * docs/api.md "Parental control") in process: set, change (the current PIN needed), remove; the
 * PIN kept as a string (a leading zero survives) and stored hashed; the PIN check throttled per
 * profile (5 wrong → 429 with `Retry-After` 900 s for that profile only, the right PIN refused
 * during the wait, free again after 15 minutes); the reset by an emailed code (single use,
 * expires in 15 minutes); a child profile's session may check the PIN but not change it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parentalControlStateSchema } from '@stream/core/contracts';
import { users } from '../src/db/schema.js';
import { appWith, call, decodeClaims, expectError, fakeClock, inProcessAppForFile, type App } from './helpers.js';
import { inProcessBuyers } from './buyers.js';

const opened = inProcessAppForFile();
const PATH = '/api/v1/parental-control';

/** A new account: its email, id, adult token, and a way to sign a token of another profile of it. */
async function household(app: App = opened.app, nowMs = () => Date.now()) {
  const { email, token } = await inProcessBuyers(app).newBuyer();
  const claims = decodeClaims(token);
  const userId = claims.sub as string;
  const profileToken = (profile: { id: string; ageRatingLimit?: number }) =>
    opened.deps.signer.sign(userId, {
      guest: false,
      nowMs: nowMs(),
      ttlS: 3600,
      sessionVersion: claims.sv as number,
      sessionId: claims.sid as string,
      profile,
    });
  return { email, userId, token, profileToken };
}

const setPin = (app: App, token: string, body: unknown) => call(app, 'POST', PATH, { token, body });
const verify = (app: App, token: string, pin: string) => call(app, 'POST', `${PATH}/verify`, { token, body: { pin } });

describe('setting, changing and removing the PIN', () => {
  it('sets a PIN with a leading zero, stored hashed, and reports it set', async () => {
    const { app } = opened;
    const h = await household();
    expect(parentalControlStateSchema.parse((await call(app, 'GET', PATH, { token: h.token })).json)).toEqual({ status: 'NON_RESTRICTED', pinSet: false });
    const res = await setPin(app, h.token, { pin: '0042', status: 'RESTRICTED' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ status: 'RESTRICTED', pinSet: true });
    const [row] = await opened.deps.db.select().from(users).where(eq(users.id, h.userId));
    expect(row!.parentalPinHash).toMatch(/^\$argon2id\$/);
    expect(row!.parentalPinHash).not.toContain('0042');
    expect(row!.parentalStatus).toBe('RESTRICTED');
    expect((await verify(app, h.token, '0042')).status).toBe(200);
    expectError(await verify(app, h.token, '42'.padStart(4, '1')), 403, 'INVALID_PIN');
  });

  it('refuses a PIN that is not four digits, a number, or an unknown status (400) and changes nothing', async () => {
    const { app } = opened;
    const h = await household();
    for (const body of [{ pin: '123', status: 'RESTRICTED' }, { pin: 1234, status: 'RESTRICTED' }, { pin: '12a4', status: 'RESTRICTED' }, { pin: '1234', status: 'LOCKED' }, {}]) {
      expectError(await setPin(app, h.token, body), 400, 'BAD_REQUEST');
    }
    expect((await call(app, 'GET', PATH, { token: h.token })).json).toEqual({ status: 'NON_RESTRICTED', pinSet: false });
  });

  it('changes the PIN only with the current one, and removes it with it', async () => {
    const { app } = opened;
    const h = await household();
    expect((await setPin(app, h.token, { pin: '1111', status: 'RESTRICTED' })).status).toBe(200);
    expectError(await setPin(app, h.token, { pin: '2222', status: 'RESTRICTED' }), 403, 'INVALID_PIN');
    expectError(await setPin(app, h.token, { pin: '2222', status: 'RESTRICTED', currentPin: '9999' }), 403, 'INVALID_PIN');
    expect((await setPin(app, h.token, { pin: '2222', status: 'NON_RESTRICTED', currentPin: '1111' })).json).toEqual({ status: 'NON_RESTRICTED', pinSet: true });
    expectError(await verify(app, h.token, '1111'), 403, 'INVALID_PIN');
    expect((await verify(app, h.token, '2222')).status).toBe(200);
    expectError(await call(app, 'POST', `${PATH}/remove`, { token: h.token, body: { pin: '1111' } }), 403, 'INVALID_PIN');
    const removed = await call(app, 'POST', `${PATH}/remove`, { token: h.token, body: { pin: '2222' } });
    expect(removed.json).toEqual({ status: 'NON_RESTRICTED', pinSet: false });
    expectError(await verify(app, h.token, '2222'), 409, 'CONFLICT');
    expect((await setPin(app, h.token, { pin: '3333', status: 'RESTRICTED' })).status).toBe(200);
  });

  it('lets a child profile check the PIN but not change or remove it (403)', async () => {
    const { app } = opened;
    const h = await household();
    await setPin(app, h.token, { pin: '1234', status: 'RESTRICTED' });
    const child = await h.profileToken({ id: randomUUID(), ageRatingLimit: 7 });
    expect((await verify(app, child, '1234')).status).toBe(200);
    const denied = expectError(await setPin(app, child, { pin: '0000', status: 'NON_RESTRICTED', currentPin: '1234' }), 403, 'FORBIDDEN');
    expect(denied.messages).toEqual(['kidProfileManagementDenied']);
    expectError(await call(app, 'POST', `${PATH}/remove`, { token: child, body: { pin: '1234' } }), 403, 'FORBIDDEN');
    expect((await verify(app, h.token, '1234')).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const { app } = opened;
    expectError(await call(app, 'GET', PATH), 401, 'UNAUTHORIZED');
    expectError(await call(app, 'POST', `${PATH}/verify`, { body: { pin: '1234' } }), 401, 'UNAUTHORIZED');
    expectError(await call(app, 'POST', `${PATH}/pin`), 401, 'UNAUTHORIZED');
  });
});

describe('the PIN throttle', () => {
  it('refuses a profile for 15 minutes after 5 wrong PINs, the right one too, and no other profile', async () => {
    const clock = fakeClock();
    const app = appWith(opened.deps, { now: clock.now });
    const h = await household(app, clock.now);
    await setPin(app, h.token, { pin: '2468', status: 'RESTRICTED' });
    const child = await h.profileToken({ id: randomUUID(), ageRatingLimit: 7 });
    const adult = await h.profileToken({ id: randomUUID() });
    for (let i = 0; i < 5; i += 1) expectError(await verify(app, child, '0000'), 403, 'INVALID_PIN');
    const refused = await verify(app, child, '2468');
    expectError(refused, 429, 'TOO_MANY_ATTEMPTS');
    expect(refused.headers.get('retry-after')).toBe('900');
    // The rest of the household keeps working: another profile, and the account's token (no pid).
    expect((await verify(app, adult, '2468')).status).toBe(200);
    expect((await verify(app, h.token, '2468')).status).toBe(200);
    clock.advance(14 * 60);
    expect((await verify(app, child, '2468')).headers.get('retry-after')).toBe('60');
    clock.advance(60);
    expect((await verify(app, child, '2468')).status).toBe(200);
    // A success starts the count over.
    for (let i = 0; i < 4; i += 1) expectError(await verify(app, child, '0000'), 403, 'INVALID_PIN');
    expect((await verify(app, child, '2468')).status).toBe(200);
  });

  it('counts a wrong current PIN when changing it', async () => {
    const clock = fakeClock();
    const app = appWith(opened.deps, { now: clock.now });
    const h = await household(app, clock.now);
    await setPin(app, h.token, { pin: '1357', status: 'RESTRICTED' });
    for (let i = 0; i < 5; i += 1) expectError(await setPin(app, h.token, { pin: '0000', status: 'RESTRICTED', currentPin: '9999' }), 403, 'INVALID_PIN');
    expectError(await setPin(app, h.token, { pin: '0000', status: 'RESTRICTED', currentPin: '1357' }), 429, 'TOO_MANY_ATTEMPTS');
    expectError(await verify(app, h.token, '1357'), 429, 'TOO_MANY_ATTEMPTS');
  });
});

describe('the PIN reset by email', () => {
  /** The newest PIN-reset email's code (its link is `<web>/confirm-reset/<code>`). */
  async function emailedCode(app: App, email: string): Promise<string> {
    for (let i = 0; i < 100; i += 1) {
      const res = await call(app, 'GET', `/_sandbox/outbox?to=${encodeURIComponent(email)}`);
      const message = (res.json.messages as { kind: string; link: string }[]).find((m) => m.kind === 'pinReset');
      if (message) {
        const url = new URL(message.link);
        expect(url.pathname).toMatch(/^\/confirm-reset\/[A-Za-z0-9_-]+$/);
        return decodeURIComponent(url.pathname.split('/')[2]!);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`No PIN-reset email to ${email}`);
  }

  it('emails a code that clears the PIN once, so that a new one can be set', async () => {
    const { app } = opened;
    const h = await household();
    await setPin(app, h.token, { pin: '8642', status: 'RESTRICTED' });
    const asked = await call(app, 'POST', `${PATH}/pin`, { token: h.token });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    expect(asked.json).toEqual({});
    const code = await emailedCode(app, h.email);
    // The code is the credential: no session needed.
    expect((await call(app, 'POST', `${PATH}/pin`, { body: { resetCode: code } })).status).toBe(200);
    expect((await call(app, 'GET', PATH, { token: h.token })).json).toEqual({ status: 'NON_RESTRICTED', pinSet: false });
    const again = expectError(await call(app, 'POST', `${PATH}/pin`, { body: { resetCode: code } }), 404, 'NOT_FOUND');
    expect(again.messages).toEqual(['invalidPinResetCode']);
    expect((await setPin(app, h.token, { pin: '1234', status: 'RESTRICTED' })).status).toBe(200);
  });

  it('refuses a code after 15 minutes on the sandbox clock, and an unknown one', async () => {
    const { app } = opened;
    const h = await household();
    await setPin(app, h.token, { pin: '8642', status: 'RESTRICTED' });
    await call(app, 'POST', `${PATH}/pin`, { token: h.token });
    const code = await emailedCode(app, h.email);
    expect((await call(app, 'POST', '/_sandbox/clock', { body: { now: new Date(Date.now() + 15 * 60_000 + 1000).toISOString() } })).status).toBe(200);
    try {
      expectError(await call(app, 'POST', `${PATH}/pin`, { body: { resetCode: code } }), 404, 'NOT_FOUND');
    } finally {
      await call(app, 'POST', '/_sandbox/clock', { body: { now: null } });
    }
    expectError(await call(app, 'POST', `${PATH}/pin`, { body: { resetCode: 'not-a-code' } }), 404, 'NOT_FOUND');
    expectError(await call(app, 'POST', `${PATH}/pin`, { body: { resetCode: '' } }), 400, 'BAD_REQUEST');
    expect((await call(app, 'GET', PATH, { token: h.token })).json).toEqual({ status: 'RESTRICTED', pinSet: true });
  });
});
