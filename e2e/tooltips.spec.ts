import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support';

// Issue 18, "Constants of §9 not yet used": commerce-and-account-data.md §9 "Tooltip keeps 10 px
// from the screen edge". The icon-only buttons (a rail's steps, a card's heart) show their name
// as a tooltip on hover and on keyboard focus (apps/web/src/components/Tooltip.tsx, placed by
// core's placeTooltip).

const EDGE_MARGIN_PX = 10;

test.use({ viewport: { width: 390, height: 844 } });

/** The visible tooltip's distances (CSS px) to the four edges of the viewport (without scroll bars). */
async function edgeDistances(page: Page, tooltip: Locator) {
  const box = await tooltip.boundingBox();
  expect(box).not.toBeNull();
  const viewport = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: document.documentElement.clientHeight }));
  return {
    left: box!.x,
    top: box!.y,
    right: viewport.width - (box!.x + box!.width),
    bottom: viewport.height - (box!.y + box!.height),
  };
}

async function expectInsideMargins(page: Page, tooltip: Locator) {
  const distances = await edgeDistances(page, tooltip);
  // Sub-pixel layout: a hundredth of a pixel of slack.
  for (const [edge, distance] of Object.entries(distances)) expect(distance, edge).toBeGreaterThanOrEqual(EDGE_MARGIN_PX - 0.01);
  return distances;
}

/** The rail of new releases on home, in English or Arabic, and its Next button's name. */
const NEW_RELEASES = {
  en: { rail: 'New releases', next: 'Next: New releases', dir: 'ltr' },
  ar: { rail: 'إصدارات جديدة', next: 'التالي: إصدارات جديدة', dir: 'rtl' },
} as const;

/** Opens home in `language` (as the language picker leaves it) and scrolls to the rail of new releases. */
async function newReleases(page: Page, language: keyof typeof NEW_RELEASES = 'en') {
  const names = NEW_RELEASES[language];
  if (language !== 'en') await page.addInitScript((chosen) => localStorage.setItem('stream.selectedLanguage', chosen), language);
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('dir', names.dir);
  const rail = page.getByRole('region', { name: names.rail });
  await rail.scrollIntoViewIfNeeded();
  return { rail, next: rail.getByRole('button', { name: names.next }), text: names.next, tooltip: page.getByRole('tooltip') };
}

/** True when the two boxes share any area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test('a rail’s Next at the right edge: its tooltip keeps 10 px from the edge, stays while hovered, Escape hides it', async ({ page }) => {
  const { next, tooltip } = await newReleases(page);
  await expect(next).toHaveAccessibleDescription('Next: New releases');
  await expect(tooltip).toHaveCount(0);

  // The button sits near the right edge: centred on it, the tooltip would cross the edge.
  const button = (await next.boundingBox())!;
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(width - (button.x + button.width)).toBeLessThan(40);

  await next.hover();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText('Next: New releases');
  const distances = await expectInsideMargins(page, tooltip);
  expect(distances.right).toBeLessThan(EDGE_MARGIN_PX + 1); // moved in to the margin, no further
  expect(await overlap(tooltip, next)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);

  // Hoverable: the pointer moves from the button onto the tooltip, and it stays.
  const tip = (await tooltip.boundingBox())!;
  await page.mouse.move(tip.x + tip.width / 2, tip.y + tip.height / 2, { steps: 8 });
  await expect(tooltip).toBeVisible();

  // Escape dismisses it without moving the pointer; away from both, it is gone too.
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
  await next.hover();
  await expect(tooltip).toBeVisible();
  await page.mouse.move(5, 5);
  await expect(tooltip).toHaveCount(0);
});

test('keyboard focus shows the tooltip; Escape hides it and focus stays', async ({ page }) => {
  const { next, tooltip } = await newReleases(page);
  await expect(next).toBeEnabled();
  // By keyboard: from Next back (Previous is disabled at the start) and forward again.
  await next.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(next).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText('Next: New releases');
  await expectInsideMargins(page, tooltip);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
  await expect(next).toBeFocused();
  // Moving on hides nothing left behind; coming back shows it again.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(tooltip).toBeVisible();
});

test('a card’s heart names itself in a tooltip, above or below it, inside the margins', async ({ page }) => {
  const { rail, tooltip } = await newReleases(page);
  const heart = rail.getByRole('button', { name: /^Favourite: / }).first();
  const name = (await heart.getAttribute('aria-label'))!;
  await heart.hover();
  await expect(tooltip).toHaveText(name);
  await expectInsideMargins(page, tooltip);
  expect(await overlap(tooltip, heart)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
});

test('in Arabic the Next button is at the left edge: the tooltip keeps 10 px from it', async ({ page }) => {
  const { next, text, tooltip } = await newReleases(page, 'ar');
  expect((await next.boundingBox())!.x).toBeLessThan(40);
  await next.hover();
  await expect(tooltip).toHaveText(text);
  const distances = await expectInsideMargins(page, tooltip);
  expect(distances.left).toBeLessThan(EDGE_MARGIN_PX + 1);
  expect(await overlap(tooltip, next)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
});
