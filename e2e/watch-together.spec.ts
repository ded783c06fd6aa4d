import { expect, test, type Browser, type Page } from '@playwright/test';
import { createViewer, grantLicence, LICENCES, startSignedIn, type Viewer } from './sandbox';
import { axeViolations } from './support';

// Issue 17, watch together (docs/api.md "Watch together"): a host opens a room for a live event
// and shares its link; members with the licence join and their players follow the host's seek
// and pause within 2 s; a member without the licence sees the paywall.

const EVENT = 'live-rally-raid-stage'; // live now, sports licences
const TOGETHER = `/live/${EVENT}/watch-together`;
/** The bound: members within 2 s of the host. */
const BOUND_MS = 2_000;

async function signedInPage(browser: Browser, viewer: Viewer): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startSignedIn(page, viewer);
  return page;
}

/**
 * The player's place on the stream's clock (ms): the element's `currentTime` plus the date of its
 * time 0 (`data-timeline-offset-ms`, from the program date-time), which players that started the
 * live stream at different moments do not share.
 */
function streamPosition(page: Page): Promise<number | null> {
  return page.locator('video').evaluate((video: HTMLVideoElement) => {
    const offset = video.dataset.timelineOffsetMs;
    return offset === undefined ? null : Number(offset) + video.currentTime * 1000;
  });
}

/** Waits until the page's video plays (its `currentTime` past 0.5 s; generous: a loaded machine starts live streams slowly). */
async function expectPlaying(page: Page): Promise<void> {
  await expect(page.locator('video')).toBeVisible();
  await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
}

/** How far apart the two players are (ms), read one right after the other; Infinity while one is unknown. */
async function gap(a: Page, b: Page): Promise<number> {
  const [x, y] = await Promise.all([streamPosition(a), streamPosition(b)]);
  return x === null || y === null ? Number.POSITIVE_INFINITY : Math.abs(x - y);
}

test('two viewers in one room stay within 2 s of the host after a seek and a pause; a viewer without the licence sees the paywall', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const [hostViewer, memberViewer, unlicensed] = await Promise.all([createViewer(request, 'together-host'), createViewer(request, 'together-member'), createViewer(request, 'together-none')]);
  await grantLicence(request, hostViewer.email, LICENCES.sportsBasic);
  await grantLicence(request, memberViewer.email, LICENCES.sportsBasic);

  // The host finds "Watch together" on the event's page and opens a room.
  const host = await signedInPage(browser, hostViewer);
  await host.goto(`/live/${EVENT}`);
  await host.getByRole('link', { name: 'Watch together' }).click();
  await expect(host).toHaveURL(new RegExp(`${TOGETHER}$`));
  await host.getByRole('button', { name: 'Open a room' }).click();
  await expect(host).toHaveURL(/\?room=[0-9a-f-]{36}$/);
  const link = await host.getByLabel('Link to the room').inputValue();
  expect(link).toBe(host.url());
  await expectPlaying(host);

  // The member joins from the link; both are listed.
  const member = await signedInPage(browser, memberViewer);
  await member.goto(link);
  await expectPlaying(member);
  for (const page of [host, member]) await expect(page.getByRole('list', { name: 'In the room (2)' }).getByRole('listitem')).toHaveCount(2);
  await expect.poll(() => gap(host, member), { timeout: 30_000 }).toBeLessThan(BOUND_MS);
  expect(await axeViolations(host)).toEqual([]);

  // The host seeks 12 s back, behind the live edge where the member plays: the member follows
  // (a gap under 2 s now means the member moved back too).
  const hostBefore = (await streamPosition(host))!;
  await host.locator('video').evaluate((video: HTMLVideoElement) => {
    video.currentTime -= 12;
  });
  await expect.poll(async () => (await streamPosition(host))! - hostBefore, { timeout: 10_000 }).toBeLessThan(-8_000);
  await expect.poll(() => gap(host, member), { timeout: 30_000 }).toBeLessThan(BOUND_MS);
  // Both still play.
  const before = await streamPosition(member);
  await expect.poll(async () => (await streamPosition(member))! - before!, { timeout: 20_000 }).toBeGreaterThan(1_000);

  // The host pauses: the member pauses too, within 2 s of the host.
  await host.locator('video').evaluate((video: HTMLVideoElement) => video.pause());
  await expect.poll(() => member.locator('video').evaluate((video: HTMLVideoElement) => video.paused), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => gap(host, member), { timeout: 20_000 }).toBeLessThan(BOUND_MS);

  // A viewer without the licence who opens the link sees the paywall, and no player.
  const outsider = await signedInPage(browser, unlicensed);
  await outsider.goto(link);
  await expect(outsider.locator('#paywall-title')).toBeVisible();
  await expect(outsider.locator('video')).toHaveCount(0);
  expect(await axeViolations(outsider)).toEqual([]);
  await expect(host.getByRole('list', { name: 'In the room (2)' })).toBeVisible();
});

test('a guest who opens a room link is sent to sign in and comes back to it', async ({ page }) => {
  const link = `${TOGETHER}?room=6f1f7f38-2d7a-4c43-9d7e-3f4d2b8a8d10`;
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?/);
  expect(decodeURIComponent(page.url())).toContain(link);
});
