import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BRAZILIAN_BILLING_DETAILS } from '../apps/sandbox/test/fixtures/brazilianBuyer';
import { ADMIN_HEADERS, createViewer, LICENCES, loginViewer, SANDBOX_URL, startSignedIn, type Viewer } from './sandbox';

/**
 * Issue 12, what a buyer sees (commerce-and-account-data.md §3 Money, §5, identity §2 consent):
 * a signed-in buyer is asked for the terms, a declined card is never kept, a Brazilian caller sees
 * and pays in BRL, and prices follow the active locale's Intl formatting. Each test signs up its
 * own viewer.
 */

const REALM_HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key' };
const NO_SAVED_CARDS = 'You have no saved cards.';

/** GETs a platform call as `viewer` (a fresh sign-in: the e2e access tokens live 4 seconds). */
async function platformGet<T>(request: APIRequestContext, viewer: Viewer, path: string): Promise<T> {
  const { tokens } = await loginViewer(request, viewer.email, viewer.password);
  const response = await request.get(`${SANDBOX_URL}${path}`, { headers: { ...REALM_HEADERS, Authorization: `Bearer ${tokens.authorisationToken}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** Makes the sandbox see `viewer` as buying from `country`, with `address` as its billing details. */
async function setCaller(request: APIRequestContext, viewer: Viewer, country: string, address: Record<string, string> = {}) {
  const response = await request.post(`${SANDBOX_URL}/_sandbox/caller`, {
    headers: { ...REALM_HEADERS, ...ADMIN_HEADERS, 'content-type': 'application/json' },
    data: { email: viewer.email, country, address },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The terms dialog: required term ticked, accepted. */
async function acceptTerms(page: Page) {
  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  await expect(consent).toBeVisible();
  await consent.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
  await consent.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
}

/** From the payment page: the card provider, Continue, then the card form filled with `number`. */
async function fillCard(page: Page, number: string) {
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeFocused();
  await page.getByLabel('Name on card').fill('Buyer Viewer');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
}

test('a signed-in buyer is asked for the terms before paying; a declined card is not kept', async ({ page, request }) => {
  const viewer = await createViewer(request, 'terms');
  await startSignedIn(page, viewer);
  await page.goto(`/purchase?licenceId=${LICENCES.sportsPremium}`);
  // The terms step, as a guest would see it (nothing recorded on this account yet).
  await acceptTerms(page);

  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('alert').getByText('Your card was declined.')).toBeVisible();

  // The declined card is nowhere on the account.
  expect((await platformGet<{ cards: unknown[] }>(request, viewer, '/api/v2/customer/cards')).cards).toEqual([]);
  await page.goto('/account');
  const methods = page.getByRole('region', { name: 'Payment methods' });
  // Loaded (not a loading state): the empty list's text.
  await expect(methods.getByText(NO_SAVED_CARDS)).toBeVisible();
  await expect(methods.getByRole('article')).toHaveCount(0);
  await expect(methods).not.toContainText('0002');

  // The terms given with the payment are recorded: the next checkout goes straight to pay.
  await page.goto(`/purchase?licenceId=${LICENCES.sportsBasic}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Terms of use' })).toHaveCount(0);
});

test('a Brazilian caller sees, pays and is receipted in BRL', async ({ page, request }) => {
  const viewer = await createViewer(request, 'brazil');
  await setCaller(request, viewer, 'BR', BRAZILIAN_BILLING_DETAILS);
  await startSignedIn(page, viewer);
  await page.goto('/purchase');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  const brl = (value: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'BRL' }).format(value);
  await expect(page.getByRole('article', { name: 'Sports Basic', exact: true })).toContainText(brl(29.9));

  await page.goto(`/purchase?licenceId=${LICENCES.sportsBasic}`);
  await acceptTerms(page);
  await expect(page.getByRole('row', { name: /^Total\b/ })).toContainText(brl(29.9));
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: `Pay ${brl(29.9)}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment complete' })).toBeVisible();

  const { items } = await platformGet<{ items: { status: string; skuLicence: { price: { amount: number; currency: string } } }[] }>(
    request,
    viewer,
    '/api/v2/customer/payments',
  );
  expect(items).toEqual([expect.objectContaining({ status: 'succeeded', skuLicence: expect.objectContaining({ price: expect.objectContaining({ amount: 2990, currency: 'BRL' }) }) })]);
});

test('in Arabic, prices are formatted by Intl for the Arabic locale', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.goto('/purchase');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const expected = await page.evaluate(() =>
    new Intl.NumberFormat('ar', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(7.99),
  );
  const basic = page.getByRole('article').filter({ hasText: 'Sports Basic' }).first();
  await expect(basic).toContainText(expected);
  await expect(basic).not.toContainText('£7.99');
});
