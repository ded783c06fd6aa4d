import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createViewer, LICENCES, loginViewer, SANDBOX_URL, startSignedIn, type Viewer } from './sandbox';
import { axeViolations } from './support';

/**
 * The payment step of the checkout, PAY and PAYMENT_AUTHORIZATION (commerce-and-account-data.md
 * §2, §3 Basket and Card, §4 redirecting providers, §5, §7 "Baskets and payments", §8), in Chromium
 * against the sandbox (its card processor, 3-D Secure challenge and PayPal approval page). Each
 * test signs up its own viewer.
 */

const REALM_HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key' };

/** Test cards of the sandbox's processor (docs/sandbox.md). */
const CARDS = {
  good: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0025 0000 3155',
} as const;

/** GETs a platform call as `viewer` (a fresh sign-in: the e2e access tokens live 4 seconds). */
async function platformGet<T>(request: APIRequestContext, viewer: Viewer, path: string): Promise<T> {
  const { tokens } = await loginViewer(request, viewer.email, viewer.password);
  const response = await request.get(`${SANDBOX_URL}${path}`, {
    headers: { ...REALM_HEADERS, Authorization: `Bearer ${tokens.authorisationToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** The viewer's payments, newest first (`GET /api/v2/customer/payments`). */
async function payments(request: APIRequestContext, viewer: Viewer): Promise<{ id: string; status: string }[]> {
  return (await platformGet<{ items: { id: string; status: string }[] }>(request, viewer, '/api/v2/customer/payments')).items;
}

/** The status of the viewer's licence `licenceId` (`GET /api/v2/user/licence`), or null. */
async function licenceStatus(request: APIRequestContext, viewer: Viewer, licenceId: string): Promise<string | null> {
  const { licences } = await platformGet<{ licences: { id: string; status?: string }[] }>(request, viewer, '/api/v2/user/licence');
  return licences.find((licence) => licence.id === licenceId)?.status ?? null;
}

/**
 * A fresh signed-in viewer opens the checkout of `licenceId`; the journey may ask for the terms
 * first (ticked and accepted). Resolves on the payment page.
 */
async function openCheckout(page: Page, request: APIRequestContext, licenceId: string): Promise<Viewer> {
  const viewer = await createViewer(request, 'payment');
  await startSignedIn(page, viewer);
  await page.goto(`/purchase?licenceId=${licenceId}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Review and pay' });
  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  await expect(heading.or(consent)).toBeVisible();
  if (await consent.isVisible()) {
    await consent.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
    await consent.getByRole('button', { name: 'Accept and continue' }).click();
  }
  await expect(heading).toBeVisible();
  return viewer;
}

/** The order summary's row named `name` ("Total", "Subtotal"…). */
const amountRow = (page: Page, name: string): Locator => page.getByRole('row', { name: new RegExp(`^${name}\\b`) });

/** From the payment page: the card provider, Continue, then the card form filled with `number`. */
async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeFocused();
  await page.getByLabel('Name on card').fill('Payment Viewer');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
}

const payButton = (page: Page): Locator => page.getByRole('button', { name: /^Pay £/ });
const completeHeading = (page: Page): Locator => page.getByRole('heading', { level: 1, name: 'Payment complete' });

test('a declined card shows the server message and keeps the card; a good card then pays with a new key', async ({ page, request }) => {
  const viewer = await openCheckout(page, request, LICENCES.sportsPremium);
  await fillCard(page, CARDS.declined);
  await payButton(page).click();

  // The server's message (§8), focused so that it is read out first.
  const alert = page.getByRole('alert').getByText('Your card was declined.');
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();
  await expect(page.getByLabel('Name on card')).toHaveValue('Payment Viewer');
  await expect(page.getByLabel('Card number')).toHaveValue(CARDS.declined);
  await expect(page.getByLabel('Expiry date')).toHaveValue('12/34');
  await expect(page.getByLabel('Security code')).toHaveValue('123');

  // Another card: a new idempotency key (the declined payment's key would replay the decline).
  await page.getByLabel('Card number').fill(CARDS.good);
  await payButton(page).click();
  await expect(completeHeading(page)).toBeVisible();
  await expect(page.getByText('Sports Premium is now active on your account.')).toBeVisible();

  const history = await payments(request, viewer);
  expect(history.map((item) => item.status)).toEqual(['succeeded', 'failed']);
  expect(await licenceStatus(request, viewer, LICENCES.sportsPremium)).toBe('ACTIVE');

  // The next checkout (another family: Sports Basic would be a downgrade) offers the card kept on
  // the account, which pays from the payment page.
  await page.goto(`/purchase?licenceId=${LICENCES.cinema}`);
  await page.getByRole('radio', { name: 'Saved card •••• 4242' }).check();
  await page.getByRole('button', { name: 'Pay £5.99' }).click();
  await expect(completeHeading(page)).toBeVisible();
  await expect(page.getByText('Cinema is now active on your account.')).toBeVisible();
  expect(await payments(request, viewer)).toHaveLength(3);
});

test('voucher HALF halves the total; a wrong code says so; removing it restores the total', async ({ page, request }) => {
  await openCheckout(page, request, LICENCES.sportsPremium);
  await expect(amountRow(page, 'Total')).toContainText('£12.99');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Voucher code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText("This voucher code isn't valid. Check it and try again.")).toBeVisible();
  await expect(page.getByLabel('Voucher code')).toHaveValue('NOSUCHCODE');
  await expect(amountRow(page, 'Total')).toContainText('£12.99');

  await page.getByLabel('Voucher code').fill('HALF');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(amountRow(page, 'Total')).toContainText('£6.49');
  await expect(amountRow(page, 'Subtotal')).toContainText('£12.99');
  await expect(amountRow(page, 'Voucher HALF')).toContainText('50% off');

  await page.getByRole('button', { name: 'Remove voucher HALF' }).click();
  await expect(amountRow(page, 'Total')).toContainText('£12.99');

  // iDEAL takes no vouchers: the field goes while it is selected.
  await page.getByRole('radio', { name: 'iDEAL' }).check();
  await expect(page.getByLabel('Voucher code')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await expect(page.getByLabel('Voucher code')).toBeVisible();
});

test('voucher FREE100 makes a zero balance: no card entry, the zero-balance button pays', async ({ page, request }) => {
  const viewer = await openCheckout(page, request, LICENCES.sportsBasic);
  await page.getByLabel('Voucher code').fill('FREE100');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(amountRow(page, 'Total')).toContainText('£0.00');

  await expect(page.getByText('Nothing to pay today')).toBeVisible();
  await expect(page.getByText(/you authorise Stream to start this subscription/)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Credit or debit card' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm at no cost' }).click();

  await expect(completeHeading(page)).toBeVisible();
  await expect(page.getByText('Sports Basic is now active on your account.')).toBeVisible();
  expect(await licenceStatus(request, viewer, LICENCES.sportsBasic)).toBe('ACTIVE');
});

test('a 3-D Secure card goes through the challenge and back to the payment authorization page', async ({ page, request }) => {
  const viewer = await openCheckout(page, request, LICENCES.sportsPremium);
  await fillCard(page, CARDS.threeDSecure);
  await payButton(page).click();

  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_processor/v1/challenge/`));
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  // Back in the app: the query is read, removed from the address bar, and the payment confirmed.
  await expect(completeHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/payment-authorization$/);
  await expect(page.getByText('Sports Premium is now active on your account.')).toBeVisible();
  await expect(page.getByRole('definition')).toHaveText('£12.99');
  expect(await licenceStatus(request, viewer, LICENCES.sportsPremium)).toBe('ACTIVE');
});

test('a failed 3-D Secure challenge shows the card error and a way back to the checkout', async ({ page, request }) => {
  await openCheckout(page, request, LICENCES.sportsPremium);
  await fillCard(page, CARDS.threeDSecure);
  await payButton(page).click();
  await page.getByRole('button', { name: 'Fail authentication' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText("There's a problem with this card. Check the details or use another card.");
  await page.getByRole('link', { name: 'Back to checkout' }).click();
  await expect(page).toHaveURL(/\/purchase\?licenceId=102/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
});

test('PayPal: Approve comes back to PAY and completes; Decline shows an error and the way back', async ({ page, request }) => {
  const viewer = await openCheckout(page, request, LICENCES.sportsPremium);
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with PayPal' })).toBeFocused();
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();

  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_provider/approve/`));
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
  await expect(page).toHaveURL(/\/pay\/PAYPAL$/);
  await expect(page.getByRole('alert')).toHaveText('The payer declined the payment at the provider.');
  await page.getByRole('link', { name: 'Back to checkout' }).click();
  // Nothing was paid, so the terms are not recorded yet: they are asked for again (issue 12, terms for every buyer).
  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  await consent.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
  await consent.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();

  // Again, approving this time.
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(completeHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/pay\/PAYPAL$/);
  await expect(page.getByText('Sports Premium is now active on your account.')).toBeVisible();
  expect((await payments(request, viewer)).map((item) => item.status)).toEqual(['succeeded']);
  expect(await licenceStatus(request, viewer, LICENCES.sportsPremium)).toBe('ACTIVE');

  // The PAY page without a pending checkout says there is nothing to confirm.
  await page.goto('/pay/PAYPAL?redirect_status=succeeded');
  await expect(page.getByRole('alert')).toHaveText("There's no payment to confirm here. Choose a plan to start again.");
  await expect(page.getByRole('link', { name: 'See plans' })).toBeVisible();
});

