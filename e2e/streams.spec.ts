import { expect, test, type APIRequestContext } from '@playwright/test';
import { CONTENT, LICENCES, createViewer, grantLicence, loginViewer, SANDBOX_URL, startSignedIn, type Viewer } from './sandbox';
import { axeViolations, expectPlaying } from './support';

// Issue 17, concurrent streams (docs/api.md "Concurrent streams"): a signed-in viewer's playback
// holds one of the account's 4 places; past the limit the player offers to stop another device.

const HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' };
const FREE_ID = 'welcome-to-stream';

/** A fresh access token of `viewer` (the e2e sandbox's tokens live 4 s). */
async function bearer(request: APIRequestContext, viewer: Viewer) {
  return { ...HEADERS, authorization: `Bearer ${(await loginViewer(request, viewer.email, viewer.password)).tokens.authorisationToken}` };
}

/** Starts a stream of the free video on a device named `deviceName` (another device of the account). */
async function startElsewhere(request: APIRequestContext, viewer: Viewer, deviceName: string): Promise<string> {
  const response = await request.post(`${SANDBOX_URL}/api/v2/playback/VOD/${FREE_ID}`, { headers: await bearer(request, viewer), data: { deviceName } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { leaseId: string }).leaseId;
}

async function liveStreams(request: APIRequestContext, viewer: Viewer) {
  const response = await request.get(`${SANDBOX_URL}/api/v2/streams`, { headers: await bearer(request, viewer) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: { leaseId: string; deviceName: string }[] }).items;
}

test('past the limit the player offers to stop a device; stopping one plays here; a stop from elsewhere stops this player', async ({ page, request }) => {
  const viewer = await createViewer(request, 'streams');
  const devices = ['Living-room TV', 'Kitchen tablet', 'Phone', 'Office laptop'];
  const leases: string[] = [];
  for (const name of devices) leases.push(await startElsewhere(request, viewer, name));

  await startSignedIn(page, viewer);
  await page.goto(CONTENT.freeVideo.path);
  const offer = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /already playing/ }) });
  await expect(offer).toBeVisible();
  for (const name of devices) await expect(offer.getByRole('button', { name: `Stop playing on ${name}` })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await offer.getByRole('button', { name: 'Stop playing on Living-room TV' }).click();
  await expectPlaying(page);
  const live = await liveStreams(request, viewer);
  expect(live.map((s) => s.deviceName)).not.toContain('Living-room TV');
  expect(live.length).toBe(4);

  // Another device stops this browser's stream: the player stops at its next heartbeat (20 s).
  const mine = live.find((s) => !leases.includes(s.leaseId))!;
  const stopped = await request.delete(`${SANDBOX_URL}/api/v2/streams/${mine.leaseId}`, { headers: await bearer(request, viewer) });
  expect(stopped.ok()).toBe(true);
  await expect(page.getByText(/Playback stopped/)).toBeVisible({ timeout: 40_000 });
  await expect(page.locator('video')).toHaveCount(0);
  // Play again takes a free place.
  await page.getByRole('button', { name: 'Play again' }).click();
  await expectPlaying(page);
});

test('leaving the page lets its stream go at once', async ({ page, request }) => {
  const viewer = await createViewer(request, 'streams-leave');
  await startSignedIn(page, viewer);
  await page.goto(CONTENT.freeVideo.path);
  await expectPlaying(page);
  await expect.poll(async () => (await liveStreams(request, viewer)).length).toBe(1);
  await page.goto('/home');
  await expect.poll(async () => (await liveStreams(request, viewer)).length).toBe(0);
});

test('a live event left by a link inside the app lets its stream go', async ({ page, request }) => {
  const viewer = await createViewer(request, 'streams-live-leave');
  await grantLicence(request, viewer.email, LICENCES.sportsPremium);
  await startSignedIn(page, viewer);
  await page.goto('/live/live-crown-cup-semi');
  await expectPlaying(page);
  await expect.poll(async () => (await liveStreams(request, viewer)).length).toBe(1);
  await page.getByRole('link', { name: 'Multi-view' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Multi-view' })).toBeVisible();
  await expect.poll(() => page.locator('.multiview__grid video').first().evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  // The watch page's lease is gone; multi-view holds one per tile that plays (here its first).
  await expect.poll(async () => (await liveStreams(request, viewer)).length, { timeout: 15_000 }).toBe(1);
});
