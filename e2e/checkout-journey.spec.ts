import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_HEADERS, CONTENT, createViewer, SANDBOX_URL, startSignedIn } from './sandbox';
import { axeViolations, uniqueEmail } from './support';

/**
 * The PURCHASE route's journey (identity-and-routes.md §2 consent and sign-up restricted modals,
 * §4 journey steps, §5 consent; commerce-and-account-data.md §2 checkout load failures, §6 child
 * profiles), in Chromium against the sandbox. Each test makes its own accounts.
 */

const REALM_HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json', ...ADMIN_HEADERS };

/** The seeded consent terms (apps/sandbox/src/seed/realm.ts). */
const TERMS = { required: 'I accept the terms of use', marketing: 'Send me news and offers by email' } as const;

/** Sets the sandbox's view of an account's situation (`POST /_sandbox/caller`, docs/sandbox.md). */
async function setCaller(request: APIRequestContext, data: { email: string; child?: boolean; country?: string; vpn?: boolean }) {
  const response = await request.post(`${SANDBOX_URL}/_sandbox/caller`, { headers: REALM_HEADERS, data });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * From the journey's sign-in step: switches to creating an account and signs up a fresh viewer;
 * resolves when the consent dialog is open.
 */
async function signUpInJourney(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();
  const email = uniqueEmail('journey');
  await page.getByLabel('Name').fill('Journey Viewer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('dialog', { name: 'Terms of use' })).toBeVisible();
  return email;
}

test('a guest picks Sports Premium, signs up, accepts the terms, pays by card and watches the premium video', async ({ page }) => {
  await page.goto('/purchase');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Checkout progress' })).toContainText('Step 1 of 4');

  await page.getByRole('article', { name: 'Sports Premium', exact: true }).getByRole('link', { name: 'Choose Sports Premium' }).click();
  // The choice is kept in the address, so a reload keeps it.
  await expect(page).toHaveURL(/\/purchase\?licenceId=102$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Checkout progress' }).locator('[aria-current="step"]')).toHaveText(/Account/);

  await signUpInJourney(page);
  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  await consent.getByRole('checkbox', { name: TERMS.required }).check();
  await consent.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(consent).toBeHidden();

  // The payment step (apps/web/src/checkout): the card provider, then the card form.
  await expect(page.getByRole('navigation', { name: 'Checkout progress' }).locator('[aria-current="step"]')).toHaveText(/Payment/);
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name on card').fill('Journey Viewer');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 20_000 });

  // The licence opens the premium video.
  await page.goto(CONTENT.sportsVideo.path);
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
});

test('a child profile sees the sign-up restricted modal; Close goes home, or to a safe from path', async ({ page, request }) => {
  const viewer = await createViewer(request, 'child');
  await setCaller(request, { email: viewer.email, child: true });
  await startSignedIn(page, viewer);

  await page.goto('/purchase');
  const modal = page.getByRole('dialog', { name: "You can't buy a plan here" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("Child profiles can't buy plans or create accounts.");
  await expect(modal).toHaveAttribute('aria-modal', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // A `from` inside the app is where Close goes; one outside the app is ignored.
  await page.goto('/purchase?licenceId=102&from=%2Faccount');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/purchase?from=https%3A%2F%2Fevil.example%2F');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/home$/);
});

test('signing in to a child profile inside the journey ends at the restricted modal', async ({ page, request }) => {
  const child = await createViewer(request, 'journey-child');
  await setCaller(request, { email: child.email, child: true });
  await page.goto('/purchase?licenceId=102');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(child.email);
  await page.getByLabel('Password', { exact: true }).fill(child.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  const modal = page.getByRole('dialog', { name: "You can't buy a plan here" });
  await expect(modal).toContainText("Child profiles can't buy plans or create accounts.");
  await expect(page.getByRole('dialog', { name: 'Terms of use' })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('the consent submit stays disabled until the required term is ticked', async ({ page }) => {
  await page.goto('/purchase?licenceId=101');
  await signUpInJourney(page);
  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  const submit = consent.getByRole('button', { name: 'Accept and continue' });
  await expect(consent.getByRole('checkbox', { name: TERMS.required })).not.toBeChecked();
  await expect(submit).toBeDisabled();
  await expect(consent).toContainText('Tick the required terms to continue.');

  // The optional term alone is not enough.
  await consent.getByRole('checkbox', { name: TERMS.marketing }).check();
  await expect(submit).toBeDisabled();
  await consent.getByRole('checkbox', { name: TERMS.required }).check();
  await expect(submit).toBeEnabled();
  await expect(consent).not.toContainText('Tick the required terms to continue.');
  await consent.getByRole('checkbox', { name: TERMS.required }).uncheck();
  await expect(submit).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);
});

test('a plans load failure shows the message with Retry, and Retry loads the plans', async ({ page }) => {
  const families = /\/api\/v2\/licence-family(\?|$)/;
  await page.route(families, (route) => route.abort());
  await page.goto('/purchase');
  await expect(page.getByRole('alert')).toHaveText("We couldn't load the plans. Try again in a moment.");
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();

  await page.unroute(families);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('article', { name: 'Sports Premium', exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the consent dialog can be completed with the keyboard alone', async ({ page }) => {
  await page.goto('/purchase?licenceId=101');
  await signUpInJourney(page);
  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  // The dialog's title has the focus when it opens.
  await expect(consent.getByRole('heading', { name: 'Terms of use' })).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(consent.getByRole('checkbox', { name: TERMS.required })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(consent.getByRole('checkbox', { name: TERMS.required })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(consent.getByRole('checkbox', { name: TERMS.marketing })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(consent.getByRole('button', { name: 'Accept and continue' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(consent).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Checkout progress' }).locator('[aria-current="step"]')).toHaveText(/Payment/);
});

test('a signed-in viewer with a chosen plan starts at payment; Change plan shows the plans and forgets the choice', async ({
  page,
  request,
}) => {
  // An account that accepted the terms at sign-up (a signed-in buyer without them gets the terms step first).
  const email = uniqueEmail('journey-back');
  const signUp = await request.post(`${SANDBOX_URL}/api/v2/user`, {
    headers: { Realm: 'stream', 'x-api-key': 'sandbox-api-key' },
    data: { id: email, secret: 'correct horse battery', name: 'Journey Viewer', consentAnswers: [{ fieldName: 'termsOfUse', answer: true }] },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await startSignedIn(page, { email, password: 'correct horse battery', tokens: await signUp.json() });
  await page.goto('/purchase?licenceId=101&from=%2Faccount');
  const progress = page.getByRole('navigation', { name: 'Checkout progress' });
  await expect(progress).toContainText('Step 2 of 2');
  await expect(progress.locator('[aria-current="step"]')).toHaveText(/Payment/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Change plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeFocused();
  await expect(page).toHaveURL(/\/purchase\?from=%2Faccount$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();

  await page.getByRole('link', { name: 'Choose Sports Premium', exact: true }).click();
  await expect(page).toHaveURL(/\/purchase\?from=%2Faccount&licenceId=102$/);
  await expect(progress.locator('[aria-current="step"]')).toHaveText(/Payment/);
});

test('the journey fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/purchase?licenceId=101');
  await signUpInJourney(page);
  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  const box = await consent.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
