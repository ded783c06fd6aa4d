import { expect, test, type Locator, type Page } from '@playwright/test';
import { createViewer, SANDBOX_URL, startSignedIn, viewerHeaders } from './sandbox';
import { axeViolations, submitLogin } from './support';
import { expectOrderAfterReload, itemTitles } from './watchlistItems';

/**
 * The reads the page makes for the hearts of a page of cards (`GET /api/v2/favourite/status`)
 * and for a rail's next page (`GET /api/v2/rails/{id}`, the carousel's read after the rail's first
 * page). A request refused with 401 (the e2e sandbox's access tokens live 4 s; the client
 * refreshes and sends it again) is not a read of its own.
 */
function countStatusReads(page: Page): { readonly count: number; readonly ids: string[][]; readonly railPages: number } {
  const seen = { count: 0, ids: [] as string[][], railPages: 0 };
  page.on('response', (response) => {
    const request = response.request();
    const url = new URL(request.url());
    if (request.method() !== 'GET' || response.status() === 401) return;
    if (url.pathname === '/api/v2/favourite/status') {
      seen.count += 1;
      seen.ids.push((url.searchParams.get('ids') ?? '').split(','));
    }
    if (url.pathname.startsWith('/api/v2/rails/')) seen.railPages += 1;
  });
  return seen;
}

/** The home page's carousel rails that have cards (the rails of the home section). */
const homeRails = (page: Page) => page.locator('section.rail').filter({ has: page.locator('article.tile') });

/**
 * The answer to the heart's `PUT /api/v2/favourite/vods/{id}`, past a 401 (the e2e sandbox's access
 * tokens live 4 s: the client refreshes and sends it again).
 */
const favouritePut = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/v2/favourite/vods/') && r.status() !== 401);

/** Waits until every card of home's rails has its heart (each rail's status read answered); the number of rails. */
async function everyHomeCardHasItsHeart(page: Page): Promise<number> {
  const rails = homeRails(page);
  const railCount = await rails.count();
  expect(railCount).toBeGreaterThan(0);
  for (let i = 0; i < railCount; i += 1) {
    const cards = rails.nth(i).locator('article.tile');
    await expect(cards.getByRole('button', { name: /^Favourite: / })).toHaveCount(await cards.count());
  }
  return railCount;
}

/** The first card of home's first rail: its title and its heart ("Favourite: <title>"). */
async function firstHomeCard(page: Page): Promise<{ title: string; heart: Locator; card: Locator }> {
  const card = homeRails(page).first().locator('article.tile').first();
  const title = (await card.locator('.tile__title').innerText()).trim();
  return { title, card, heart: card.getByRole('button', { name: `Favourite: ${title}`, exact: true }) };
}

// commerce-and-account-data.md §7 "Favourites"; docs/api.md "Favourites, history and continue watching" (favourites.status).
test('a heart on a home rail card favourites the title: one status read per rail page, FAVOURITES shows it, pressed after a reload', async ({ page, request }) => {
  await startSignedIn(page, await createViewer(request, 'cards'));
  const reads = countStatusReads(page);
  await page.goto('/home');
  const { title, heart, card } = await firstHomeCard(page);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');

  // Every rail's cards have hearts, read in one request per rail page (its first, and any next page
  // a carousel read at once), none per card.
  const railCount = await everyHomeCardHasItsHeart(page);
  await expect.poll(() => reads.count - reads.railPages).toBe(railCount);
  expect(reads.ids.every((ids) => ids.length > 0 && ids.length <= 100)).toBe(true);

  // The heart is a button of its own beside the card's link, not inside it; its own tab stop after the link.
  await expect(card.locator('a button')).toHaveCount(0);
  await card.getByRole('link', { name: title }).focus();
  await page.keyboard.press('Tab');
  await expect(heart).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  const put = favouritePut(page);
  await page.keyboard.press('Enter');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect((await put).ok()).toBe(true);

  await page.reload();
  await expect((await firstHomeCard(page)).heart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/favourites');
  await expect(page.getByRole('list', { name: 'Favourites' }).getByRole('link', { name: title })).toBeVisible();
});

test('a rail read page by page reads the hearts of each new page in one more request', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await startSignedIn(page, await createViewer(request, 'cards-pages'));
  const reads = countStatusReads(page);
  await page.goto('/home');
  // "New releases" arrives with its first 12 items; its next page is read as the viewer steps on (carousel.spec.ts).
  const rail = page.getByRole('region', { name: 'New releases' });
  const cards = rail.locator('article.tile');
  await expect(cards).toHaveCount(12);
  await everyHomeCardHasItsHeart(page);
  const before = reads.count;
  const firstPage = await cards.locator('.tile__title').allInnerTexts();
  await rail.scrollIntoViewIfNeeded();
  await expect(async () => {
    await rail.getByRole('button', { name: 'Next: New releases' }).click();
    expect(await cards.count()).toBeGreaterThan(12);
  }).toPass();
  const count = await cards.count();
  await expect(cards.getByRole('button', { name: /^Favourite: / })).toHaveCount(count);
  // One more read per page the rail read (12 at a time), of that page's ids only: the first page's hearts were not read again.
  const later = reads.ids.slice(before);
  expect(later.length).toBe(Math.ceil((count - 12) / 12));
  expect(later.flat()).toHaveLength(count - 12);
  expect(new Set(later.flat()).size).toBe(count - 12);
  expect(firstPage).toHaveLength(12);
});

