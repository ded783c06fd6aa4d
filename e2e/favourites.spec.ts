import { expect, test } from '@playwright/test';
import { CONTENT, createViewer, SANDBOX_URL, startSignedIn, viewerHeaders } from './sandbox';
import { axeViolations, submitLogin } from './support';

/** The watch page's heart (its accessible name is its visible text). */
const heartOf = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Favourite', exact: true });

// commerce-and-account-data.md §7 "Favourites", §9 "Favourites page size 9", "Toggle debounce 500 ms".
test('a viewer favourites a title on its watch page, finds it on FAVOURITES and removes it', async ({ page, request }) => {
  await startSignedIn(page, await createViewer(request, 'favourites'));

  // Empty at first.
  await page.goto('/favourites');
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
  await expect(page.getByText('You have no favourites yet.')).toBeVisible();

  // The heart: optimistic at once, one PUT after the 500 ms pause.
  await page.goto(CONTENT.freeVideo.path);
  await expect(page.getByRole('heading', { level: 1, name: CONTENT.freeVideo.title })).toBeVisible();
  const heart = heartOf(page);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/v2/favourite/vods/'));
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await put;
  await page.reload();
  await expect(heartOf(page)).toHaveAttribute('aria-pressed', 'true');

  // FAVOURITES is reached from the account page's "Your library" (beside watchlists and history);
  // there it is axe-clean, and its heart removes it (gone after a reload).
  await page.getByRole('link', { name: 'Account' }).click();
  const library = page.getByRole('navigation', { name: 'Your library' });
  await expect(library.getByRole('link')).toHaveText(['Favourites', 'Watchlists', 'History']);
  await library.getByRole('link', { name: 'Favourites' }).click();
  await expect(page).toHaveURL(/\/favourites$/);
  const list = page.getByRole('list', { name: 'Favourites' });
  await expect(list.getByRole('link', { name: CONTENT.freeVideo.title })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const cardHeart = list.getByRole('button', { name: `Favourite: ${CONTENT.freeVideo.title}` });
  await expect(cardHeart).toHaveAttribute('aria-pressed', 'true');
  const remove = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/v2/favourite/vods/'));
  await cardHeart.click();
  await expect(cardHeart).toHaveAttribute('aria-pressed', 'false');
  expect((await remove).ok()).toBe(true);
  await page.reload();
  await expect(page.getByText('You have no favourites yet.')).toBeVisible();
});

test('FAVOURITES shows 9 at a time; "Show more" reads the next page and moves focus to its first title', async ({ page, request }) => {
  const viewer = await createViewer(request, 'favourites-paged');
  const headers = await viewerHeaders(request, viewer);
  const ids = ['vod-snowline', 'vod-paper-crowns', 'vod-city-of-echoes', 'vod-the-last-lap', 'vod-iron-valley', 'vod-midfield-maestro',
    'vod-derby-classics', 'vod-the-long-pass', 'vod-court-kings', 'vod-slam-dunk-summer', 'vod-pit-wall'];
  for (const id of ids) {
    const response = await request.put(`${SANDBOX_URL}/api/v2/favourite/vods/${id}`, { headers });
    expect(response.ok(), await response.text()).toBe(true);
  }
  await startSignedIn(page, viewer);
  await page.goto('/favourites');
  const list = page.getByRole('list', { name: 'Favourites' });
  await expect(list.getByRole('listitem')).toHaveCount(9);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(ids.length);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  // Newest first: the first title of the second page is the third favourited.
  await expect(list.getByRole('listitem').nth(9).getByRole('link')).toBeFocused();
});

test('a refused change rolls the heart back and says so', async ({ page, request }) => {
  await startSignedIn(page, await createViewer(request, 'favourites-refused'));
  await page.route('**/api/v2/favourite/vods/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, code: 'INTERNAL', messages: ['boom'], requestId: 'e2e' }) })
      : route.fallback(),
  );
  await page.goto(CONTENT.freeVideo.path);
  const heart = heartOf(page);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: "We couldn't add this to your favourites." })).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText("We couldn't add this to your favourites.")).toHaveCount(0);
});

test('a guest pressing the heart signs in and comes back to the title, favourited', async ({ page, request }) => {
  const viewer = await createViewer(request, 'favourites-guest');
  await page.goto(CONTENT.freeVideo.path);
  await heartOf(page).click();
  await expect(page).toHaveURL(/\/login\?from=/);
  // The e2e access token lives 4 s: a PUT sent as it expires is answered 401 and sent again
  // after the refresh (the client's single-flight refresh); the one that counts is the accepted one.
  const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/v2/favourite/vods/') && r.status() !== 401);
  await submitLogin(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(new RegExp(`${CONTENT.freeVideo.path}$`));
  await expect(heartOf(page)).toHaveAttribute('aria-pressed', 'true');
  expect((await put).ok()).toBe(true);
  await page.goto('/favourites');
  await expect(page.getByRole('link', { name: CONTENT.freeVideo.title })).toBeVisible();
});

test('a guest on FAVOURITES is sent to sign in', async ({ page }) => {
  await page.goto('/favourites');
  await expect(page).toHaveURL(/\/login\?from=%2Ffavourites$/);
});
