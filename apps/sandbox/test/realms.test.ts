/**
 * The seeded realms (docs/sandbox.md "Realms"): each answers its own sign-in settings with its own
 * API key, and self-registration off refuses `POST /user` (identity-and-routes.md §6).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { realmSettingsSchema } from '@stream/core/contracts';
import { CLOSED_REALM, FULL_REALM, SEED_REALMS, SINGLE_PROVIDER_REALM } from '../src/seed/realms.js';
import { call, inProcessAppForFile } from './helpers.js';

const sandbox = inProcessAppForFile();

const realmHeaders = (realm: { name: string; apiKey: string }) => ({ realm: realm.name, 'x-api-key': realm.apiKey });

describe('seeded realms', () => {
  it('each realm answers its settings, valid by the contract', async () => {
    for (const realm of SEED_REALMS) {
      const res = await call(sandbox.app, 'GET', '/api/v2/realm/settings', { noRealm: true, headers: realmHeaders(realm) });
      expect(res.status).toBe(200);
      expect(realmSettingsSchema.safeParse(res.json).success).toBe(true);
      expect(res.json).toEqual(realm.settings);
    }
  });

  it('the full realm lists ID first; the single realm one external provider; the closed realm no self-registration', async () => {
    expect(FULL_REALM.settings.authProviders[0]).toEqual({ name: 'ID' });
    expect(SINGLE_PROVIDER_REALM.settings.authProviders).toHaveLength(1);
    expect(SINGLE_PROVIDER_REALM.settings.magicLink).toBe(false);
    expect(CLOSED_REALM.settings.selfRegistration).toBe(false);
  });

  it("a realm's key does not open another realm", async () => {
    const res = await call(sandbox.app, 'GET', '/api/v2/realm/settings', {
      noRealm: true,
      headers: { realm: CLOSED_REALM.name, 'x-api-key': FULL_REALM.apiKey },
    });
    expect(res.status).toBe(403);
  });

  it('self-registration off: POST /user answers 403 selfRegistrationDisabled and creates nothing', async () => {
    const email = `closed-${randomUUID()}@stream.test`;
    const body = { id: email, secret: 'a-good-password', name: 'Closed Realm' };
    const refused = await call(sandbox.app, 'POST', '/api/v2/user', { body, noRealm: true, headers: realmHeaders(CLOSED_REALM) });
    expect(refused.status).toBe(403);
    expect(refused.json.messages).toEqual(['selfRegistrationDisabled']);
    // Nothing was created: the same email can still sign up where the realm allows it.
    const created = await call(sandbox.app, 'POST', '/api/v2/user', { body });
    expect(created.status).toBe(201);
  });
});
