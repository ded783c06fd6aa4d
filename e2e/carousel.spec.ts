import { expect, test } from '@playwright/test';

// Issue 14: "the discovery carousel (paging and fetching, §4)": core's carousel machine under the
// rails of HOME and SECTION (apps/web/src/discovery/RailCarousel.tsx). A rail arrives with its
// first 12 items (the section's `itemsRpp`); the next page is read with `lastSeen`.

test.use({ viewport: { width: 1280, height: 900 } });

test('a rail moves a view at a time, reads its next page before the end, and moves back', async ({ page }) => {
  await page.goto('/home');
  const rail = page.getByRole('region', { name: 'New releases' });
  const items = rail.locator('ul > li:not([data-placeholder])');
  await expect(items).toHaveCount(12);
  const previous = rail.getByRole('button', { name: 'Previous: New releases' });
  const next = rail.getByRole('button', { name: 'Next: New releases' });
  await expect(previous).toBeDisabled();
  await rail.scrollIntoViewIfNeeded();
  const first = items.first().getByRole('link');
  await expect(first).toBeInViewport();

  const railReads: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v2\/rails\/home-new\?/.test(request.url())) railReads.push(new URL(request.url()).searchParams.get('lastSeen') ?? '');
  });
  await next.click();
  // A view later the first card is out of view.
  await expect(first).not.toBeInViewport();
  await expect(previous).toBeEnabled();
  // View after view, the rail's next page (after its first 12 items) is read before the end.
  await expect(async () => {
    await next.click();
    expect(await items.count()).toBeGreaterThan(12);
  }).toPass();
  expect(railReads[0]).toBe('12');

  // Back to the start, a view at a time.
  await expect(async () => {
    await previous.click();
    await expect(previous).toBeDisabled({ timeout: 250 });
  }).toPass();
  await expect(first).toBeInViewport();
});

test('scrolling a rail by hand moves the carousel too (Previous becomes available)', async ({ page }) => {
  await page.goto('/home');
  const rail = page.getByRole('region', { name: 'New releases' });
  const previous = rail.getByRole('button', { name: 'Previous: New releases' });
  await expect(previous).toBeDisabled();
  await rail.locator('ul').evaluate((list) => list.scrollBy({ left: list.clientWidth, behavior: 'instant' }));
  await expect(previous).toBeEnabled();
});

test('in Arabic the rail runs right to left and Next still moves forward', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('stream.selectedLanguage', 'ar'));
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const rail = page.getByRole('region', { name: 'إصدارات جديدة' });
  await rail.scrollIntoViewIfNeeded();
  const first = rail.locator('ul > li').first().getByRole('link');
  await expect(first).toBeInViewport();
  await rail.getByRole('button', { name: 'التالي: إصدارات جديدة' }).click();
  await expect(first).not.toBeInViewport();
});
