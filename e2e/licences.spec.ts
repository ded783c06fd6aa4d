import { expect, test, type Page } from '@playwright/test';
import { createViewer, grantLicence, LICENCES, startSignedIn } from './sandbox';
import { axeViolations } from './support';

/**
 * A fresh viewer holding Sports Premium (monthly, auto-renewing, pausable, with a cancellation
 * offer), signed in in `page`. Each test has its own viewer, so tests do not depend on each other.
 */
async function signInWithSportsPremium(page: Page, request: Parameters<typeof createViewer>[0]) {
  const viewer = await createViewer(request, 'licences');
  await grantLicence(request, viewer.email, LICENCES.sportsPremium);
  await startSignedIn(page, viewer);
  return viewer;
}

// commerce-and-account-data.md §4 (renewal labels), §6 (pause, resume, cancel per licence), §7
// (cancellation promo, reactivate).
test('a subscriber pauses, resumes, cancels refusing the offer, and reactivates a monthly subscription', async ({ page, request }) => {
  await signInWithSportsPremium(page, request);
  await page.goto('/account');
  const subscriptions = page.getByRole('region', { name: 'Your subscriptions' });
  const card = subscriptions.getByRole('article', { name: 'Sports Premium' });
  await expect(card).toContainText('£12.99 per month');
  await expect(card).toContainText('Active');
  await expect(card).toContainText(/Renews monthly, next on [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}/);

  // Pause, without a resume date.
  await card.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(card.getByLabel('Resume automatically on (optional)')).toBeFocused();
  await card.getByRole('button', { name: 'Pause subscription' }).click();
  await expect(card).toContainText(/Paused/);
  await expect(card.getByRole('status')).toHaveText('Your subscription was updated.');
  await expect(card.getByRole('button', { name: 'Pause', exact: true })).toHaveCount(0);

  // Resume.
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card).toContainText(/Renews monthly, next on/);

  // Cancel: the offer is shown; refuse it.
  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  const offer = page.getByRole('dialog', { name: 'Before you cancel Sports Premium' });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Keep my subscription with the offer' })).toBeVisible();
  await offer.getByRole('button', { name: 'No thanks, cancel' }).click();
  await expect(offer).toBeHidden();
  await expect(card).toContainText(/Expires on [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}/);
  await expect(card.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

  // Reactivate.
  await card.getByRole('button', { name: 'Reactivate' }).click();
  await expect(card).toContainText(/Renews monthly, next on/);
  await expect(card.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

  // The list loaded again from the platform agrees after a reload.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Sports Premium' })).toContainText(/Renews monthly, next on/);
});

test('closing the cancellation offer keeps the subscription; taking it keeps it with the discount', async ({ page, request }) => {
  await signInWithSportsPremium(page, request);
  await page.goto('/account');
  const card = page.getByRole('article', { name: 'Sports Premium' });

  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  const offer = page.getByRole('dialog', { name: 'Before you cancel Sports Premium' });
  await expect(offer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(offer).toBeHidden();
  await expect(card).toContainText(/Renews monthly/);

  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  await offer.getByRole('button', { name: 'Keep my subscription with the offer' }).click();
  await expect(offer).toBeHidden();
  await expect(card).toContainText('Discount applied');
  await expect(card).toContainText(/Renews monthly/);
});

// commerce-and-account-data.md §3 (Money: local price), §4 (Downgrade, Selectable), §5 (trial).
test('the licences page shows prices, trials, the viewer plan and the downgrade marker', async ({ page, request }) => {
  await signInWithSportsPremium(page, request);
  await page.goto('/purchase');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();

  const basic = page.getByRole('article', { name: 'Sports Basic', exact: true });
  await expect(basic).toContainText('£7.99 per month');
  await expect(basic).toContainText('Downgrade');
  // A downgrade is switched to at renewal, not bought (docs/api.md "Plan changes").
  await expect(basic.getByRole('button', { name: 'Switch to Sports Basic at renewal' })).toBeEnabled();
  await expect(basic.getByRole('link', { name: 'Choose Sports Basic' })).toHaveCount(0);

  const premium = page.getByRole('article', { name: 'Sports Premium', exact: true });
  await expect(premium).toContainText('Your plan');
  await expect(premium).not.toContainText('Downgrade');
  // The held plan offers nothing to buy.
  await expect(premium.getByRole('button', { name: 'Choose Sports Premium' })).toHaveCount(0);
  await expect(premium.getByRole('link', { name: 'Choose Sports Premium' })).toHaveCount(0);

  await expect(page.getByRole('article', { name: 'Cinema Plus' })).toContainText('7-day free trial');
  // A price with no local amount falls back to the default one (EUR).
  await expect(page.getByRole('article', { name: 'Title Fight: Pay Per View' })).toContainText('€19.99');
  expect(await axeViolations(page)).toEqual([]);
});

test('the licences page fits a phone screen: cards stack', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/purchase');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('axe finds no violations on the account page with subscriptions and the offer open', async ({ page, request }) => {
  await signInWithSportsPremium(page, request);
  await page.goto('/account');
  const card = page.getByRole('article', { name: 'Sports Premium' });
  await expect(card).toContainText(/Renews monthly/);
  expect(await axeViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Pause subscription' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
