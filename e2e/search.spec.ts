import { expect, test } from '@playwright/test';
import { buildPath } from '@stream/core/domain';
import { axeViolations } from './support';

// Issue 14 (apps/web): the search page over core's search machine and the catalogue's search.

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('finds a title by a word of its Spanish title; the query stays in the address and survives a reload', async ({ page }) => {
    const searchPath = buildPath('SEARCH', {}, 'es');
    await page.goto(searchPath);
    const box = page.getByRole('search').getByRole('searchbox');
    await expect(page.getByRole('heading', { level: 2, name: 'Populares' })).toBeVisible();
    await box.fill('estrategia');
    const title = page.getByRole('link', { name: 'Muro de boxes: estrategia bajo presión' });
    await expect(title).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${searchPath}\\?q=estrategia$`));
    await expect(page.getByRole('status').filter({ hasText: /resultados para «estrategia»/ })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('search').getByRole('searchbox')).toHaveValue('estrategia');
    await expect(title).toBeVisible();
  });
});

test('an empty query shows the popular content', async ({ page }) => {
  await page.goto('/search');
  const popular = page.getByRole('region', { name: 'Popular' });
  await expect(popular).toBeVisible();
  await expect(popular.getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('search').getByRole('searchbox')).toHaveValue('');
});

test('a query without a match shows "no results"; another address searches its query, Back returns; clearing brings back the popular content', async ({ page }) => {
  await page.goto('/search?q=zzqxv');
  await expect(page.getByRole('heading', { name: 'No results for “zzqxv”' })).toBeVisible();
  // A link to the search page with another query (the app's router follows pushState) searches it; Back returns.
  await page.evaluate(() => history.pushState(null, '', '/search?q=strategy'));
  await expect(page.getByRole('search').getByRole('searchbox')).toHaveValue('strategy');
  await expect(page.getByRole('link', { name: 'Pit Wall: Strategy Under Pressure' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'No results for “zzqxv”' })).toBeVisible();
  await expect(page.getByRole('search').getByRole('searchbox')).toHaveValue('zzqxv');
  await page.getByRole('search').getByRole('searchbox').fill('');
  await expect(page.getByRole('region', { name: 'Popular' })).toBeVisible();
  await expect(page).toHaveURL(/\/search$/);
});

test('a refine filters the results and Back removes it; the page has no axe violations', async ({ page }) => {
  await page.goto('/search?q=strategy');
  await expect(page.getByRole('link', { name: 'Pit Wall: Strategy Under Pressure' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const filters = page.getByRole('group', { name: 'Filters' });
  const first = filters.getByRole('button').first();
  await first.click();
  await expect(page).toHaveURL(/\/search\?q=strategy&/);
  await expect(filters.getByRole('button', { pressed: true })).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=strategy$/);
  await expect(filters.getByRole('button', { pressed: true })).toHaveCount(0);
});
