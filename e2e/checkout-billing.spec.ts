import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN_HEADERS, createViewer, SANDBOX_URL, startSignedIn } from './sandbox';
import { axeViolations } from './support';

/**
 * The billing-details form of the checkout (commerce-and-account-data.md §5 restricted fields,
 * address fields, tax number; §8 424 `BASKET_REQUIREMENTS_FAILED` → missing fields;
 * identity-and-routes.md §3 "Country", §5 address fields, date input, Brazilian tax number), in
 * Chromium against the sandbox: the sandbox answers pay with 424 for a buyer whose country
 * requires billing fields the account lacks (`POST /_sandbox/caller`, docs/sandbox.md). Each test
 * makes its own account.
 */

const REALM_HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json', ...ADMIN_HEADERS };

/** Makes the sandbox see the account as buying from `country` (no billing details stored yet). */
async function setCallerCountry(request: APIRequestContext, email: string, country: string) {
  const response = await request.post(`${SANDBOX_URL}/_sandbox/caller`, { headers: REALM_HEADERS, data: { email, country } });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * A fresh viewer buying from `country` opens the checkout of Sports Basic signed in, accepts the
 * terms if asked, and pays with the test card 4242 4242 4242 4242; resolves with the billing
 * form the 424 brings up (its heading focused).
 */
async function payUntilBillingDetails(page: Page, request: APIRequestContext, country: string): Promise<Locator> {
  const viewer = await createViewer(request, `billing-${country.toLowerCase()}`);
  await setCallerCountry(request, viewer.email, country);
  await startSignedIn(page, viewer);
  await page.goto('/purchase?licenceId=101');

  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  const cardChoice = page.getByRole('radio', { name: 'Credit or debit card' });
  await expect(consent.or(cardChoice).first()).toBeVisible();
  if (await consent.isVisible()) {
    await consent.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
    await consent.getByRole('button', { name: 'Accept and continue' }).click();
  }
  await cardChoice.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name on card').fill('Billing Viewer');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();

  const form = page.getByRole('form', { name: 'Billing details' });
  await expect(form).toBeVisible({ timeout: 20_000 });
  await expect(form.getByRole('heading', { name: 'Billing details' })).toBeFocused();
  return form;
}

async function expectPaymentComplete(page: Page) {
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Sports Basic is now active on your account.')).toBeVisible();
}

test('a Brazilian buyer is asked for the address, tax number and birth date, fixes the errors and pays', async ({ page, request }) => {
  const form = await payUntilBillingDetails(page, request, 'BR');
  await expect(form.getByLabel('Country')).toHaveValue('BR');
  // The fields BR requires (apps/sandbox/src/seed/countries.ts, realm.ts), in the platform's order.
  const street = form.getByLabel('Endereço');
  const city = form.getByLabel('Cidade');
  const state = form.getByLabel('Estado');
  const postalCode = form.getByLabel('CEP');
  const taxNumber = form.getByLabel('Tax number (CPF)');
  const birthDate = form.getByRole('group', { name: 'Date of birth' });
  for (const field of [street, city, state, postalCode, taxNumber, birthDate]) await expect(field).toBeVisible();
  await expect(taxNumber).toHaveAttribute('inputmode', 'numeric');

  // Submitting empty: every required error, the first field focused and described by its error.
  await form.getByRole('button', { name: 'Save and pay' }).click();
  await expect(street).toBeFocused();
  await expect(street).toHaveAttribute('aria-invalid', 'true');
  await expect(street).toHaveAccessibleDescription('Enter the first line of your address.');
  await expect(city).toHaveAccessibleDescription('Enter your town or city.');
  await expect(state).toHaveAccessibleDescription('Enter or choose your state, province or county.');
  await expect(postalCode).toHaveAccessibleDescription('Enter your postal code.');
  await expect(taxNumber).toHaveAccessibleDescription(/^Enter your tax number\./);
  await expect(birthDate.getByLabel('Day')).toHaveAccessibleDescription('Enter your full date of birth: day, month and year.');
  expect(await axeViolations(page)).toEqual([]);

  // The tax number is formatted as it is typed; a short one is refused on blur (after the submit).
  await taxNumber.pressSequentially('1234567890');
  await expect(taxNumber).toHaveValue('123.456.789-0');
  await taxNumber.blur();
  await expect(taxNumber).toHaveAccessibleDescription(/^Enter a valid tax number/);
  // Eleven digits with wrong check digits are refused too (commerce §5, taxNumberFieldIsInvalid).
  await taxNumber.fill('');
  await taxNumber.pressSequentially('12345678901');
  await expect(taxNumber).toHaveValue('123.456.789-01');
  await taxNumber.blur();
  await expect(taxNumber).toHaveAccessibleDescription(/^Enter a valid tax number/);
  await expect(taxNumber).toHaveAttribute('aria-invalid', 'true');
  await taxNumber.fill('');
  await taxNumber.pressSequentially('12345678909');
  await expect(taxNumber).toHaveValue('123.456.789-09');
  await expect(taxNumber).not.toHaveAttribute('aria-invalid', 'true');

  // A corrected field loses its error at once.
  await street.fill('Avenida Paulista 1000');
  await expect(street).not.toHaveAttribute('aria-invalid', 'true');
  await city.fill('São Paulo');
  await state.selectOption({ label: 'São Paulo' });
  await postalCode.fill('01310-100');

  // Date of birth: day, month, year (the L format DD/MM/YYYY); focus moves on when a part is full.
  await birthDate.getByLabel('Day').click();
  await page.keyboard.type('15');
  await expect(birthDate.getByLabel('Month')).toBeFocused();
  await page.keyboard.type('1a');
  await expect(birthDate.getByLabel('Month')).toHaveValue('1');
  await page.keyboard.type('0');
  await expect(birthDate.getByLabel('Year')).toBeFocused();
  await page.keyboard.type('1990');
  await expect(birthDate.getByLabel('Month')).toHaveValue('10');
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);

  await form.getByRole('button', { name: 'Save and pay' }).click();
  await expectPaymentComplete(page);
});

