import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelsResponseSchema, platformErrorSchema } from '@stream/core/contracts';
import { createApp } from '../src/index.js';
import { parseAcceptLanguage, selectLocale } from '../src/labels.js';
import { call, memoryDeps } from './helpers.js';

let app: ReturnType<typeof createApp>;
let closeDb: () => Promise<void>;
let available: string[];

beforeAll(async () => {
  const opened = await memoryDeps();
  closeDb = opened.close;
  available = opened.deps.labels.locales;
  app = createApp(opened.deps);
});
afterAll(async () => {
  await closeDb?.();
});

const labels = (acceptLanguage?: string, query = '?realm=stream') =>
  call(app, 'GET', `/api/v2/label${query}`, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });

describe('GET /api/v2/label', () => {
  it('answers English by default, with the available locales', async () => {
    const res = await labels();
    expect(res.status).toBe(200);
    const body = labelsResponseSchema.parse(res.json);
    expect(body).toMatchObject({ default_locale: 'en', selected_locale: 'en' });
    expect(body.locales?.[0]).toBe('en');
    expect(body.translations.signIn).toBeTypeOf('string');
  });

  it('picks es for Accept-Language es, filling missing keys from en', async () => {
    expect(available).toContain('es');
    const en = labelsResponseSchema.parse((await labels('en')).json);
    const es = labelsResponseSchema.parse((await labels('es-ES,es;q=0.9,en;q=0.8')).json);
    expect(es.selected_locale).toBe('es');
    expect(Object.keys(es.translations).sort()).toEqual(expect.arrayContaining(Object.keys(en.translations)));
  });

  it('falls back to en for an unknown language', async () => {
    const body = labelsResponseSchema.parse((await labels('zz-ZZ, xx;q=0.5')).json);
    expect(body.selected_locale).toBe('en');
  });

  it('takes the realm from the query when the Realm header is missing', async () => {
    const res = await call(app, 'GET', '/api/v2/label?realm=stream', { noRealm: true, headers: { 'x-api-key': 'sandbox-api-key' } });
    expect(res.status).toBe(200);
  });

  it('answers 400 without the realm query and 403 for an unknown realm', async () => {
    const missing = await labels(undefined, '');
    expect(missing.status).toBe(400);
    expect(platformErrorSchema.parse(missing.json).code).toBe('BAD_REQUEST');
    const unknown = await call(app, 'GET', '/api/v2/label?realm=other', { noRealm: true, headers: { 'x-api-key': 'sandbox-api-key' } });
    expect(unknown.status).toBe(403);
  });
});

describe('Accept-Language', () => {
  it('orders ranges by q-value, keeping header order for ties, dropping q=0 and junk', () => {
    expect(parseAcceptLanguage('en;q=0.5, es-ES, pt;q=0.8, ar;q=0, ;;, *;q=0.1')).toEqual(['es-es', 'pt', 'en', '*']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('selects exact, then primary-language matches, else the default', () => {
    const locales = ['en', 'es', 'pt-br'];
    expect(selectLocale('es-MX', locales, 'en')).toBe('es');
    expect(selectLocale('pt', locales, 'en')).toBe('pt-br');
    expect(selectLocale('fr, es;q=0.2', locales, 'en')).toBe('es');
    expect(selectLocale('fr', locales, 'en')).toBe('en');
    expect(selectLocale('*', locales, 'en')).toBe('en');
  });
});
