import { expect, test, type Locator } from '@playwright/test';
import { createViewer, grantLicence, LICENCES, startSignedIn } from './sandbox';
import { axeViolations, expectPlaying } from './support';

// Issue 14 (apps/web): the header's navigation and the browsing pages over the catalogue's calls
// (the seed of apps/sandbox/src/seed/sections.ts and titles.ts).

test('browse from home to a series, a season and an episode that plays', async ({ page, request }) => {
  // The Academy is a cinema title: a viewer with the cinema licence plays its episodes.
  const viewer = await createViewer(request, 'browse');
  await grantLicence(request, viewer.email, LICENCES.cinema);
  await startSignedIn(page, viewer);
  await page.goto('/home');
  const rail = page.getByRole('region', { name: 'Series to binge' });
  await rail.getByRole('link', { name: 'The Academy' }).click();
  await expect(page).toHaveURL(/\/series\/series-the-academy\/the-academy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Academy' })).toBeVisible();
  await expect(page.getByText('Sixteen-year-olds chase a professional contract')).toBeVisible();

  // The seasons choose the episodes shown; the first season is chosen at first.
  const seasons = page.getByRole('navigation', { name: 'Seasons' });
  const seasonLinks = seasons.getByRole('link');
  await expect(seasonLinks).toHaveCount(2);
  await expect(seasonLinks.first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'First Trial' })).toBeVisible();
  await seasonLinks.nth(1).click();
  await expect(seasonLinks.nth(1)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'New Captain' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'First Trial' })).toHaveCount(0);

  // The season's own page lists its episodes and leads back to the series.
  await page.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/season\/season-the-academy-2(\/|$)/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'From the series The Academy' })).toBeVisible();

  // An episode leads to its own VOD page (season 2, episode 2), which plays it: a wrong episode fails here.
  await page.getByRole('link', { name: 'Injury Time' }).click();
  await expect(page).toHaveURL(/\/video\/episode-the-academy-2-2\/injury-time$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Injury Time');
  await expect(page.getByText('A knee injury and six weeks to prove it healed.')).toBeVisible();
  await expect(page.getByText(/^Next episode: The Final Whistle$/)).toBeVisible();
  await expect(page.locator('video')).toHaveAccessibleName('Injury Time');
  await expectPlaying(page);
});

test('the home page shows the hero and the rails, each with See all to its grid', async ({ page }) => {
  await page.goto('/home');
  const hero = page.locator('.promo-hero');
  await expect(hero.locator('img')).toHaveAttribute('srcset', /\d+w/);
  await expect(hero.getByRole('link', { name: /^(Watch|See more)$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Live now' })).toBeVisible();
  const films = page.getByRole('region', { name: 'Films for tonight' });
  await films.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/grid\?rail=home-films$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Films for tonight' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Films for tonight' }).getByRole('article')).toHaveCount(7);
});

test('browse lists the categories, each leading to its section of rails', async ({ page }) => {
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Sports' }).click();
  await expect(page).toHaveURL(/\/section\/sports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sports' })).toBeVisible();
  await expect(page.locator('section.rail').first()).toBeVisible();
});

test('a section shows more rails on request', async ({ page }) => {
  await page.goto('/section/home');
  const rails = page.locator('section.rail');
  await expect(rails).toHaveCount(4);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(rails).toHaveCount(8);
  // Focus moves to the first rail that came (the button that asked for them is gone).
  await expect(rails.nth(4)).toBeFocused();
});

test('an unknown series, season, playlist or section shows the not-found page', async ({ page }) => {
  for (const path of ['/series/series-nope/nope', '/season/season-nope', '/playlist/nope', '/section/nope', '/grid?rail=nope', '/grid']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation is a drawer behind the menu button: a navigation and Escape close it', async ({ page }) => {
    await page.goto('/home');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Browse' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await menu.click();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the header is one row: the menu button beside the logo, left to right and right to left', async ({ page }) => {
    await page.goto('/home');
    const header = page.getByRole('banner');
    const box = async (locator: Locator) => {
      const found = await locator.boundingBox();
      expect(found).not.toBeNull();
      return { x: found!.x + found!.width / 2, y: found!.y + found!.height / 2 };
    };
    for (const [language, dir, menuName, languageName] of [
      ['en', 'ltr', 'Menu', 'Language'],
      ['pt', 'ltr', 'Menu', 'Idioma'],
      ['ar', 'rtl', 'القائمة', 'اللغة'],
    ] as const) {
      if (language !== 'en') await header.getByRole('combobox').selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const logo = await box(header.getByRole('img', { name: 'Stream' }));
      const menu = await box(header.getByRole('button', { name: menuName }));
      const picker = await box(header.getByRole('combobox', { name: languageName }));
      // Vertical centres within a few pixels: the same row (on its own line the button sat ~50 px lower).
      expect(Math.abs(menu.y - logo.y), `${language}: the menu button`).toBeLessThanOrEqual(4);
      expect(Math.abs(picker.y - logo.y), `${language}: the language picker`).toBeLessThanOrEqual(4);
      // The logo starts the row, the button ends it: on the right in English, on the left in Arabic.
      expect(dir === 'ltr' ? menu.x > logo.x : menu.x < logo.x, `${language}: the row's direction`).toBe(true);
      // Nothing wider than the screen: the row fits 390 px.
      expect(await header.evaluate((element) => element.scrollWidth - element.clientWidth), language).toBeLessThanOrEqual(0);
    }
  });
});

test('axe finds no violations on home, browse and a series page', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('region', { name: 'Films for tonight' }).getByRole('article').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/browse');
  await expect(page.getByRole('link', { name: 'Sports' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/series/series-the-academy/the-academy');
  await expect(page.getByRole('link', { name: 'First Trial' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