test('a guest presses a card heart, signs in and comes back with the title favourited', async ({ page, request }) => {
  const viewer = await createViewer(request, 'cards-guest');
  await page.goto('/home');
  const { title, heart } = await firstHomeCard(page);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page).toHaveURL(/\/login\?from=/);
  const put = favouritePut(page);
  await submitLogin(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect((await firstHomeCard(page)).heart).toHaveAttribute('aria-pressed', 'true');
  expect((await put).ok()).toBe(true);
  const favourites = await request.get(`${SANDBOX_URL}/api/v2/favourite/vods`, { headers: await viewerHeaders(request, viewer) });
  expect((await favourites.json()).items.map((item: { title: string }) => item.title)).toEqual([title]);
});

// commerce-and-account-data.md §9 "reorder sends the first items up to lastSeen"; docs/api.md "Watchlists".
test('a watchlist item dragged by its handle moves, is announced, and the order holds after a reload', async ({ page, request }) => {
  const viewer = await createViewer(request, 'cards-drag');
  const headers = await viewerHeaders(request, viewer);
  const created = await request.post(`${SANDBOX_URL}/api/v2/watchlists`, { headers, data: { name: 'Drag me' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  for (const contentId of ['vod-snowline', 'vod-paper-crowns', 'vod-city-of-echoes']) {
    const added = await request.post(`${SANDBOX_URL}/api/v4/user/watchlist/${id}/content`, { headers, data: { content: { id: contentId, contentType: 'VOD' } } });
    expect(added.ok(), await added.text()).toBe(true);
  }
  await startSignedIn(page, viewer);
  await page.goto(`/watchlists?list=${encodeURIComponent(id)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Drag me' })).toBeVisible();
  await expect.poll(() => itemTitles(page)).toEqual(['Snowline', 'Paper Crowns', 'City of Echoes']);
  expect(await axeViolations(page)).toEqual([]);

  const items = page.locator('.watchlist-item');
  const handle = (index: number) => items.nth(index).locator('[data-drag-handle]');
  // City of Echoes, the last, to the top: Playwright's drag (pointer down on the handle, moves, up on the first item's top).
  const reorder = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/v4\/user\/watchlist\/[^/]+\?lastSeen=/.test(r.url()));
  await handle(2).dragTo(items.nth(0), { targetPosition: { x: 20, y: 2 } });
  await expect.poll(() => itemTitles(page)).toEqual(['City of Echoes', 'Snowline', 'Paper Crowns']);
  await expect(page.getByRole('status').filter({ hasText: 'City of Echoes moved to position 1 of 3' })).toBeVisible();
  expect((await reorder).ok()).toBe(true);

  // Snowline (now second) down to the end with the mouse, step by step.
  await items.nth(2).scrollIntoViewIfNeeded();
  const from = await handle(1).boundingBox();
  const last = await items.nth(2).boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + from!.width / 2, last!.y + last!.height - 2, { steps: 8 });
  await expect(items.nth(2)).toHaveClass(/watchlist-item--drop-after/);
  await page.mouse.up();
  await expect.poll(() => itemTitles(page)).toEqual(['City of Echoes', 'Paper Crowns', 'Snowline']);

  // The order holds after a reload (once the platform confirmed it).
  await expectOrderAfterReload(page, 'Drag me', ['City of Echoes', 'Paper Crowns', 'Snowline']);
});
