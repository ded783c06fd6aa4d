import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support';

// Issue 18, "Constants of §9 not yet used": commerce-and-account-data.md §9 "Tooltip keeps 10 px
// from the screen edge". The icon-only buttons (a card's heart, a rail's steps) show their name
// as a tooltip on hover and on keyboard focus (apps/web/src/components/Tooltip.tsx, placed by
// core's placeTooltip). On a phone (390 px) the rails have no step buttons (touch scrolls them):
// there the trigger near the edge is a card's heart; the steps are tested on a tablet (768 px).

const EDGE_MARGIN_PX = 10;
const PHONE = { width: 390, height: 844 } as const;
const TABLET = { width: 768, height: 1024 } as const;

/** Opens home, in Arabic (as the language picker leaves it) when asked; waits for the cards' hearts. */
async function openHome(page: Page, language: 'en' | 'ar' = 'en') {
  if (language === 'ar') await page.addInitScript(() => localStorage.setItem('stream.selectedLanguage', 'ar'));
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('.tile__heart button').first()).toBeVisible();
}

/**
 * The card heart closest to the `side` edge of the screen among those wholly in view across
 * (inside their rail's visible width), scrolled into view: a trigger whose centred tooltip would
 * cross that edge's margin.
 */
async function heartNearEdge(page: Page, side: 'left' | 'right'): Promise<Locator> {
  const hearts = page.locator('.tile__heart button');
  const index = await hearts.evaluateAll((buttons, edge) => {
    const width = document.documentElement.clientWidth;
    let best = -1;
    let bestDistance = Infinity;
    buttons.forEach((button, i) => {
      const rect = button.getBoundingClientRect();
      const list = button.closest('ul')?.getBoundingClientRect() ?? { left: 0, right: width };
      if (rect.width === 0 || rect.left < Math.max(0, list.left) || rect.right > Math.min(width, list.right)) return;
      const distance = edge === 'right' ? width - rect.right : rect.left;
      if (distance < bestDistance) [best, bestDistance] = [i, distance];
    });
    return best;
  }, side);
  expect(index).toBeGreaterThanOrEqual(0);
  const heart = hearts.nth(index);
  await heart.scrollIntoViewIfNeeded();
  return heart;
}

/** The visible tooltip's distances (CSS px) to the four edges of the viewport (without scroll bars). */
async function edgeDistances(page: Page, tooltip: Locator) {
  const box = (await tooltip.boundingBox())!;
  const viewport = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: document.documentElement.clientHeight }));
  return { left: box.x, top: box.y, right: viewport.width - (box.x + box.width), bottom: viewport.height - (box.y + box.height), viewport };
}

/**
 * Checks the open tooltip of `trigger`: at least 10 px from every edge, clear of its trigger, and
 * (the case the rule is for) where centring it on the trigger would have crossed the `side`
 * edge's margin, moved in to that margin and no further.
 */
async function expectKeptFromEdge(page: Page, trigger: Locator, tooltip: Locator, side: 'left' | 'right') {
  const { viewport, ...distances } = await edgeDistances(page, tooltip);
  // Sub-pixel layout: a hundredth of a pixel of slack.
  for (const [edge, distance] of Object.entries(distances)) expect(distance, edge).toBeGreaterThanOrEqual(EDGE_MARGIN_PX - 0.01);
  const [button, tip] = [(await trigger.boundingBox())!, (await tooltip.boundingBox())!];
  const centre = button.x + button.width / 2;
  const centredEdge = side === 'right' ? viewport.width - (centre + tip.width / 2) : centre - tip.width / 2;
  expect(centredEdge, 'centred, it would cross the margin').toBeLessThan(EDGE_MARGIN_PX);
  expect(distances[side]).toBeLessThan(EDGE_MARGIN_PX + 1);
  const overlaps = tip.x < button.x + button.width && button.x < tip.x + tip.width && tip.y < button.y + button.height && button.y < tip.y + tip.height;
  expect(overlaps, 'the tooltip covers its trigger').toBe(false);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('a card’s heart near the right edge: its tooltip keeps 10 px from the edge, is hoverable, Escape hides it', async ({ page }) => {
    await openHome(page);
    const heart = await heartNearEdge(page, 'right');
    const name = (await heart.getAttribute('aria-label'))!;
    expect(name).toMatch(/^Favourite: /);
    await expect(heart).toHaveAccessibleDescription(name);
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveCount(0);

    await heart.hover();
    await expect(tooltip).toHaveText(name);
    await expectKeptFromEdge(page, heart, tooltip, 'right');
    expect(await axeViolations(page)).toEqual([]);

    // Hoverable: the pointer moves from the heart onto the tooltip, and it stays.
    const tip = (await tooltip.boundingBox())!;
    await page.mouse.move(tip.x + tip.width / 2, tip.y + tip.height / 2, { steps: 8 });
    await expect(tooltip).toBeVisible();
    // Escape dismisses it without moving the pointer; away from both, it is gone too.
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
    await heart.hover();
    await expect(tooltip).toBeVisible();
    await page.mouse.move(1, 1);
    await expect(tooltip).toHaveCount(0);
  });

  test('keyboard focus on a heart shows its tooltip; Escape hides it and focus stays', async ({ page }) => {
    await openHome(page);
    const heart = await heartNearEdge(page, 'right');
    const name = (await heart.getAttribute('aria-label'))!;
    // By keyboard: back to the card's link and forward again onto the heart.
    await heart.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(heart).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(heart).toBeFocused();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText(name);
    await expectKeptFromEdge(page, heart, tooltip, 'right');
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
    await expect(heart).toBeFocused();
    // Leaving and coming back shows it again.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(tooltip).toBeVisible();
  });

  test('in Arabic a heart near the left edge: the tooltip keeps 10 px from it', async ({ page }) => {
    await openHome(page, 'ar');
    const heart = await heartNearEdge(page, 'left');
    await heart.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText((await heart.getAttribute('aria-label'))!);
    await expectKeptFromEdge(page, heart, tooltip, 'left');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
  });
});

test.describe('on a tablet', () => {
  test.use({ viewport: TABLET });

  for (const [language, side, rail, next] of [
    ['en', 'right', 'New releases', 'Next: New releases'],
    ['ar', 'left', 'إصدارات جديدة', 'التالي: إصدارات جديدة'],
  ] as const) {
    test(`a rail’s Next at the ${side} edge (${language}): the tooltip keeps 10 px from it`, async ({ page }) => {
      await openHome(page, language);
      const button = page.getByRole('region', { name: rail }).getByRole('button', { name: next });
      await button.scrollIntoViewIfNeeded();
      await button.hover();
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toHaveText(next);
      await expectKeptFromEdge(page, button, tooltip, side);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
