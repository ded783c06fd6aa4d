import { expect, test } from '@playwright/test';
import { axeViolations } from './support';

// Issue 14 (apps/web): the information pages (news, fighters).

test('the news list leads to a news item with its body', async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  const feed = page.getByRole('region', { name: 'Headlines' });
  const first = feed.getByRole('link').first();
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/news\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('article p').nth(3)).not.toBeEmpty();
  expect(await axeViolations(page)).toEqual([]);
});

test('an unknown news item shows the not-found page', async ({ page }) => {
  await page.goto('/news/headlines/no-such-item');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('fighters: the A to Z letter filter leads to a fighter with their record and results in words', async ({ page }) => {
  await page.goto('/fighters');
  await expect(page.getByRole('region', { name: 'Lightweight' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'A to Z' }).click();
  await expect(page.getByRole('tab', { name: 'A to Z' })).toHaveAttribute('aria-selected', 'true');
  const letters = page.getByRole('group', { name: 'Last name starts with' });
  await letters.getByRole('button', { name: 'K', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 fighters' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hassan Karimi' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kofi Mensah' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Hassan Karimi' }).click();
  await expect(page).toHaveURL(/\/fighters\/f-hassan-karimi$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hassan Karimi' })).toBeVisible();
  await expect(page.locator('dd').first()).toHaveText(/^\d+-\d+-\d+ \(\d+ wins, \d+ losses, \d+ no contests\)$/);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText(/^(Win|Loss|No contest)$/);
  await expect(rows.nth(1).getByRole('cell').nth(3)).not.toHaveText(/^[a-z]+[A-Z]/);
});

test('the name filter keeps the fighters whose name contains it, ignoring accents', async ({ page }) => {
  await page.goto('/fighters');
  await page.getByRole('tab', { name: 'A to Z' }).click();
  await page.getByRole('searchbox', { name: 'Filter by name' }).fill('avila');
  await expect(page.getByRole('link', { name: 'Mateo Ávila' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 fighters' })).toBeVisible();
});

test('an unknown fighter id shows the not-found page', async ({ page }) => {
  await page.goto('/fighters/no-such-fighter');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('an external page renders its blocks as text, with its links; an unknown page is not found', async ({ page }) => {
  await page.goto('/externalpage/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Stream' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Live sport and stories, in one place' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/purchase');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/externalpage/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the mobile external page shows the page chosen by pageId without the site header', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/mobile-external?pageId=help');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.site-header')).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
});

test('a plugin page shows its content in a frame sandboxed with allow-scripts only', async ({ page }) => {
  await page.goto('/plugin/about');
  const frame = page.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  await expect(page.frameLocator('iframe').getByRole('heading', { level: 1, name: 'About Stream' })).toBeVisible();
});