test('a British buyer is asked for the postcode only, never the tax number', async ({ page, request }) => {
  const form = await payUntilBillingDetails(page, request, 'GB');
  await expect(form.getByLabel('Country')).toHaveValue('GB');
  await expect(form.getByLabel('Postcode')).toBeVisible();
  await expect(form.getByLabel(/Tax number|CPF/)).toHaveCount(0);
  await expect(form.getByRole('group', { name: 'Date of birth' })).toHaveCount(0);

  await form.getByRole('button', { name: 'Save and pay' }).click();
  await expect(form.getByLabel('Postcode')).toBeFocused();
  await expect(form.getByLabel('Postcode')).toHaveAccessibleDescription('Enter your postal code.');
  // Straight from the corrected field to Submit: one click pays.
  await form.getByLabel('Postcode').fill('SW1A 1AA');
  await form.getByRole('button', { name: 'Save and pay' }).click();
  await expectPaymentComplete(page);
});

test('a buyer who changes the country from Brazil to the United Kingdom is asked for the new country fields', async ({ page, request }) => {
  const form = await payUntilBillingDetails(page, request, 'BR');
  await expect(form.getByLabel('Tax number (CPF)')).toBeVisible();
  await form.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await expect(form.getByLabel('Tax number (CPF)')).toHaveCount(0);
  await expect(form.getByRole('group', { name: 'Date of birth' })).toHaveCount(0);
  await expect(form.getByLabel('CEP')).toHaveCount(0);
  await form.getByLabel('Postcode').fill('SW1A 1AA');
  await form.getByRole('button', { name: 'Save and pay' }).click();
  await expectPaymentComplete(page);
});

test('the billing form fits a phone screen and Cancel goes back to the payment', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const form = await payUntilBillingDetails(page, request, 'BR');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await form.getByLabel('Tax number (CPF)').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toBeVisible();
});
