import { expect, test, type Page } from '@playwright/test';
import { CONTENT, createViewer, startSignedIn } from './sandbox';
import { axeViolations, expectPlaying } from './support';

/** The position of the page's `<video>`, in seconds. */
const currentTime = (page: Page) => page.locator('video').evaluate((element: HTMLVideoElement) => element.currentTime);

// Issue 15: watch history and continue watching. The free video is 60 s long; 20 s is in progress
// (between 5 % and 90 %).
test('a viewer watches a video for 20 s, leaves, resumes it from home; HISTORY lists it and removes it', async ({ page, request }) => {
  test.setTimeout(150_000);
  await startSignedIn(page, await createViewer(request, 'history'));

  // Nothing to continue yet: no row on home.
  const firstRow = page.waitForResponse((r) => r.url().includes('/api/v2/continue-watching') && r.ok());
  await page.goto('/home');
  expect((await firstRow).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Continue watching' })).toHaveCount(0);

  // Watch for 20 s (the player reports every 10 s).
  await page.goto(CONTENT.freeVideo.path);
  await expectPlaying(page);
  await expect.poll(() => currentTime(page), { timeout: 60_000, intervals: [500] }).toBeGreaterThan(20);

  // Leave inside the app: the last position is reported as the player goes.
  const leftAt = await currentTime(page);
  const lastReport = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/v2/history/'));
  await page.locator('.site-header__brand').click();
  await expect(page).toHaveURL(/\/home$/);
  const body = (await lastReport).postDataJSON() as { positionSeconds: number; durationSeconds: number };
  expect(Math.abs(body.positionSeconds - leftAt)).toBeLessThan(10);

  // Home's row shows it with its progress; axe-clean.
  const row = page.getByRole('region', { name: 'Continue watching' });
  const card = row.getByRole('link', { name: CONTENT.freeVideo.title });
  await expect(card).toBeVisible();
  await expect(row.getByRole('progressbar', { name: /^00:\d\d of 01:00 watched$/ })).toBeVisible();
  await expect(row.getByRole('button', { name: `Remove from row: ${CONTENT.freeVideo.title}` })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // From the row back to the video: playback resumes within 10 s of where it stopped.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${CONTENT.freeVideo.path}$`));
  await expect.poll(() => currentTime(page), { timeout: 20_000, intervals: [200] }).toBeGreaterThan(1);
  const resumedAt = await currentTime(page);
  expect(resumedAt).toBeGreaterThan(leftAt - 10);
  expect(resumedAt).toBeLessThan(leftAt + 10);

  // HISTORY lists it, in progress, axe-clean; Remove takes it out, and focus lands on the heading.
  await page.goto('/history');
  const list = page.getByRole('list', { name: 'History' });
  await expect(list.getByRole('link', { name: CONTENT.freeVideo.title })).toBeVisible();
  await expect(list.getByText('In progress')).toBeVisible();
  await expect(list.getByRole('progressbar', { name: /of 01:00 watched$/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/v2/history/'));
  await list.getByRole('button', { name: `Remove: ${CONTENT.freeVideo.title}` }).click();
  expect((await removed).ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: `${CONTENT.freeVideo.title} was removed.` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeFocused();
  await expect(page.getByText('Nothing here yet. The titles you watch will appear here.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Nothing here yet. The titles you watch will appear here.')).toBeVisible();
  // And home has no row again.
  const lastRow = page.waitForResponse((r) => r.url().includes('/api/v2/continue-watching') && r.ok());
  await page.goto('/home');
  expect((await lastRow).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.rail').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Continue watching' })).toHaveCount(0);
});

test('a guest who opens HISTORY is asked to sign in and comes back', async ({ page }) => {
  await page.goto('/history');
  await expect(page).toHaveURL(/\/login\?from=%2Fhistory$/);
});
