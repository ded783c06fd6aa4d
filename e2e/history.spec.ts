import { expect, test, type Page } from '@playwright/test';
import { CONTENT, createViewer, SANDBOX_URL, startSignedIn, viewerHeaders } from './sandbox';
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

  // Every progress report the player sends (PUT /api/v2/history/{id}), in order.
  const reports: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/v2/history/')) reports.push((r.postDataJSON() as { positionSeconds: number }).positionSeconds);
  });

  // Watch for 20 s (the player reports every 10 s).
  await page.goto(CONTENT.freeVideo.path);
  await expectPlaying(page);
  await expect.poll(() => currentTime(page), { timeout: 60_000, intervals: [500] }).toBeGreaterThan(20);

  // Leave inside the app: the last position is reported as the player goes (or was, when the
  // player had not moved since its last periodic report).
  const leftAt = await currentTime(page);
  await page.locator('.site-header__brand').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => Math.abs((reports.at(-1) ?? -100) - leftAt)).toBeLessThan(10);

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

test('home offers the next episode of a watched one; a refused removal comes back with a message; HISTORY in Arabic at 390 px', async ({ page, request }) => {
  const viewer = await createViewer(request, 'history-seeded');
  const headers = await viewerHeaders(request, viewer);
  const report = async (id: string, positionSeconds: number, durationSeconds: number, agoMs: number, ended = false) => {
    const updatedAt = new Date(Date.now() - agoMs).toISOString();
    const response = await request.put(`${SANDBOX_URL}/api/v2/history/${id}`, { headers, data: { positionSeconds, durationSeconds, updatedAt, ended } });
    expect(response.ok(), await response.text()).toBe(true);
  };
  await report('episode-the-academy-1-3', 2520, 2520, 60_000, true);
  await report('vod-snowline', 600, 3000, 30_000);
  const row = await request.get(`${SANDBOX_URL}/api/v2/continue-watching`, { headers: await viewerHeaders(request, viewer) });
  const items = ((await row.json()) as { items: { tile: { id: string; title: string }; reason: string }[] }).items;
  expect(items.map((item) => [item.tile.id, item.reason])).toEqual([
    ['vod-snowline', 'IN_PROGRESS'],
    ['episode-the-academy-2-1', 'NEXT_EPISODE'],
  ]);
  const [vod, next] = items.map((item) => item.tile.title) as [string, string];

  await startSignedIn(page, viewer);
  await page.goto('/home');
  const rail = page.getByRole('region', { name: 'Continue watching' });
  await expect(rail.getByRole('link', { name: vod })).toBeVisible();
  await expect(rail.locator('.progress-card').filter({ hasText: 'Next episode' }).getByRole('link', { name: next })).toBeVisible();
  await expect(rail.getByRole('progressbar', { name: '10:00 of 50:00 watched' })).toBeVisible();
  await expect(rail.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/history');

  // The platform refuses a removal: the card comes back, with a message.
  await page.route('**/api/v2/history/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, code: 'INTERNAL', messages: ['boom'], requestId: 'e2e' }) })
      : route.fallback(),
  );
  await rail.getByRole('button', { name: `Remove from row: ${vod}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `We couldn't remove ${vod}. Try again in a moment.` })).toBeVisible();
  await expect(rail.getByRole('link', { name: vod })).toBeVisible();
  await rail.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText(`We couldn't remove ${vod}.`)).toHaveCount(0);

  // Accepted: the card leaves the row and focus moves to the next card.
  await page.unroute('**/api/v2/history/*');
  await rail.getByRole('button', { name: `Remove from row: ${vod}` }).click();
  await expect(rail.getByRole('link', { name: vod })).toHaveCount(0);
  await expect(rail.getByRole('link', { name: next })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Continue watching' }).getByRole('link', { name: next })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Continue watching' }).getByRole('link', { name: vod })).toHaveCount(0);

  // HISTORY in Arabic on a phone: right to left, no sideways scrolling, axe-clean.
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'السجل' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'السجل' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('تمت المشاهدة')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
});

test('hiding the page (visibilitychange to hidden) reports where playback stopped', async ({ page, request }) => {
  await startSignedIn(page, await createViewer(request, 'history-hidden'));
  await page.goto(CONTENT.freeVideo.path);
  await expectPlaying(page);
  // Past 5 % of the 60 s video, before the first 10 s report.
  await expect.poll(() => currentTime(page), { timeout: 20_000, intervals: [200] }).toBeGreaterThan(4);
  const reported = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/v2/history/') && r.ok());
  const hiddenAt = await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    return document.querySelector('video')!.currentTime;
  });
  expect(hiddenAt).toBeLessThan(10);
  const body = (await reported).request().postDataJSON() as { positionSeconds: number };
  expect(Math.abs(body.positionSeconds - hiddenAt)).toBeLessThan(2);
  await page.goto('/history');
  const list = page.getByRole('list', { name: 'History' });
  await expect(list.getByRole('link', { name: CONTENT.freeVideo.title })).toBeVisible();
  await expect(list.getByText('In progress')).toBeVisible();
});

test('a guest who opens HISTORY is asked to sign in and comes back', async ({ page }) => {
  await page.goto('/history');
  await expect(page).toHaveURL(/\/login\?from=%2Fhistory$/);
});
