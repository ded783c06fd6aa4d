import { expect, test, type Locator, type Page } from '@playwright/test';
import { CONTENT, LICENCES, createViewer, grantLicence, loginViewer, startSignedIn } from './sandbox';
import { axeViolations, expectPlaying } from './support';

// Issue 17, multi-view (MULTI_VIEW `/multi-video/:eventId`): several live events on one screen,
// one with the sound, each tile one stream of the account's 4.

const FIRST_EVENT = 'live-crown-cup-semi';

/** The `currentTime` of each `<video>` of the grid. */
const times = (page: Page) => page.locator('.multiview__grid video').evaluateAll((videos) => videos.map((v) => (v as HTMLVideoElement).currentTime));
const mutedOf = (page: Page) => page.locator('.multiview__grid video').evaluateAll((videos) => videos.map((v) => (v as HTMLVideoElement).muted));

/** Adds the first live event the picker offers. */
async function addLive(picker: Locator) {
  await picker.getByRole('button', { name: /^Live Add / }).first().click();
}

test('four live events in quad play at once, the focused one alone has the sound, the keys move it; a fifth stream is refused with the stop-a-device offer', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const viewer = await createViewer(request, 'multiview');
  await grantLicence(request, viewer.email, LICENCES.sportsPremium);
  await startSignedIn(page, viewer);
  await page.setViewportSize({ width: 1400, height: 1000 });

  await page.goto(`/multi-video/${FIRST_EVENT}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Multi-view' })).toBeVisible();
  const grid = page.getByRole('group', { name: 'Videos' });
  const picker = page.getByRole('region', { name: 'Add an event' });
  await expect(grid.locator('video')).toHaveCount(1);

  await addLive(picker);
  await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'Four videos' }).click();
  await addLive(picker);
  await addLive(picker);
  await expect(grid).toHaveAttribute('data-layout', 'quad');
  const statuses = () => grid.locator('.multiview__tile').evaluateAll((tiles) => tiles.map((t) => `${t.getAttribute('data-status')}:${t.querySelector('h2')?.textContent}`));
  await expect.poll(statuses).toEqual([expect.stringMatching(/^playing/), expect.stringMatching(/^playing/), expect.stringMatching(/^playing/), expect.stringMatching(/^playing/)]);
  await expect(grid.locator('video')).toHaveCount(4);

  // Each of the four videos plays: its position moves on.
  await expect.poll(async () => Math.min(...(await times(page))), { timeout: 30_000 }).toBeGreaterThan(0.5);
  const before = await times(page);
  await expect
    .poll(async () => (await times(page)).map((t, i) => t > before[i]!), { timeout: 30_000, message: `positions from ${before.join(', ')}` })
    .toEqual([true, true, true, true]);
  // A quad tile never takes the 720p rendition.
  for (const cap of await grid.locator('video').evaluateAll((videos) => videos.map((v) => v.getAttribute('data-rendition-cap')))) expect(Number(cap)).toBeLessThan(720);

  // Only the focused tile (the first) is unmuted; the arrow keys move the sound along the grid.
  await expect.poll(() => mutedOf(page)).toEqual([false, true, true, true]);
  const tiles = grid.locator('.multiview__tile');
  await tiles.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => mutedOf(page)).toEqual([true, false, true, true]);
  await expect(tiles.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => mutedOf(page)).toEqual([true, true, true, false]);
  await expect(tiles.nth(3)).toHaveAttribute('aria-current', 'true');
  // Enter enlarges the tile with the sound, Escape goes back.
  await page.keyboard.press('Enter');
  await expect(grid.locator('.multiview__tile')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(grid.locator('.multiview__tile')).toHaveCount(4);
  await expect(grid.locator('video')).toHaveCount(4);
  expect(await axeViolations(page)).toEqual([]);

  // A fifth stream, from another browser: refused with the offer to stop a device.
  const other = await browser.newContext();
  const second = await other.newPage();
  // Fresh tokens: the first browser rotated the refresh token of `viewer`.
  await startSignedIn(second, await loginViewer(request, viewer.email, viewer.password));
  await second.goto(CONTENT.freeVideo.path);
  const offer = second.getByRole('alert').filter({ has: second.getByRole('heading', { name: /already playing/ }) });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('button', { name: /^Stop playing on / })).toHaveCount(4);
  expect(await axeViolations(second)).toEqual([]);
  await offer.getByRole('button', { name: /^Stop playing on / }).first().click();
  await expectPlaying(second);
  // The multi-view tile whose stream was stopped stops at its next heartbeat; the others play on.
  await expect(grid.getByText(/Playback stopped/)).toBeVisible({ timeout: 40_000 });
  await expect(grid.locator('video')).toHaveCount(3);
  await other.close();
});

test('at 390 px the tiles stack and one plays; a click on another moves the playing tile', async ({ page, request }) => {
  const viewer = await createViewer(request, 'multiview-phone');
  await grantLicence(request, viewer.email, LICENCES.sportsPremium);
  await startSignedIn(page, viewer);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/multi-video/${FIRST_EVENT}`);
  const grid = page.getByRole('group', { name: 'Videos' });
  const picker = page.getByRole('region', { name: 'Add an event' });
  await addLive(picker);
  await expect(grid.locator('.multiview__tile')).toHaveCount(2);
  await expect(grid.locator('video')).toHaveCount(1);
  await expect.poll(() => grid.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await grid.getByRole('button', { name: 'Watch this one' }).click();
  await expect(grid.locator('.multiview__tile').nth(1).locator('video')).toHaveCount(1);
  await expect(grid.locator('video')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  // A live event's watch page links to multi-view.
  await page.goto(`/live/${FIRST_EVENT}`);
  await page.getByRole('link', { name: 'Multi-view' }).click();
  await expect(page).toHaveURL(new RegExp(`/multi-video/${FIRST_EVENT}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Multi-view' })).toBeVisible();
});

test('a guest is sent to sign in', async ({ page }) => {
  await page.goto(`/multi-video/${FIRST_EVENT}`);
  await expect(page).toHaveURL(/\/login/);
});
