import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { axeViolations } from './support';

// Issue 14, apps/web: the programme guide (`/epg`) reads its channels a page at a time as the
// viewer scrolls towards them, and keeps the title of a programme begun before its visible edge
// in view.

/** Channels of the guide the test answers (the sandbox seeds 4). */
const CHANNEL_COUNT = 240;

interface GuidePage {
  from: string;
  to: string;
  channels: { id: string; title: string }[];
  pagingInfo: { rpp: number; lastSeen: number; moreDataAvailable: boolean; totalCount: number };
}

/**
 * Answers the page's `GET /api/v2/epg` as a platform of {@link CHANNEL_COUNT} channels would: the
 * sandbox's answer (its 4 channels over the same time) repeated as "Channel 1" to "Channel 240",
 * paged by the request's own `rpp` and `lastSeen`. Returns the `lastSeen` of every page asked.
 */
async function answerManyChannels(page: Page): Promise<number[]> {
  const asked: number[] = [];
  await page.route(/\/api\/v2\/epg\?/, async (route: Route) => {
    const url = new URL(route.request().url());
    const rpp = Number(url.searchParams.get('rpp') ?? 50);
    const lastSeen = Number(url.searchParams.get('lastSeen') ?? 0);
    asked.push(lastSeen);
    const real = new URL(url);
    real.searchParams.delete('lastSeen');
    real.searchParams.set('rpp', '100');
    const response = await route.fetch({ url: real.toString() });
    if (!response.ok()) return route.fulfill({ response });
    const sandbox = (await response.json()) as GuidePage;
    const all = Array.from({ length: CHANNEL_COUNT }, (_, i) => {
      const channel = sandbox.channels[i % sandbox.channels.length]!;
      return { ...channel, id: `${channel.id}-${i + 1}`, title: `Channel ${i + 1}` };
    });
    const channels = all.slice(lastSeen, lastSeen + rpp);
    const seen = lastSeen + channels.length;
    const body: GuidePage = {
      ...sandbox,
      channels,
      pagingInfo: { rpp, lastSeen: seen, moreDataAvailable: seen < CHANNEL_COUNT, totalCount: CHANNEL_COUNT },
    };
    await route.fulfill({ response, json: body });
  });
  return asked;
}

