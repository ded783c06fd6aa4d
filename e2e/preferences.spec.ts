import { expect, test, type Page } from '@playwright/test';
import { CONTENT, createViewer, grantLicence, LICENCES, SANDBOX_URL, startSignedIn, viewerHeaders } from './sandbox';
import { axeViolations, expectPlaying } from './support';

// Issue 16, PREFERENCES: the session profile's preferences, saved as they change, applied by the player.

const SAVE_FAILED = "We couldn't save your preferences, so we've put them back. Try again in a moment.";

/** The text track the video shows now (its language), or null. */
function showingTextTrack(page: Page): Promise<string | null> {
  return page.locator('video').evaluate((video: HTMLVideoElement) => [...video.textTracks].find((track) => track.mode === 'showing')?.language ?? null);
}

/** Moves the playing video to 2 seconds before its end. */
async function seekNearEnd(page: Page): Promise<void> {
  await page.locator('video').evaluate((video: HTMLVideoElement) => {
    video.currentTime = Math.max(0, video.duration - 2);
  });
}

test('subtitles and audio set to Spanish on PREFERENCES (reached from the account) are chosen by the player of a VOD title; a guest is sent to sign in', async ({ page, request }) => {
  await page.goto('/preferences');
  await expect(page).toHaveURL(/\/login\?from=%2Fpreferences$/);

  const viewer = await createViewer(request, 'prefs-subtitles');
  await startSignedIn(page, viewer);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Language, subtitles and playback' }).click();
  await expect(page).toHaveURL(/\/preferences$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
  const subtitles = page.getByLabel('Subtitles');
  await expect(subtitles).toHaveValue('off');
  await expect(page.getByLabel('Start the next episode automatically')).toBeChecked();
  await expect(page.getByLabel('Start videos muted')).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v2/user/preferences') && r.request().method() === 'PUT');
  await subtitles.selectOption({ label: 'Español' });
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  const audioSaved = page.waitForResponse((r) => r.url().endsWith('/api/v2/user/preferences') && r.request().method() === 'PUT');
  await page.getByLabel('Audio language').selectOption({ label: 'Español' });
  expect(await (await audioSaved).json()).toMatchObject({ subTitleLanguage: 'es', audioLanguage: 'es' });
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The player of a VOD title starts with the Spanish subtitles.
  await page.goto(CONTENT.freeVideo.path);
  await expectPlaying(page);
  const playerSubtitles = page.locator('figure.player').getByLabel('Subtitles');
  await expect(playerSubtitles.locator('option:checked')).toHaveText('Español');
  await expect.poll(() => showingTextTrack(page)).toBe('es');
  await expect(page.locator('figure.player').getByLabel('Audio').locator('option:checked')).toHaveText('Español');

  // And the page shows what was saved after a reload.
  await page.goto('/preferences');
  await expect(page.getByLabel('Subtitles')).toHaveValue('es');
});

test('a failed read offers Retry; a refused save rolls back with the message, focus kept on the control; a saved language reloads the page in it (RTL at 390 px)', async ({ page, request }) => {
  const viewer = await createViewer(request, 'prefs-refused');
  await startSignedIn(page, viewer);
  // The platform refuses the first read and every save.
  let reads = 0;
  await page.route('**/api/v2/user/preferences', (route) =>
    route.request().method() === 'PUT' || (route.request().method() === 'GET' && reads++ === 0)
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ status: 503, code: 'SERVICE_UNAVAILABLE', messages: ['serviceUnavailable'], requestId: 'e2e-prefs' }),
        })
      : route.fallback(),
  );
  await page.goto('/preferences');
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong. Try again in a moment.' })).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  const autoAdvance = page.getByLabel('Start the next episode automatically');
  await expect(autoAdvance).toBeChecked();
  await autoAdvance.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('alert').filter({ hasText: SAVE_FAILED })).toBeVisible();
  await expect(autoAdvance).toBeChecked();
  await expect(autoAdvance).toBeFocused();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText(SAVE_FAILED)).toHaveCount(0);

  // Accepted: the interface language is stored and the page reloads in it, at its Spanish address.
  await page.unroute('**/api/v2/user/preferences');
  await page.getByLabel('Interface language').selectOption({ label: 'Español' });
  await expect(page).toHaveURL(/\/preferencias$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Preferencias' })).toBeVisible();
  await expect(page.getByLabel('Idioma de la interfaz')).toHaveValue('es');

  // Arabic on a phone: right to left, no sideways scrolling, axe-clean.
  await page.getByLabel('Idioma de la interfaz').selectOption({ label: 'العربية' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'التفضيلات' })).toBeVisible();
  await expect(page.getByLabel('لغة الواجهة')).toHaveValue('ar');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  const headers = await viewerHeaders(request, viewer);
  const stored = await request.get(`${SANDBOX_URL}/api/v2/user/preferences`, { headers });
  expect(await stored.json()).toMatchObject({ language: 'ar', autoAdvance: true });
});

test('auto-advance: off, the end offers the next episode; on (set on PREFERENCES), the end starts it', async ({ page, request }) => {
  const viewer = await createViewer(request, 'prefs-advance');
  await grantLicence(request, viewer.email, LICENCES.cinema);
  const headers = await viewerHeaders(request, viewer);
  const off = await request.put(`${SANDBOX_URL}/api/v2/user/preferences`, { headers, data: { autoAdvance: false } });
  expect(off.ok(), await off.text()).toBe(true);
  await startSignedIn(page, viewer);

  await page.goto('/video/episode-the-academy-1-1');
  await expect(page.getByRole('heading', { level: 1, name: 'First Trial' })).toBeVisible();
  await expectPlaying(page);
  await seekNearEnd(page);
  const next = page.locator('figure.player').getByRole('link', { name: 'Next episode: The Loan Deal' });
  await expect(next).toBeVisible();
  await expect(page).toHaveURL(/episode-the-academy-1-1/);

  await page.goto('/preferences');
  const autoAdvance = page.getByLabel('Start the next episode automatically');
  await expect(autoAdvance).not.toBeChecked();
  await autoAdvance.check();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.goto('/video/episode-the-academy-1-1');
  await expect(page.getByRole('heading', { level: 1, name: 'First Trial' })).toBeVisible();
  await expectPlaying(page);
  await seekNearEnd(page);
  await expect(page).toHaveURL(/episode-the-academy-1-2/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Loan Deal' })).toBeVisible();
  await expectPlaying(page);
});
