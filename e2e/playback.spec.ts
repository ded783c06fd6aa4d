import { expect, test } from '@playwright/test';
import { CONTENT, createViewer, grantLicence, LICENCES, loginViewer, startSignedIn } from './sandbox';
import { axeViolations, expectPlaying } from './support';

// The paywall names the licences that unlock the item (issue 3, apps/web).
test('a guest sees the paywall on a premium video, naming the unlocking licences, with sign-in', async ({ page }) => {
  await page.goto(CONTENT.sportsVideo.path);
  await expect(page.getByRole('heading', { level: 1, name: CONTENT.sportsVideo.title })).toBeVisible();
  const paywall = page.getByRole('region', { name: 'Subscribe to watch' });
  await expect(paywall).toBeVisible();
  await expect(paywall.getByRole('listitem').filter({ hasText: /^Sports Premium$/ })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  // With the e2e realm's campaign tags of the purchase and sign-in-to-watch flows (issue 18).
  await expect(paywall.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/purchase?utm_source=stream-web&utm_campaign=purchase');
  await expect(paywall.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/login?from=${encodeURIComponent(CONTENT.sportsVideo.path)}&utm_source=stream-web&utm_campaign=signin-to-watch`,
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('a viewer without licences sees the paywall on a premium video', async ({ page, request }) => {
  await startSignedIn(page, await loginViewer(request, 'nolicence@stream.test', 'demo-password'));
  await page.goto(CONTENT.sportsVideo.path);
  await expect(page.getByRole('link', { name: 'Sign out' })).toBeVisible();
  const paywall = page.getByRole('region', { name: 'Subscribe to watch' });
  await expect(paywall).toContainText('Sports Basic');
  await expect(paywall.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.locator('video')).toHaveCount(0);
});

test('a licensed viewer plays the premium video', async ({ page, request }) => {
  const viewer = await createViewer(request, 'playback');
  await grantLicence(request, viewer.email, LICENCES.sportsPremium);
  await startSignedIn(page, viewer);
  await page.goto('/home');
  // The title may stand in more than one rail (its release and its popularity): any of its cards.
  await page.getByRole('link', { name: CONTENT.sportsVideo.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`${CONTENT.sportsVideo.path}$`));
  await expect(page.getByRole('region', { name: 'Subscribe to watch' })).toHaveCount(0);
  await expectPlaying(page);
  // Muted by default (the player slice), so that autoplay is allowed.
  expect(await page.locator('video').evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});

test('a free video plays for a guest', async ({ page }) => {
  await page.goto(CONTENT.freeVideo.path);
  await expect(page.getByRole('heading', { level: 1, name: CONTENT.freeVideo.title })).toBeVisible();
  await expectPlaying(page);
  await expect(page.getByRole('region', { name: 'Subscribe to watch' })).toHaveCount(0);
});

test('home lists the catalogue with premium badges and links to the plans', async ({ page }) => {
  await page.goto('/home');
  const catalogue = page.getByRole('region', { name: 'Watch now' });
  const premium = catalogue.getByRole('article').filter({ has: page.getByRole('link', { name: CONTENT.sportsVideo.title }) });
  await expect(premium).toContainText('Premium');
  await expect(catalogue.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/purchase');
  expect(await axeViolations(page)).toEqual([]);
});

// Issue 14: adaptive streaming. The sandbox streams HLS (two renditions, two audio tracks, two
// subtitle languages); the player attaches it through hls.js and offers the menus.
test('a video streams over HLS: quality can be forced to 720p, and the audio and subtitle tracks switch', async ({ page }) => {
  const playlists: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.m3u8')) playlists.push(path.split('/').slice(-2).join('/'));
  });
  await page.goto(CONTENT.freeVideo.path);
  await expectPlaying(page);
  const quality = page.getByLabel('Quality');
  await expect(quality.locator('option')).toHaveText([/^Auto/, '360p', '720p']);
  await quality.selectOption({ label: '720p' });
  // hls.js switches: the 720p playlist is loaded and the player reports the rendition.
  await expect(page.locator('.player__rendition')).toHaveAttribute('data-rendition', '720');
  expect(playlists.some((path) => path.includes('720p'))).toBe(true);
  const before = await page.locator('video').evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(before);

  const audio = page.getByLabel('Audio');
  await expect(audio.locator('option')).toHaveText(['English', 'Español']);
  await audio.selectOption({ label: 'Español' });
  await expect.poll(() => playlists.some((path) => /audio-es|es\//.test(path))).toBe(true);
  const subtitles = page.getByLabel('Subtitles');
  await subtitles.selectOption({ label: 'English' });
  await expect(subtitles).toHaveValue('0');
  await expect
    .poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => [...element.textTracks].some((track) => track.mode === 'showing')))
    .toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});

test('keyboard: space pauses and plays, m unmutes', async ({ page }) => {
  await page.goto(CONTENT.freeVideo.path);
  await expectPlaying(page);
  const video = page.locator('video');
  await video.focus();
  await page.keyboard.press('k');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await page.keyboard.press('k');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
  await page.keyboard.press('m');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
});