test('the guide reads the channels beyond its first page as the viewer scrolls down to them', async ({ page }) => {
  const asked = await answerManyChannels(page);
  await page.goto('/epg');
  const guide = page.getByRole('region', { name: 'Programme guide' });
  await expect(guide.getByRole('link', { name: 'Channel 1', exact: true })).toBeVisible();
  // Only the first page is read while the viewer is at the top.
  // (A page may be read again when the guest's session starts: the cache is reset for a new viewer.)
  expect(new Set(asked)).toEqual(new Set([0]));
  await expect(guide.getByRole('group', { name: `Channel ${CHANNEL_COUNT}` })).toHaveCount(0);

  // Scrolled to the bottom: the rows there are the last channels, read page after page.
  await guide.evaluate((element) => {
    element.scrollIntoView({ block: 'end' });
    element.scrollTo({ top: element.scrollHeight });
  });
  await expect(guide.getByRole('link', { name: `Channel ${CHANNEL_COUNT}`, exact: true })).toBeInViewport();
  await expect(guide.getByRole('group', { name: `Channel ${CHANNEL_COUNT}` }).locator('a[aria-current="true"]')).toBeInViewport();
  expect(new Set(asked)).toEqual(new Set([0, 50, 100, 150, 200]));
  // Still virtualised: a screenful of rows, not 240.
  expect(await guide.locator('.guide__channel').count()).toBeLessThan(40);
  await expect(guide.locator('.guide__cell--loading')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('a failed page of channels shows the error with Retry, which reads it again', async ({ page }) => {
  const asked = await answerManyChannels(page);
  await page.goto('/epg');
  const guide = page.getByRole('region', { name: 'Programme guide' });
  await expect(guide.getByRole('link', { name: 'Channel 1', exact: true })).toBeVisible();
  // The second page fails once.
  await page.route(/\/api\/v2\/epg\?.*lastSeen=50/, (route) => route.abort('connectionreset'), { times: 3 });
  await guide.evaluate((element) => element.scrollTo({ top: 60 * 64 }));
  await expect(guide.locator('.guide__cell--loading').first()).toBeAttached();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible({ timeout: 20_000 });
  await retry.click();
  await expect(guide.getByRole('group', { name: 'Channel 60', exact: true })).toBeAttached();
  await expect(retry).toHaveCount(0);
  expect(asked).toContain(50);
});

/**
 * Scrolls `guide` so that a programme in a row in view runs under the channel column (the
 * visible start edge; the guide's header is 40 px) with only its last `visiblePx` pixels in view,
 * and returns that programme's cell.
 */
async function straddleStartEdge(guide: Locator, visiblePx: number): Promise<Locator> {
  const cell = await guide.evaluate((element, visible) => {
    const bottom = element.scrollTop + element.clientHeight - 40;
    const cells = [...element.querySelectorAll<HTMLElement>('.guide__cell[data-cell]')];
    const chosen = cells.find((c) => c.offsetWidth >= visible + 100 && c.offsetTop + c.offsetHeight <= bottom);
    if (!chosen) return null;
    element.scrollLeft = chosen.offsetLeft + chosen.offsetWidth - visible;
    return chosen.dataset.cell ?? null;
  }, visiblePx);
  expect(cell, 'a programme long enough in view').not.toBeNull();
  return guide.locator(`[data-cell="${cell}"]`);
}

/**
 * Asserts that `cell` begins before the guide's visible start edge and that the first letter of
 * its title is drawn inside the part of the cell in view (inside the title's box, which cuts it
 * short: whatever the title's direction, its start is not the part cut).
 */
async function expectTitleInView(guide: Locator, cell: Locator) {
  const edge = (await guide.locator('.guide__corner').boundingBox())!;
  const area = (await guide.boundingBox())!;
  const start = edge.x + edge.width;
  await expect.poll(async () => (await cell.boundingBox())!.x).toBeLessThan(start - 50);
  const title = cell.locator('bdi');
  await expect(title).not.toBeEmpty();
  await expect
    .poll(async () => {
      const cellBox = (await cell.boundingBox())!;
      const end = Math.min(area.x + area.width, cellBox.x + cellBox.width);
      const { letter, box } = await title.evaluate((element) => {
        const range = document.createRange();
        range.setStart(element.firstChild!, 0);
        range.setEnd(element.firstChild!, 1);
        const rect = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
        return { letter: rect(range.getBoundingClientRect()), box: rect(element.getBoundingClientRect()) };
      });
      const inside = (r: typeof letter, left: number, right: number, top: number, bottom: number) =>
        r.left >= left - 0.5 && r.right <= right + 0.5 && r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
      return inside(letter, start, end, area.y, area.y + area.height) && inside(letter, box.left, box.right, box.top, box.bottom);
    })
    .toBe(true);
}

test('a programme begun before the visible edge keeps its title in view', async ({ page }) => {
  await page.goto('/epg');
  const guide = page.getByRole('region', { name: 'Programme guide' });
  await expect(guide.locator('a[aria-current="true"]').first()).toBeVisible();
  await expectTitleInView(guide, await straddleStartEdge(guide, 200));
  // Only a sliver in view: the title is cut short to it, not pushed out of view.
  await expectTitleInView(guide, await straddleStartEdge(guide, 70));
});

test('in Arabic at 390 px, a programme begun before the visible edge keeps its title in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/config.json');
  await page.evaluate(() => localStorage.setItem('stream.selectedLanguage', 'ar'));
  await page.goto('/epg');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const guide = page.getByRole('region', { name: 'دليل البرامج' });
  await expect(guide.locator('a[aria-current="true"]').first()).toBeVisible();
  await expectTitleInView(guide, await straddleStartEdge(guide, 150));
  await expectTitleInView(guide, await straddleStartEdge(guide, 70));
});