for (const provider of ['Bancontact', 'Pix', 'Alipay', 'WePay']) {
  test(`${provider}: the approval page sends the payer back to PAY, which completes`, async ({ page, request }) => {
    const viewer = await openCheckout(page, request, LICENCES.sportsPremium);
    await page.getByRole('radio', { name: provider }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: `Continue to ${provider}` }).click();
    await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_provider/approve/`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(provider);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(completeHeading(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/pay/${provider.toUpperCase()}$`));
    expect((await payments(request, viewer)).map((item) => item.status)).toEqual(['succeeded']);
    expect(await licenceStatus(request, viewer, LICENCES.sportsPremium)).toBe('ACTIVE');
  });
}

test('two clicks on Pay while it runs charge once', async ({ page, request }) => {
  const viewer = await openCheckout(page, request, LICENCES.sportsPremium);
  await fillCard(page, CARDS.good);
  // The pay call is held (not answered by the test: it goes on to the sandbox once released), so
  // the page can be looked at while the payment runs.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let payCalls = 0;
  await page.route(/\/api\/v2\/customer\/baskets\/pay\//, async (route) => {
    if (route.request().method() === 'POST') payCalls += 1;
    await held;
    await route.continue();
  });

  await payButton(page).dblclick();
  const busyButton = page.getByRole('button', { name: 'Paying…' });
  await expect(busyButton).toBeDisabled();
  await expect(busyButton).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByLabel('Card number')).toBeDisabled();
  release();

  await expect(completeHeading(page)).toBeVisible();
  expect(payCalls).toBe(1);
  expect(await payments(request, viewer)).toHaveLength(1);
});

