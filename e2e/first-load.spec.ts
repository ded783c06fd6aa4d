import { expect, test } from '@playwright/test';

// Issue 13 "Performance": the first load. The build prerenders the page frame
// (apps/web/src/app/Frame.tsx) into the HTML of the public routes, so that it paints before any
// JavaScript runs; the boot script lays it out right to left for a right-to-left language
// before the first paint; the app then renders the page in its place.

test.describe('before any JavaScript runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the login page shows its frame: the header with the logo, the login layout and the footer', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('banner').locator('img[src="/img/logo.svg"]')).toBeVisible();
    await expect(page.getByRole('main')).toHaveAttribute('data-prerendered', 'auth');
    // The heading says the page is loading; the placeholders are hidden from assistive technology.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loading…');
    await expect(page.getByRole('contentinfo')).toHaveText('© Stream');
  });

  test("the login card's heading and subtitle come with the HTML, in the browser's language", async ({ browser }) => {
    // scripts/first-paint.mjs: the web server asks the platform for the labels of Accept-Language.
    for (const [locale, title] of [['es-ES', 'Iniciar sesión'], ['en-US', 'Sign in']] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.locator('.frame-auth__card h1'), locale).toHaveText(title);
      await expect(page.locator('.frame-auth__card .auth-card__subtitle'), locale).not.toBeEmpty();
      // Hidden from assistive technology like the rest of the frame: the status says it is loading.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loading…');
      await context.close();
    }
  });

  test("the home page's hero artwork comes with the HTML, at the platform's widths", async ({ page }) => {
    await page.goto('/home');
    const hero = page.locator('.frame-hero__media img');
    await expect(hero).toHaveCount(1);
    await expect(hero).toHaveAttribute('src', /\/artwork\/hero\/[^/]+\/\d+$/);
    await expect(hero).toHaveAttribute('srcset', /\/artwork\/hero\/[^/]+\/1920 1920w/);
    await expect(hero).toHaveAttribute('sizes', /100vw/);
  });

  test('each public route has the frame of its layout, in every route set', async ({ page }) => {
    const frames = [['/home', 'home'], ['/signup', 'auth'], ['/iniciar-sesion', 'auth'], ['/account', 'page']] as const;
    for (const [path, frame] of frames) {
      await page.goto(path);
      await expect(page.getByRole('main'), path).toHaveAttribute('data-prerendered', frame);
    }
  });
});

test('the frame is replaced by the page, which keeps one main landmark and one level-1 heading', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeAttached();
});

test('the app starts with the labels that came with the page, without asking the platform again', async ({ page }) => {
  const labelRequests: string[] = [];
  page.on('request', (request) => {
    // Every labels call: all of them (GET label) or by keys (POST labels).
    if (/^\/api\/v2\/labels?$/.test(new URL(request.url()).pathname)) labelRequests.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  expect(labelRequests).toEqual([]);
});

test('a visitor who chose Arabic sees the page right to left from the first paint, and it stays so', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('stream.selectedLanguage', 'ar');
    // The direction of <html> when the page's first content is parsed (before it can be painted),
    // then at every change.
    const seen: string[] = [];
    (window as unknown as { directions: string[] }).directions = seen;
    const root = new MutationObserver(() => {
      if (!document.getElementById('root')?.firstChild) return;
      seen.push(document.documentElement.dir);
      (window as unknown as { firstPaintMark?: string }).firstPaintMark = document.documentElement.dataset.firstPaint;
      root.disconnect();
    });
    root.observe(document, { childList: true, subtree: true });
    new MutationObserver(() => seen.push(document.documentElement.dir)).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['dir'],
    });
  });
  const labelRequests: string[] = [];
  page.on('request', (request) => {
    if (/^\/api\/v2\/labels?$/.test(new URL(request.url()).pathname)) labelRequests.push(request.headers()['accept-language'] ?? '');
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
  // The server wrote the card's text in the browser's language (English): the boot script had
  // hidden it when the page's first content was parsed.
  expect(await page.evaluate(() => (window as unknown as { firstPaintMark?: string }).firstPaintMark)).toBe('other-language');
  // The app asked for the labels of the visitor's language, and cleared the mark as it rendered.
  expect(labelRequests).toEqual(['ar']);
  await expect(page.locator('html')).not.toHaveAttribute('data-first-paint', /./);
  const directions = await page.evaluate(() => (window as unknown as { directions: string[] }).directions);
  // The boot script set rtl before the body was parsed: from the first content on, only rtl.
  expect(directions.length).toBeGreaterThan(0);
  expect(new Set(directions)).toEqual(new Set(['rtl']));
});

test('a browser in en-US is served and laid out in the authoring locale en, and its first paint is shown (commerce §9)', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    // <html lang> and the first-paint mark when the page's first content is parsed.
    const root = new MutationObserver(() => {
      if (!document.getElementById('root')?.firstChild) return;
      (window as unknown as { atFirstContent?: unknown }).atFirstContent = {
        lang: document.documentElement.lang,
        mark: document.documentElement.dataset.firstPaint ?? null,
        served: document.documentElement.dataset.firstPaintLanguage ?? null,
      };
      root.disconnect();
    });
    root.observe(document, { childList: true, subtree: true });
  });
  const apiLanguages = new Set<string>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiLanguages.add(request.headers()['accept-language'] ?? '');
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The server wrote the card in `en` (not `en-US`), the boot script read the browser's en-US as
  // `en` too: the text was never hidden.
  expect(await page.evaluate(() => (window as unknown as { atFirstContent?: unknown }).atFirstContent)).toEqual({ lang: 'en', mark: null, served: 'en' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Every platform call of the app carries `en` (the home page reads the catalogue).
  await page.goto('/home');
  await expect(page.locator('.promo-hero__title').first()).toBeVisible();
  expect([...apiLanguages]).toEqual(['en']);
  await context.close();
});
