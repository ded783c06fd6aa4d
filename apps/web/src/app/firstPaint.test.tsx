// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LabelsResponse } from '@stream/core/contracts';
// The web server's module (plain JavaScript, scripts/first-paint.mjs): its markup must be the frame's.
import {
  createFirstPaintSource,
  FIRST_PAINT_ELEMENT_ID as SERVER_ELEMENT_ID,
  firstLoadKeys,
  primaryLanguage,
  withFirstPaint,
} from '../../../../scripts/first-paint.mjs';
import { FIRST_PAINT_ELEMENT_ID, readFirstPaint } from './firstPaint';
import { renderFrame } from './renderFrame';
import { homeSectionFixture } from './testServices';

const LABELS: LabelsResponse = {
  default_locale: 'en',
  selected_locale: 'es',
  translations: { signIn: 'Iniciar sesión', loginSubtitle: 'Mira <todo> & más', signUp: 'Regístrate' },
  locales: ['en', 'es'],
};

/** The labels-by-keys answer whose flattened form is {@link LABELS}. */
const BY_KEYS = { default_locale: 'en', selected_locale: 'es', translations: { es: LABELS.translations, en: { signIn: 'Sign in' } }, locales: ['en', 'es'] };

const page = (kind: 'auth' | 'home', markup = renderFrame(kind)) =>
  `<!doctype html>\n<html lang="en" dir="ltr">\n  <head></head>\n  <body>\n    <div id="root">${markup}</div>\n  </body>\n</html>`;

/**
 * The DOM of a page's `#root`, serialized by the browser: markup that parses to the same nodes
 * compares equal (the build renders with react-dom/server, these tests with Preact's renderer,
 * which write `alt=""` and `>` differently).
 */
function rootOf(html: string): string {
  const container = document.createElement('template');
  container.innerHTML = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>')).replace(/<script[\s\S]*$/, '');
  return container.innerHTML.trim();
}

/** A document holding `html`'s data block, for readFirstPaint. */
function documentOf(html: string): Pick<Document, 'getElementById'> {
  const match = /<script type="application\/json" id="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
  return { getElementById: (id: string) => (match && match[1] === id ? ({ textContent: match[2] } as HTMLElement) : null) };
}