test('the card form checks the fields on submit and moves focus to the first invalid one', async ({ page, request }) => {
  await openCheckout(page, request, LICENCES.sportsPremium);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name on card').fill('Payment Viewer');
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry date').fill('13/34');
  await payButton(page).click();

  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription('Enter a valid card number: check the digits on your card.');
  await expect(page.getByLabel('Expiry date')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a valid expiry month, from 01 to 12.')).toBeVisible();
  await expect(page.getByText('Enter the security code: 3 digits on the back of the card, or 4 on the front for American Express.')).toBeVisible();
  // Nothing left the page: still on the card step, at phone width without horizontal scrolling.
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeFocused();
});

test('voucher NOTRIAL: the platform refuses the free trial, the payer buys without it', async ({ page, request }) => {
  const viewer = await openCheckout(page, request, '202');
  await expect(page.getByText('7-day free trial')).toBeVisible();
  await page.getByLabel('Voucher code').fill('NOTRIAL');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('7-day free trial')).toBeHidden();
  await fillCard(page, CARDS.good);
  await payButton(page).click();

  const dialog = page.getByRole('dialog', { name: 'Buy without the free trial?' });
  await expect(dialog).toBeVisible();
  // Escape declines: nothing is paid, the card form is still filled.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Card number')).toHaveValue(CARDS.good);
  expect(await payments(request, viewer)).toHaveLength(0);

  await payButton(page).click();
  await dialog.getByRole('button', { name: 'Buy without the free trial' }).click();
  await expect(completeHeading(page)).toBeVisible();
  expect(await payments(request, viewer)).toHaveLength(1);
});
