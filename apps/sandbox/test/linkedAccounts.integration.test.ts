/**
 * The linked accounts an ID sign-in answers and the linked-accounts calls list, with the
 * TV-operator link of an Adobe sign-in (identity-and-routes.md §3 "Login response …
 * linkedAccounts", §4 "Adobe flows: a linked Adobe account found at login lets the user continue
 * with unlink allowed"; `src/auth/linkedAccounts.ts`). The link is arranged as the Adobe sign-in
 * records it (an `openid_identities` row named `adobe:<mvpdId>`); the Adobe round trip itself is
 * in `adobe.integration.test.ts` and `e2e/tv.spec.ts`.
 */
import { describe, expect, it } from 'vitest';
import { calls } from '@stream/core/contracts';
import { openIdIdentities } from '../src/db/schema.js';
import { call, decodeClaims, inProcessAppForFile } from './helpers.js';

const sandbox = inProcessAppForFile();
const TV_REALM_HEADERS = { realm: 'stream-tv', 'x-api-key': 'sandbox-api-key-tv' };

let counter = 0;
/** A fresh ID account: its email, id and the sign-up tokens. */
async function signUp(): Promise<{ email: string; userId: string; token: string }> {
  counter += 1;
  const email = `linked.${counter}.${Date.now()}@example.test`;
  const res = await call(sandbox.app, 'POST', '/api/v2/user', { body: { id: email, secret: 'long-password', name: 'Linked Viewer' } });
  expect(res.status).toBe(201);
  return { email, userId: String(decodeClaims(res.json.authorisationToken).sub), token: res.json.authorisationToken };
}

async function login(email: string, headers?: Record<string, string>) {
  const res = await call(sandbox.app, 'POST', '/api/v2/login', { body: { id: email, secret: 'long-password' }, ...(headers ? { headers } : {}) });
  expect(res.status).toBe(200);
  return calls.auth.login.response.parse(res.json);
}

describe('linked accounts at login', () => {
  it('an account without links signs in without linkedAccounts', async () => {
    const viewer = await signUp();
    const answer = await login(viewer.email);
    expect(answer.linkedAccounts).toBeUndefined();
    expect(answer.authorisationToken).toEqual(expect.any(String));
  });

  it('a TV-operator link is listed at login under the realm\'s TV provider kind, listed by GET, and unlinked by DELETE of that kind', async () => {
    const viewer = await signUp();
    await sandbox.deps.db.insert(openIdIdentities).values([
      { clientName: 'adobe:northwind', subject: `nw-${viewer.userId}`, userId: viewer.userId },
      { clientName: 'adobe:bluewave', subject: `bw-${viewer.userId}`, userId: viewer.userId },
    ]);

    // One entry however many operators: the full realm and stream-tv both list ADOBE_DCR first.
    expect((await login(viewer.email)).linkedAccounts).toEqual([{ provider: 'ADOBE_DCR', linkedAt: expect.any(String) }]);
    expect((await login(viewer.email, TV_REALM_HEADERS)).linkedAccounts?.map((entry) => entry.provider)).toEqual(['ADOBE_DCR']);
    const listed = await call(sandbox.app, 'GET', '/api/v2/user/linked-accounts', { token: viewer.token });
    expect(listed.json.linkedAccounts.map((entry: { provider: string }) => entry.provider)).toEqual(['ADOBE_DCR']);

    const unlinked = await call(sandbox.app, 'DELETE', '/api/v2/user/linked-accounts/ADOBE_DCR', { token: viewer.token });
    expect(unlinked).toMatchObject({ status: 200, json: { linkedAccounts: [] } });
    expect((await login(viewer.email)).linkedAccounts).toBeUndefined();
    // Unlinking again: nothing is linked any more.
    const again = await call(sandbox.app, 'DELETE', '/api/v2/user/linked-accounts/ADOBE', { token: viewer.token });
    expect(again.status).toBe(404);
    expect(again.json.messages[0]).toBe('notLinked');
  });

  it("unlinking the TV provider leaves other accounts' links alone, and needs a session", async () => {
    const [a, b] = [await signUp(), await signUp()];
    await sandbox.deps.db.insert(openIdIdentities).values([
      { clientName: 'adobe:skyline', subject: `sk-${a.userId}`, userId: a.userId },
      { clientName: 'adobe:skyline', subject: `sk-${b.userId}`, userId: b.userId },
    ]);
    expect((await call(sandbox.app, 'DELETE', '/api/v2/user/linked-accounts/ADOBE')).status).toBe(401);
    expect((await call(sandbox.app, 'DELETE', '/api/v2/user/linked-accounts/ADOBE', { token: a.token })).status).toBe(200);
    expect((await login(a.email)).linkedAccounts).toBeUndefined();
    expect((await login(b.email)).linkedAccounts?.map((entry) => entry.provider)).toEqual(['ADOBE_DCR']);
  });
});
