/**
 * Preferences (`calls.preferences`; commerce-and-account-data.md §3 "Preferences", §7; docs/api.md
 * "Profiles and preferences") against a seeded in-memory sandbox, in process: the defaults
 * (autoAdvance and muted true), a partial PUT merges, a bad value or an unknown field is 400 and
 * changes nothing, each profile has its own (the session's `pid`, else the first adult profile),
 * a child's session changes its own; and the typed client's `preferences` area end to end.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@stream/core/api';
import { loginResponseSchema, preferencesSchema, profileSchema } from '@stream/core/contracts';
import { DEFAULT_PREFERENCES } from '@stream/core/domain';
import { memoryStorage, STORAGE_KEYS } from '@stream/core/platform';
import { call, expectError, inProcessAppForFile, REALM_HEADERS } from './helpers.js';

const opened = inProcessAppForFile();

async function signUp() {
  const email = `prefs-${randomUUID()}@stream.test`;
  const res = await call(opened.app, 'POST', '/api/v2/user', { body: { id: email, secret: 'prefs-password', name: 'Prefs' } });
  expect(res.status).toBe(201);
  return loginResponseSchema.parse(res.json).authorisationToken;
}

async function read(token: string) {
  const res = await call(opened.app, 'GET', '/api/v2/user/preferences', { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return preferencesSchema.parse(res.json);
}

async function put(token: string, body: unknown) {
  return call(opened.app, 'PUT', '/api/v2/user/preferences', { token, body });
}

describe('preferences', () => {
  it('answers the defaults for a new profile: autoAdvance and muted true, subtitles off', async () => {
    const prefs = await read(await signUp());
    expect(prefs).toEqual({ ...DEFAULT_PREFERENCES });
    expect(prefs).toMatchObject({ autoAdvance: true, muted: true, subTitleLanguage: 'off', language: null });
  });

  it('a partial PUT merges into what is stored and answers the whole', async () => {
    const token = await signUp();
    const first = await put(token, { subTitleLanguage: 'es', autoAdvance: false });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toEqual({ ...DEFAULT_PREFERENCES, subTitleLanguage: 'es', autoAdvance: false });
    const second = await put(token, { language: 'pt-BR', audioLanguage: 'en', pluginAccessTokens: { chat: 'abc' } });
    expect(second.json).toEqual({
      ...DEFAULT_PREFERENCES,
      subTitleLanguage: 'es',
      autoAdvance: false,
      language: 'pt-BR',
      audioLanguage: 'en',
      pluginAccessTokens: { chat: 'abc' },
    });
    expect(await read(token)).toEqual(second.json);
    // null resets a language; pluginAccessTokens are replaced whole.
    const third = await put(token, { language: null, pluginAccessTokens: {} });
    expect(third.json).toMatchObject({ language: null, pluginAccessTokens: {}, subTitleLanguage: 'es' });
    expect((await put(token, {})).json).toEqual(third.json);
  });

  it('a bad value or an unknown field is 400 and changes nothing', async () => {
    const token = await signUp();
    await put(token, { subTitleLanguage: 'ar', muted: false });
    const before = await read(token);
    for (const body of [
      { muted: 'yes' },
      { autoAdvance: null },
      { subTitleLanguage: 'english please' },
      { subTitleLanguage: '' },
      { language: 'e' },
      { audioLanguage: 42 },
      { subTitleLanguage: 'en', colour: 'blue' },
      { pluginAccessTokens: { 'bad name': 'x' } },
      { pluginAccessTokens: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, 'x'])) },
      { muted: true, autoAdvance: 'no' },
      [],
      'off',
    ]) {
      expectError(await put(token, body), 400, 'BAD_REQUEST');
    }
    const raw = await call(opened.app, 'PUT', '/api/v2/user/preferences', { token, rawBody: '{"muted":' });
    expect(raw.status).toBe(400);
    expect(await read(token)).toEqual(before);
  });

  it('each profile has its own; a child profile\'s session changes its own', async () => {
    const token = await signUp();
    await put(token, { subTitleLanguage: 'en' });
    const created = await call(opened.app, 'POST', '/api/v2/profiles', { token, body: { name: 'Kid', type: 'CHILD' } });
    const child = profileSchema.parse(created.json);
    const kid = loginResponseSchema.parse((await call(opened.app, 'POST', `/api/v2/profiles/${child.id}/select`, { token, body: {} })).json).authorisationToken;
    expect(await read(kid)).toEqual({ ...DEFAULT_PREFERENCES });
    expect((await put(kid, { subTitleLanguage: 'ar', autoAdvance: false })).status).toBe(200);
    expect(await read(kid)).toMatchObject({ subTitleLanguage: 'ar', autoAdvance: false });
    // The adult's (the token without a profile: the first adult's) are untouched.
    expect(await read(token)).toEqual({ ...DEFAULT_PREFERENCES, subTitleLanguage: 'en' });
  });

  it('401 without a session', async () => {
    expectError(await call(opened.app, 'GET', '/api/v2/user/preferences'), 401, 'UNAUTHORIZED');
    expectError(await put('', { muted: false }), 401, 'UNAUTHORIZED');
  });

  it('the typed client reads and saves them (api.preferences)', async () => {
    const token = await signUp();
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.authToken, token);
    const api = createApiClient({
      baseUrl: 'http://sandbox.test',
      realm: REALM_HEADERS.realm,
      apiKey: REALM_HEADERS['x-api-key'],
      storage,
      locale: 'en',
      fetch: async (input, init) => opened.app.request(String(input).replace('http://sandbox.test', ''), init),
    });
    expect(await api.preferences.get()).toEqual({ ...DEFAULT_PREFERENCES });
    expect(await api.preferences.update({ body: { videoBackgroundAutoPlay: false } })).toMatchObject({ videoBackgroundAutoPlay: false, muted: true });
    const list = await api.profiles.list();
    expect(list.items).toHaveLength(1);
  });
});
