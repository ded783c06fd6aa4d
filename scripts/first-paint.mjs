// What the web server (scripts/serve-web.mjs) adds to the prerendered HTML of a public route at
// request time, so that the page's largest element paints with the HTML instead of after the app's
// JavaScript (issue 13 "LCP of /login and /home ≤ 1.0 s"):
// - the labels of the visitor's language that the page's first load needs (`POST /api/v2/labels
//   { keys }`, the platform's public labels-by-keys call, in the language of the request's
//   `Accept-Language`): the keys of the shell and of the route's page from the app's key sets
//   (apps/web/src/app/labelSets.json, scripts/label-keys.mjs), as a JSON data block the app starts
//   with (apps/web/src/app/firstPaint.ts) instead of requesting them again;
// - on LOGIN, the login card's heading and subtitle in that language, in place of their placeholders;
// - on HOME and ROOT, the hero artwork of the home section's first item (`GET /api/v2/sections/home`,
//   public: the first item of its HERO rail) with its `srcset` and `sizes`, in place of its placeholder.
// The markup is the app's own frame (apps/web/src/app/Frame.tsx) with that content; a test holds the
// two to the same markup (apps/web/src/app/firstPaint.test.ts). The platform's answers are checked
// with their contracts; anything missing, slow (over FIRST_PAINT_TIMEOUT_MS) or malformed leaves the
// page as it was built, and the app loads what it needs itself.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { labelsByKeysResponseSchema, labelsResponseSchema, sectionSchema } from '@stream/core/contracts';
import { authoringLocale, flattenLabelsByLocale, IMAGE_WIDTHS, imageSrcSet, imageUrl, loginPageTitleKey, matchRouteAnyLocale } from '@stream/core/domain';

/** The id of the JSON data block (`<script type="application/json">`, never executed). */
export const FIRST_PAINT_ELEMENT_ID = 'stream-first-paint';
/** How long an answer of the platform is reused, in milliseconds. */
export const FIRST_PAINT_TTL_MS = 30_000;
/** How long the server waits for the platform before it sends the page without content, in milliseconds. */
export const FIRST_PAINT_TIMEOUT_MS = 400;
/** The app's key sets (`{ shell, pages: { [pageModule]: keys } }`, scripts/label-keys.mjs --write). */
const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/src/app');
const LABEL_SETS = JSON.parse(readFileSync(join(APP_DIR, 'labelSets.json'), 'utf8'));
/**
 * The page module of each route key, from the app's plain-data table (apps/web/src/app/routePages.ts:
 * one `KEY: 'PageModule',` line each).
 */
const ROUTE_PAGES = Object.fromEntries(
  [...readFileSync(join(APP_DIR, 'routePages.ts'), 'utf8').matchAll(/^\s+([A-Z_]+): '(\w+)',$/gm)].map((m) => [m[1], m[2]]),
);

/**
 * The page module of `pathname` (any locale's route set) and the label keys its first load needs:
 * the shell's and the page's (apps/web/src/app/labelSets.ts `firstLoadLabelKeys`, the same rule).
 * @param {string} pathname
 * @returns {{ page: string, keys: string[] }}
 */
export function firstLoadKeys(pathname, sets = LABEL_SETS) {
  const key = matchRouteAnyLocale(pathname)?.key;
  const page = (key && ROUTE_PAGES[key]) || '';
  return { page, keys: [...new Set([...sets.shell, ...((page && sets.pages[page]) || [])])] };
}

/** Languages whose answers are kept at once (the header is the visitor's: bounded). */
const MAX_CACHED = 64;
/** How wide the home hero is shown (`sizes`), as the app's frame and page draw it (apps/web/src/app/Frame.tsx HERO_SIZES). */
const HERO_SIZES = '(max-width: 1200px) 100vw, 1200px';

/**
 * The language a browser asks for first: the first tag of `Accept-Language` (`'pt-BR,pt;q=0.9'`
 * → `'pt-BR'`), the tag `navigator.language` also gives, read as the app reads it (`en-US` is
 * `en`: core's `authoringLocale`, commerce §9); null when absent or not a language tag.
 * @param {string | undefined} header
 * @returns {string | null}
 */
