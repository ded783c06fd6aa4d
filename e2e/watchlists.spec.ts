import { expect, test, type Page } from '@playwright/test';
import { createViewer, SANDBOX_URL, startSignedIn, viewerHeaders } from './sandbox';
import { axeViolations, submitLogin } from './support';
import { expectOrderAfterReload, itemTitles } from './watchlistItems';

/** Three catalogue titles (apps/sandbox/src/seed/titles.ts) and their watch pages. */
const TITLES = [
  { path: '/video/vod-snowline', title: 'Snowline' },
  { path: '/video/vod-paper-crowns', title: 'Paper Crowns' },
  { path: '/video/vod-city-of-echoes', title: 'City of Echoes' },
] as const;

/** Adds the title of the watch page at `path` to the list `name` through "Add to watchlist". */
async function addFromWatchPage(page: Page, path: string, name: string) {
  await page.goto(path);
  const add = page.getByRole('button', { name: 'Add to watchlist' });
  await add.click();
  await page.getByRole('button', { name, exact: true }).click();
  await expect(add).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `Added to ${name}` })).toBeVisible();
}

// docs/api.md "Watchlists": create, add, reorder by keyboard (§9 reorder), share, save (SHARED), and the §4 rules.
test('a viewer makes a list, adds three titles, reorders them by keyboard, and the order holds; another account saves it by its link and cannot rename it', async ({
  page,
  browser,
  request,
}) => {
  const owner = await createViewer(request, 'watchlists-owner');
  await startSignedIn(page, owner);
  await page.goto('/watchlists');
  await expect(page.getByRole('heading', { level: 1, name: 'Watchlists' })).toBeVisible();
  await expect(page.getByText('You have no watchlists yet.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Create.
  await page.getByLabel('New list name').fill('Weekend');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Weekend' })).toBeVisible();
  await expect(page.getByText('This list has no titles yet.')).toBeVisible();
  const listUrl = page.url();

  // Add three titles from their watch pages.
  for (const { path } of TITLES) await addFromWatchPage(page, path, 'Weekend');

  await page.goto(listUrl);
  await expect.poll(() => itemTitles(page)).toEqual(TITLES.map((t) => t.title));

  // Reorder by keyboard: City of Echoes up twice, then Snowline down once.
  const up = page.getByRole('button', { name: 'Move up: City of Echoes' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => itemTitles(page)).toEqual(['Snowline', 'City of Echoes', 'Paper Crowns']);
  await expect(page.getByRole('button', { name: 'Move up: City of Echoes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => itemTitles(page)).toEqual(['City of Echoes', 'Snowline', 'Paper Crowns']);
  await expect(page.getByRole('status').filter({ hasText: 'City of Echoes moved to position 1 of 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Move down: Snowline' }).click();
  await expect.poll(() => itemTitles(page)).toEqual(['City of Echoes', 'Paper Crowns', 'Snowline']);
  expect(await axeViolations(page)).toEqual([]);

  // The order holds after a reload (once the platform confirmed it).
  await expectOrderAfterReload(page, 'Weekend', ['City of Echoes', 'Paper Crowns', 'Snowline']);

  // The share link, in full.
  const shareUrl = await page.getByLabel('Share link').inputValue();
  expect(shareUrl).toMatch(/^http:\/\/[^/]+\/watchlists\?share=.+/);
  const shareToken = new URL(shareUrl).searchParams.get('share')!;

  // A second account opens the link: read-only, saves it.
  const other = await createViewer(request, 'watchlists-other');
  const context = await browser.newContext();
  const second = await context.newPage();
  await startSignedIn(second, other);
  await second.goto(`/watchlists?share=${encodeURIComponent(shareToken)}`);
  await expect(second.getByRole('heading', { level: 1, name: 'Weekend' })).toBeVisible();
  await expect.poll(() => itemTitles(second)).toEqual(['City of Echoes', 'Paper Crowns', 'Snowline']);
  for (const name of ['Rename', 'Delete list', 'Copy link']) await expect(second.getByRole('button', { name })).toHaveCount(0);
  await expect(second.getByRole('button', { name: /^Move / })).toHaveCount(0);
  await expect(second.getByRole('button', { name: /^Remove .* from the list$/ })).toHaveCount(0);
  expect(await axeViolations(second)).toEqual([]);
  await second.getByRole('button', { name: 'Save to my library' }).click();
  await expect(second.getByRole('button', { name: 'Remove from my library' })).toBeVisible();

  // It is in the second account's library, marked shared.
  await second.goto('/watchlists');
  await expect(second.getByRole('link', { name: 'Weekend' })).toBeVisible();
  await expect(second.getByText('Shared with you')).toBeVisible();
  await second.getByRole('link', { name: 'Weekend' }).click();
  await expect(second.getByRole('button', { name: 'Remove from my library' })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Rename' })).toHaveCount(0);

  // The platform refuses a rename by the second account: 403 NOT_OWNER, the name unchanged.
  const id = new URL(listUrl).searchParams.get('list')!;
  const rename = await request.put(`${SANDBOX_URL}/api/v2/watchlists/${id}`, { headers: await viewerHeaders(request, other), data: { name: 'Mine now' } });
  expect(rename.status()).toBe(403);
  expect((await rename.json()).code).toBe('NOT_OWNER');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Weekend' })).toBeVisible();
  await context.close();
});

test('a guest opening a share link signs in and comes back to it', async ({ page, request }) => {
  const viewer = await createViewer(request, 'watchlists-guest');
  await page.goto('/watchlists?share=some-token');
  await expect(page).toHaveURL(/\/login\?.*from=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('from') ?? '')).toBe('/watchlists?share=some-token');
  await submitLogin(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(/\/watchlists\?share=some-token$/);
  // An unknown token: the list is not found, with Retry.
  await expect(page.getByText("This list doesn't exist or was deleted.")).toBeVisible();
});

test('a list is renamed and deleted after a confirmation', async ({ page, request }) => {
  const owner = await createViewer(request, 'watchlists-delete');
  await startSignedIn(page, owner);
  await page.goto('/watchlists');
  await page.getByLabel('New list name').fill('Old name');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Old name' })).toBeVisible();

  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByLabel('List name')).toBeFocused();
  await page.getByLabel('List name').fill('New name');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New name' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename' })).toBeFocused();

  await page.getByRole('button', { name: 'Delete list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete New name?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Watchlists' })).toBeVisible();
  await expect(page.getByText('You have no watchlists yet.')).toBeVisible();
});

test('"Add to watchlist" makes a new list with the title; the page fits a phone, right to left too; the item is removed', async ({ page, request }) => {
  const owner = await createViewer(request, 'watchlists-new');
  await startSignedIn(page, owner);
  await page.goto(TITLES[1].path);
  const add = page.getByRole('button', { name: 'Add to watchlist' });
  await add.click();
  await expect(add).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'New list' }).click();
  await expect(page.getByLabel('New list name')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('New list name').fill('Fresh');
  await page.keyboard.press('Enter');
  await expect(add).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Added to Fresh' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/watchlists');
  await page.getByRole('link', { name: 'Fresh' }).click();
  await expect.poll(() => itemTitles(page)).toEqual([TITLES[1].title]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.evaluate(() => localStorage.setItem('stream.selectedLanguage', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'نسخ الرابط' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);

  // Removing the only item leaves the list empty, focus on its heading; a reload agrees.
  await page.evaluate(() => localStorage.setItem('stream.selectedLanguage', 'en'));
  await page.reload();
  await page.getByRole('button', { name: `Remove ${TITLES[1].title} from the list` }).click();
  await expect(page.getByText('This list has no titles yet.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `${TITLES[1].title} removed from the list` })).toBeVisible();
  await expect
    .poll(async () => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Fresh' })).toBeVisible();
      return page.getByText('This list has no titles yet.').count();
    })
    .toBe(1);
});
