import { expect, test, type APIRequestContext } from '@playwright/test';
import { createViewer, grantLicence, initCard, LICENCES, SANDBOX_URL, startSignedIn, viewerHeaders, type Viewer } from './sandbox';

/**
 * Plan changes and the cancel dialog as a person sees them (docs/api.md "Plan changes";
 * commerce §4 "Selectable", "Downgrade"; issue 12 "Money"): the held plan is marked yours with
 * nothing to buy, an upgrade's basket shows the credit for the unused part of the current plan, a
 * downgrade is scheduled for renewal and shown as a pending change that can be withdrawn, Cancel
 * asks first (with the offer's amount when there is one), and a TV operator's licence reads
 * "Included with …" with no price and no actions.
 */

const CINEMA = '201'; // monthly, no cancellation offer

/** Buys `licenceId` through the platform calls with a new test card, as the checkout would. */
async function buy(request: APIRequestContext, viewer: Viewer, licenceId: string): Promise<void> {
  const exid = await initCard(request, viewer, '4242424242424242');
  const headers = await viewerHeaders(request, viewer);
  const basket = await request.put(`${SANDBOX_URL}/api/v2/baskets/${licenceId}`, { headers });
  expect(basket.ok(), await basket.text()).toBe(true);
  const pay = await request.post(`${SANDBOX_URL}/api/v2/customer/baskets/pay/`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: { paymentArrangement: { primaryPaymentDetailsAttributes: { paymentDetailsExternalId: exid, targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' } } },
  });
  expect(pay.ok(), await pay.text()).toBe(true);
}

test('the held plan is marked yours with nothing to buy, and the checkout refuses it', async ({ page, request }) => {
  const viewer = await createViewer(request, 'plans-held');
  await grantLicence(request, viewer.email, LICENCES.sportsPremium);
  await startSignedIn(page, viewer);
  await page.goto('/purchase');
  const premium = page.getByRole('article', { name: 'Sports Premium', exact: true });
  await expect(premium).toContainText('Your plan');
  await expect(premium).toContainText('This is your current plan.');
  await expect(premium.getByRole('link')).toHaveCount(0);
  await expect(premium.getByRole('button')).toHaveCount(0);

  // Led to it by an address: the journey goes back to the plans and says why.
  await page.goto(`/purchase?licenceId=${LICENCES.sportsPremium}`);
  await expect(page.getByRole('alert')).toHaveText('You already have this plan.');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
});

test('an upgrade shows the credit for the unused part of the current plan in the basket', async ({ page, request }) => {
  const viewer = await createViewer(request, 'plans-upgrade');
  await buy(request, viewer, LICENCES.sportsBasic);
  await startSignedIn(page, viewer);
  await page.goto('/purchase');
  await page.getByRole('article', { name: 'Sports Premium', exact: true }).getByRole('link', { name: 'Choose Sports Premium' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Upgrade to Sports Premium' });
  const terms = page.getByRole('dialog', { name: 'Terms of use' });
  // A buyer whose consents are not yet recorded accepts the terms first.
  await expect(heading.or(terms)).toBeVisible();
  if (await terms.isVisible()) {
    await terms.getByRole('checkbox', { name: 'I accept the terms of use (required)' }).check();
    await terms.getByRole('button', { name: 'Accept and continue' }).click();
  }
  await expect(heading).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your order' });
  await expect(summary).toContainText('Sports Basic ends now and is replaced by this plan.');
  const credit = summary.getByRole('row', { name: /Credit for the unused part of Sports Basic/ });
  await expect(credit).toContainText(/−£\d+\.\d\d/);
  // The total is the price less the credit.
  const creditText = (await credit.getByRole('cell').textContent()) ?? '';
  const creditPence = Math.round(Number(creditText.replace(/[^\d.]/g, '')) * 100);
  expect(creditPence).toBeGreaterThan(0);
  expect(creditPence).toBeLessThanOrEqual(799);
  const total = ((1299 - creditPence) / 100).toFixed(2);
  await expect(summary.getByRole('row', { name: /Total/ })).toContainText(`£${total}`);
});

test('a downgrade is scheduled for renewal, shown as a pending change, and can be withdrawn', async ({ page, request }) => {
  const viewer = await createViewer(request, 'plans-downgrade');
  await buy(request, viewer, LICENCES.sportsPremium);
  await startSignedIn(page, viewer);
  await page.goto('/purchase');
  const basic = page.getByRole('article', { name: 'Sports Basic', exact: true });
  await expect(basic).toContainText('Downgrade');
  await basic.getByRole('button', { name: 'Switch to Sports Basic at renewal' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await expect(page).toHaveURL(/\/account$/);
  const card = page.getByRole('article', { name: 'Sports Premium' });
  await expect(card).toContainText(/Pending change: Changes to Sports Basic on ([A-Z][a-z]+ \d{1,2}, \d{4}|\d{1,2} [A-Z][a-z]+ \d{4})\./);
  await expect(card).toContainText(/Renews monthly/);
  await card.getByRole('button', { name: 'Keep Sports Premium' }).click();
  await expect(card).not.toContainText('Pending change');
  await page.reload();
  await expect(page.getByRole('article', { name: 'Sports Premium' })).toContainText(/Renews monthly/);
  await expect(page.getByRole('article', { name: 'Sports Premium' })).not.toContainText('Pending change');
});

test('cancel asks first: what is lost and when access ends; Escape keeps it and returns the focus', async ({ page, request }) => {
  const viewer = await createViewer(request, 'plans-cancel');
  await grantLicence(request, viewer.email, CINEMA);
  await startSignedIn(page, viewer);
  await page.goto('/account');
  const card = page.getByRole('article', { name: 'Cinema', exact: true });
  const cancel = card.getByRole('button', { name: 'Cancel subscription' });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Cinema?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/You will lose everything Cinema includes\. Your access ends on ([A-Z][a-z]+ \d{1,2}, \d{4}|\d{1,2} [A-Z][a-z]+ \d{4}), and it will not renew\./);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(card).toContainText(/Renews monthly/);

  // Keep closes it too; then confirming cancels.
  await cancel.click();
  await dialog.getByRole('button', { name: 'Keep my subscription' }).click();
  await expect(dialog).toBeHidden();
  await cancel.click();
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(/Expires on/);
  await expect(card.getByRole('button', { name: 'Reactivate' })).toBeVisible();
});

test('the cancellation offer states its amount and duration', async ({ page, request }) => {
  const viewer = await createViewer(request, 'plans-offer');
  await grantLicence(request, viewer.email, LICENCES.sportsPremium);
  await startSignedIn(page, viewer);
  await page.goto('/account');
  const card = page.getByRole('article', { name: 'Sports Premium' });
  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Before you cancel Sports Premium' });
  await expect(dialog).toContainText('50% off for 3 months: £6.49 a month');
  await expect(dialog).toContainText(/Your access ends on/);
});

test('a TV operator’s licence reads "Included with …", with no price and no pause, cancel or reactivate', async ({ page, request }) => {
  const viewer = await createViewer(request, 'plans-operator');
  await grantLicence(request, viewer.email, LICENCES.sportsPremium, { grantedBy: 'Northwind Cable', autoRenewing: false });
  await startSignedIn(page, viewer);
  await page.goto('/account');
  const card = page.getByRole('article', { name: 'Sports Premium' });
  await expect(card).toContainText('Included with Northwind Cable');
  await expect(card).not.toContainText('£12.99');
  await expect(card.getByRole('button')).toHaveCount(0);
});
