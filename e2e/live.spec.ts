import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_HEADERS, createViewer, grantLicence, LICENCES, SANDBOX_URL, startSignedIn } from './sandbox';
import { axeViolations } from './support';

// Issue 14, apps/web: the watch pages on the catalogue, the programme guide and the live pages.

const REALM_HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' };

/** The `<video>`'s current time, in seconds. */
const currentTime = (page: Page) => page.locator('video').evaluate((element: HTMLVideoElement) => element.currentTime);

/** Waits until the page's `<video>` plays: its `currentTime` advances. */
async function expectAdvancing(page: Page) {
  await expect(page.locator('video')).toBeVisible();
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const before = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(before + 0.5);
}

/** Sets the sandbox clock (`POST /_sandbox/clock`, admin key); null: back to the real clock. */
async function setSandboxClock(request: APIRequestContext, now: string | null) {
  const response = await request.post(`${SANDBOX_URL}/_sandbox/clock`, { headers: { ...REALM_HEADERS, ...ADMIN_HEADERS }, data: { now } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A catalogue title as the platform answers it (`GET /api/v2/titles/:type/:id`). */
async function readTitle(request: APIRequestContext, type: string, id: string): Promise<{ startDate: string; state: string }> {
  const response = await request.get(`${SANDBOX_URL}/api/v2/titles/${type}/${id}`, { headers: REALM_HEADERS });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('a catalogue episode plays on its VOD page, with its series, season and next episode', async ({ page, request }) => {
  const viewer = await createViewer(request, 'episode');
  await grantLicence(request, viewer.email, LICENCES.cinema);
  await startSignedIn(page, viewer);
  await page.goto('/video/episode-the-academy-1-1');
  await expect(page.getByRole('heading', { level: 1, name: 'First Trial' })).toBeVisible();
  const parents = page.getByRole('navigation', { name: 'Series and season' });
  await expect(parents.getByRole('link', { name: 'The Academy' })).toHaveAttribute('href', /^\/series\/series-the-academy/);
  await expect(parents.getByRole('link')).toHaveCount(2);
  await expect(page.getByText(/^Next episode:/)).toBeVisible();
  await expectAdvancing(page);
  expect(await axeViolations(page)).toEqual([]);
});

test('the programme guide opens scrolled to now and opens a live channel that plays', async ({ page }) => {
  await page.goto('/epg');
  const guide = page.getByRole('region', { name: 'Programme guide' });
  await expect(guide).toBeVisible();
  // The programme on now of the free news channel is in view, next to the "now" line.
  const news = guide.getByRole('group', { name: 'Stream News 24' });
  const onNow = news.locator('a[aria-current="true"]');
  await expect(onNow).toBeInViewport();
  await expect(guide.locator('.guide__now')).toBeInViewport();
  // Virtualised: a handful of cells per row, not the week.
  expect(await news.locator('.guide__cell').count()).toBeLessThan(30);
  expect(await axeViolations(page)).toEqual([]);
  // Keyboard: the tab stop moves along a row with the arrow keys.
  await guide.locator('[tabindex="0"]').focus();
  const first = await page.evaluate(() => document.activeElement?.getAttribute('data-cell'));
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-cell'))).not.toBe(first);

  // Moving along the row may scroll now out of view; "Jump to now" brings it back.
  await page.getByRole('button', { name: 'Jump to now' }).click();
  await expect(onNow).toBeInViewport();
  await onNow.click();
  await expect(page).toHaveURL(/\/live\/ch-stream-news/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stream News 24' })).toBeVisible();
  await expectAdvancing(page);
});

test('an upcoming live event turns into the player when the sandbox clock passes its start', async ({ page, request }) => {
  const id = 'up-indoor-athletics';
  const event = await readTitle(request, 'LIVE', id);
  expect(event.state).toBe('UPCOMING');
  await page.goto(`/live/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Indoor Athletics Night' })).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  try {
    await setSandboxClock(request, new Date(Date.parse(event.startDate) + 60_000).toISOString());
    await expect(page.getByRole('timer')).toHaveCount(0, { timeout: 20_000 });
    await expectAdvancing(page);
    await expect(page.getByText('Go to live')).toBeVisible();
  } finally {
    await setSandboxClock(request, null);
  }
});

test('an unknown title id shows the not-found page', async ({ page }) => {
  await page.goto('/video/no-such-title');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/live/no-such-event');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the live pages list events: live now, upcoming with start times, releases, the schedule by day, an interstitial', async ({ page }) => {
  await page.goto('/livenow');
  await expect(page.getByRole('heading', { level: 1, name: 'Live now' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Live now' }).getByRole('article').first()).toBeVisible();

  await page.goto('/upcoming');
  const upcoming = page.getByRole('list', { name: 'Upcoming events' });
  await expect(upcoming.getByRole('article').first()).toBeVisible();
  const starts = await upcoming.locator('time').evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')));
  expect(starts.length).toBeGreaterThan(1);
  expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/releases');
  await expect(page.getByRole('list', { name: 'New releases' }).getByRole('article').first()).toBeVisible();

  await page.goto('/schedule');
  const days = page.getByRole('navigation', { name: 'Choose a day' }).getByRole('link');
  await expect(days).toHaveCount(14);
  await expect(days.first()).toHaveAttribute('aria-current', 'date');
  await days.nth(8).click();
  await expect(days.nth(8)).toHaveAttribute('aria-current', 'date');
  await expect(page).toHaveURL(/\?date=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first().or(page.getByText('No events on this day.'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/interstitial/up-indoor-athletics');
  await expect(page.getByRole('heading', { level: 1, name: 'Indoor Athletics Night' })).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();
});
