import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelsResponseSchema, platformErrorSchema } from '@stream/core/contracts';
import { createApp } from '../src/index.js';
import { loadLabels, parseAcceptLanguage, selectLocale } from '../src/labels.js';
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

  it('selects by preference with core pickLocale: exact, then same language, `*` or nothing known gives the default, en-us is en', () => {
    const locales = ['en', 'es', 'pt-br'];
    const choices: [string, string][] = [
      ['es-MX', 'es'],
      ['pt', 'pt-br'],
      ['fr, es;q=0.2', 'es'],
      ['fr', 'en'],
      ['*', 'en'],
      ['fr, *, es', 'en'],
      ['es;q=0.5, en-US', 'en'],
    ];
    for (const [header, locale] of choices) expect(selectLocale(header, locales, 'en'), header).toBe(locale);
    expect(selectLocale('fr', locales, 'en-US')).toBe('en');
  });
});

describe('loadLabels: per-area sub-directories', () => {
  /** Writes `files` (relative path → content; objects as JSON) into a new temporary directory. */
  async function labelDir(files: Record<string, unknown>): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'sandbox-labels-'));
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return dir;
  }
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('merges <area>/<locale>.json into the top-level locale; a key defined twice keeps the first and warns', async () => {
    const dir = await labelDir({
      'en.json': { signIn: 'Sign in', shared: 'top' },
      'es.json': { signIn: 'Iniciar sesión' },
      'checkout/en.json': { payNow: 'Pay now', shared: 'checkout' },
      'checkout/es.json': { payNow: 'Pagar ahora' },
      'journey/en.json': { payNow: 'Pay (journey)', chooseAPlan: 'Choose a plan' },
    });
    dirs.push(dir);
    const warnings: string[] = [];
    const catalog = await loadLabels(dir, 'en', (message) => warnings.push(message));
    expect(catalog.locales).toEqual(['en', 'es']);
    expect(catalog.texts.en).toEqual({ signIn: 'Sign in', shared: 'top', payNow: 'Pay now', chooseAPlan: 'Choose a plan' });
    expect(catalog.texts.es).toEqual({ signIn: 'Iniciar sesión', payNow: 'Pagar ahora' });
    // Top-level files first, then the sub-directories in name order: the first definition wins.
    expect(warnings).toHaveLength(2);
    expect(warnings.find((w) => w.includes('"shared"'))).toContain(path.join('checkout', 'en.json'));
    expect(warnings.find((w) => w.includes('"payNow"'))).toContain(path.join('journey', 'en.json'));
    expect(warnings.every((w) => w.includes('defined twice, first kept'))).toBe(true);
  });

  it('skips a broken sub-directory file and a locale with no top-level file, with a warning for the broken one', async () => {
    const dir = await labelDir({
      'en.json': { signIn: 'Sign in' },
      'billing/en.json': '{ not json',
      'billing/fr.json': { payNow: 'Payer' },
      'billing/notes.txt': 'ignored',
      'payments/en.json': { receipt: 'Receipt', bad: 42 },
    });
    dirs.push(dir);
    const warnings: string[] = [];
    const catalog = await loadLabels(dir, 'en', (message) => warnings.push(message));
    expect(catalog.locales).toEqual(['en']);
    expect(catalog.texts.en).toEqual({ signIn: 'Sign in', receipt: 'Receipt' });
    expect(warnings.some((w) => w.includes(path.join('billing', 'en.json')) && w.includes('skipped'))).toBe(true);
    expect(warnings.some((w) => w.includes('"bad" is not a string'))).toBe(true);
  });

  it('loads en-us.json as en, merged with en.json (the authoring locale, commerce §9)', async () => {
    const dir = await labelDir({
      'en.json': { signIn: 'Sign in' },
      'en-us.json': { signOut: 'Sign out', signIn: 'Sign in (US)' },
      'es.json': { signIn: 'Iniciar sesión' },
      'checkout/en-US.json': { payNow: 'Pay now' },
    });
    dirs.push(dir);
    const warnings: string[] = [];
    const catalog = await loadLabels(dir, 'en', (message) => warnings.push(message));
    expect(catalog.locales).toEqual(['en', 'es']);
    expect(catalog.texts.en).toEqual({ signIn: 'Sign in (US)', signOut: 'Sign out', payNow: 'Pay now' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"signIn" is defined twice');
  });

  it('still requires the default locale top-level file (a sub-directory one is not enough)', async () => {
    const dir = await labelDir({ 'es.json': { signIn: 'Iniciar sesión' }, 'checkout/en.json': { payNow: 'Pay now' } });
    dirs.push(dir);
    await expect(loadLabels(dir, 'en', () => {})).rejects.toThrow(/en\.json missing/);
  });

  it('the seeded label directory loads every area without a duplicate key', async () => {
    const warnings: string[] = [];
    const catalog = await loadLabels(path.resolve(import.meta.dirname, '../src/seed/labels'), 'en', (message) => warnings.push(message));
    expect(warnings).toEqual([]);
    expect(catalog.locales).toEqual(expect.arrayContaining(['en', 'es', 'pt', 'ar']));
  });
});