export function primaryLanguage(header) {
  const tag = (header ?? '').split(',')[0]?.split(';')[0]?.trim() ?? '';
  return tag.length <= 35 && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(tag) ? authoringLocale(tag) : null;
}

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text) => escapeText(text).replace(/"/g, '&quot;');
// Empty `alt`, as react-dom/server writes it in the build (the thumbnails are decorative, as in the frame).

/**
 * The address of a platform image, as the app resolves it (apps/web/src/app/mediaUrl.ts): a path
 * is resolved against `apiBaseUrl`; an absolute http(s) URL is kept; anything else is dropped.
 */
function mediaUrl(raw, apiBaseUrl) {
  if (typeof raw !== 'string' || raw === '') return undefined;
  if (raw.startsWith('/') && !raw.startsWith('//')) return `${apiBaseUrl}${raw}`;
  return /^https?:\/\//i.test(raw) ? raw : undefined;
}

/**
 * @typedef {{ title: string, subtitle: string }} FrameText
 * @typedef {{ language: string, labels: unknown, text?: FrameText, media?: string[] }} FirstPaint
 */

/**
 * Puts `content` into a prerendered page: the login card's text in place of its heading and
 * subtitle placeholders, the thumbnails in place of the first media placeholders, `<html
 * data-first-paint-language>` (the boot script hides the text when the visitor chose another
 * language in the app) and the data block before `</body>`. Each part is left out where its
 * placeholder is not in `html`. Pure: the same markup as the app's frame renders with that content.
 * @param {string} html the prerendered page
 * @param {FirstPaint} content
 * @returns {string}
 */
export function withFirstPaint(html, content) {
  let out = html;
  if (content.text) {
    out = out.replace(
      '<div class="skeleton skeleton--heading"></div><div class="skeleton skeleton--text"></div>',
      () => `<h1>${escapeText(content.text.title)}</h1><p class="auth-card__subtitle">${escapeText(content.text.subtitle)}</p>`,
    );
  }
  const hero = content.media?.[0];
  if (hero) {
    const srcSet = imageSrcSet(hero);
    const sources = srcSet ? ` srcSet="${escapeAttribute(srcSet)}" sizes="${escapeAttribute(HERO_SIZES)}"` : '';
    out = out.replace(
      '<div class="frame-hero"><div class="skeleton skeleton--media"></div></div>',
      () =>
        `<div class="frame-hero"><div class="frame-hero__media"><img src="${escapeAttribute(imageUrl(hero, IMAGE_WIDTHS[0] ?? 240))}"${sources} alt="" width="1600" height="900" fetchPriority="high"/></div></div>`,
    );
  }
  // `<` never appears in the data block, so the text cannot close it.
  const data = JSON.stringify({ language: content.language, labels: content.labels, media: content.media ?? null }).replace(/</g, '\\u003c');
  return out
    .replace(/<html /, () => `<html data-first-paint-language="${escapeAttribute(content.language)}" `)
    .replace('</body>', () => `<script type="application/json" id="${FIRST_PAINT_ELEMENT_ID}">${data}</script>\n  </body>`);
}

/**
 * A source of first-paint content for the platform at `config.apiBaseUrl`: answers are reused for
 * {@link FIRST_PAINT_TTL_MS} per language and fetched at most once at a time.
 * @param {{ apiBaseUrl: string, realm: string, apiKey: string }} config
 * @param {typeof fetch} [fetchImpl]
 */
export function createFirstPaintSource(config, fetchImpl = fetch) {
  /** @type {Map<string, { at: number, value: Promise<unknown> }>} */
  const cache = new Map();
  const read = (key, path, language, schema, body) => {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < FIRST_PAINT_TTL_MS) return hit.value;
    const headers = { accept: 'application/json', 'accept-language': language, 'x-api-key': config.apiKey, realm: config.realm };
    const value = fetchImpl(`${config.apiBaseUrl}${path}`, {
      ...(body === undefined ? { headers } : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(FIRST_PAINT_TIMEOUT_MS),
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((body) => {
        const parsed = schema.safeParse(body);
        return parsed.success ? parsed.data : null;
      })
      .catch(() => null);
    // Failures are not kept: the next page asks again.
    void value.then((result) => {
      if (result === null && cache.get(key)?.value === value) cache.delete(key);
    });
    if (cache.size >= MAX_CACHED && !cache.has(key)) cache.delete(cache.keys().next().value);
    cache.set(key, { at: now, value });
    return value;
  };
  return {
    /**
     * The content of the page at `pathname` for a request with `acceptLanguage`, or null (no
     * language in the header, or the platform did not answer in time with labels).
     * @param {string} pathname
     * @param {string | undefined} acceptLanguage
     * @returns {Promise<FirstPaint | null>}
     */
    async contentFor(pathname, acceptLanguage) {
      const language = primaryLanguage(acceptLanguage);
      if (language === null) return null;
      const key = matchRouteAnyLocale(pathname)?.key;
      const home = key === 'HOME' || key === 'ROOT';
      // Only the labels of the shell and of this page (per page module: pages share answers).
      const first = firstLoadKeys(pathname);
      const [byKeys, section] = await Promise.all([
        read(`labels:${language}:${first.page}`, '/api/v2/labels', language, labelsByKeysResponseSchema, { keys: first.keys }),
        home ? read(`home:${language}`, '/api/v2/sections/home?rpp=1&itemsRpp=1', language, sectionSchema) : null,
      ]);
      if (byKeys === null) return null;
      // The shape of a labels answer (the app's data block): the selected locale's texts, the default's as fallback.
      const flat = labelsResponseSchema.safeParse({
        default_locale: byKeys.default_locale,
        selected_locale: byKeys.selected_locale,
        translations: flattenLabelsByLocale(byKeys.translations, byKeys.selected_locale, byKeys.default_locale),
        ...(byKeys.locales ? { locales: byKeys.locales } : {}),
      });
      if (!flat.success) return null;
      const labels = flat.data;
      /** @type {FirstPaint} */
      const content = { language, labels };
      if (key === 'LOGIN') {
        const title = labels.translations[loginPageTitleKey('LOGIN')];
        const subtitle = labels.translations.loginSubtitle;
        if (title && subtitle) content.text = { title, subtitle };
      }
      if (section) {
        // The hero: the first item of the section's HERO rail, its hero artwork (else its thumbnail).
        const tile = section.rails.find((rail) => rail.layout === 'HERO')?.items[0];
        const template = mediaUrl(tile?.images.hero ?? tile?.images.thumbnail, config.apiBaseUrl);
        if (template) content.media = [template];
      }
      return content;
    },
  };
}