describe('the first-paint content of the web server', () => {
  it('is the markup the app renders for the frame with that text', () => {
    const text = { title: 'Iniciar sesión', subtitle: 'Mira <todo> & más' };
    const html = withFirstPaint(page('auth'), { language: 'es-ES', labels: LABELS, text });
    expect(rootOf(html)).toBe(rootOf(page('auth', renderFrame('auth', { text }))));
    expect(html).toContain('<html data-first-paint-language="es-ES" lang="en"');
  });

  it("is the markup the app renders for the home frame with that hero artwork (srcset and sizes)", () => {
    for (const template of ['http://platform.test/artwork/hero/a/{width}', 'https://cdn.test/b"c.jpg?w={width}&h=9']) {
      const media = [template];
      const html = withFirstPaint(page('home'), { language: 'en', labels: LABELS, media });
      expect(html).toMatch(/srcset=/i);
      expect(rootOf(html)).toBe(rootOf(page('home', renderFrame('home', { media }))));
    }
  });

  it('hands the app the labels of its language only, checked with their contract', () => {
    expect(FIRST_PAINT_ELEMENT_ID).toBe(SERVER_ELEMENT_ID);
    const html = withFirstPaint(page('home'), { language: 'es-ES', labels: LABELS, media: ['/a.svg', '/b.svg', '/c.svg'] });
    expect(readFirstPaint(documentOf(html), 'es-es')).toEqual({ labels: LABELS, media: ['/a.svg', '/b.svg', '/c.svg'] });
    // A visitor who chose another language in the app loads its labels.
    expect(readFirstPaint(documentOf(html), 'ar')).toEqual({ labels: null, media: null });
    // Labels that break the contract are not used.
    const broken = withFirstPaint(page('auth'), { language: 'en', labels: { translations: 'none' } });
    expect(readFirstPaint(documentOf(broken), 'en').labels).toBeNull();
    expect(readFirstPaint(documentOf('<p>no block</p>'), 'en')).toEqual({ labels: null, media: null });
  });

  it('cannot be closed early by text holding a closing tag', () => {
    const labels = { ...LABELS, translations: { evil: '</script><script>alert(1)</script>' } };
    const html = withFirstPaint(page('auth'), { language: 'en', labels });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(readFirstPaint(documentOf(html), 'en').labels?.translations.evil).toBe('</script><script>alert(1)</script>');
  });

  it('takes the first language of Accept-Language, and nothing that is not a language tag', () => {
    expect(primaryLanguage('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(primaryLanguage('ar')).toBe('ar');
    expect(primaryLanguage('en-US,en;q=0.9')).toBe('en');
    expect(primaryLanguage(undefined)).toBeNull();
    expect(primaryLanguage('*')).toBeNull();
    expect(primaryLanguage('en"><script>')).toBeNull();
  });
});

describe('the first-paint source', () => {
  const config = { apiBaseUrl: 'http://platform.test', realm: 'stream', apiKey: 'key' };
  const HOME = homeSectionFixture('http://platform.test', 'a', 'b');
  function platform(answers: Record<string, unknown>) {
    const requests: { url: string; language: string | null; body?: unknown }[] = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      requests.push({ url, language: new Headers(init?.headers).get('accept-language'), ...(init?.body ? { body: JSON.parse(String(init.body)) as unknown } : {}) });
      const path = new URL(url).pathname;
      const body = answers[path];
      return new Response(JSON.stringify(body ?? { code: 'NOT_FOUND' }), { status: body === undefined ? 404 : 200 });
    }) as typeof fetch;
    return { requests, fetchImpl };
  }

  it("gives the login page its title and subtitle in the requested language, asking only for the shell's and the page's keys, and reuses the answer", async () => {
    const { requests, fetchImpl } = platform({ '/api/v2/labels': BY_KEYS });
    const source = createFirstPaintSource(config, fetchImpl);
    const content = await source.contentFor('/login', 'es-ES,es;q=0.9');
    expect(content).toMatchObject({ language: 'es-ES', labels: LABELS, text: { title: 'Iniciar sesión', subtitle: 'Mira <todo> & más' } });
    expect(requests).toEqual([{ url: 'http://platform.test/api/v2/labels', language: 'es-ES', body: { keys: firstLoadKeys('/login').keys } }]);
    const sets = JSON.parse(readFileSync(`${dirname(fileURLToPath(import.meta.url))}/labelSets.json`, 'utf8')) as { shell: string[]; pages: Record<string, string[]> };
    expect(firstLoadKeys('/login').keys.sort()).toEqual([...new Set([...sets.shell, ...sets.pages.LoginPage!])].sort());
    expect(firstLoadKeys('/login').keys).not.toContain('yourAccount');
    // The same page module (GIFT_LOGIN is the LoginPage): the same answer.
    await source.contentFor('/login', 'es-ES');
    expect(requests).toHaveLength(1);
  });

  it("gives the home page its hero's artwork: the first item of the home section's HERO rail", async () => {
    const { fetchImpl, requests } = platform({ '/api/v2/labels': BY_KEYS, '/api/v2/sections/home': HOME });
    const content = await createFirstPaintSource(config, fetchImpl).contentFor('/home', 'en');
    expect(content?.media).toEqual(['http://platform.test/artwork/hero/a/{width}']);
    expect(content?.text).toBeUndefined();
    expect(requests.map((r) => r.url)).toContain('http://platform.test/api/v2/sections/home?rpp=1&itemsRpp=1');
  });

  it('gives the home page no image when its section has no hero', async () => {
    const { fetchImpl } = platform({ '/api/v2/labels': BY_KEYS, '/api/v2/sections/home': { ...HOME, rails: [] } });
    const content = await createFirstPaintSource(config, fetchImpl).contentFor('/home', 'en');
    expect(content?.media).toBeUndefined();
  });

  it('gives nothing when the platform fails, answers outside the contract, or no language is asked for', async () => {
    expect(await createFirstPaintSource(config, platform({}).fetchImpl).contentFor('/login', 'en')).toBeNull();
    const malformed = platform({ '/api/v2/labels': { translations: [] } });
    expect(await createFirstPaintSource(config, malformed.fetchImpl).contentFor('/login', 'en')).toBeNull();
    const fine = platform({ '/api/v2/labels': BY_KEYS });
    expect(await createFirstPaintSource(config, fine.fetchImpl).contentFor('/login', undefined)).toBeNull();
    expect(fine.requests).toHaveLength(0);
  });
});
