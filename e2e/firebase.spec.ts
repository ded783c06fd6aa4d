import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SANDBOX_URL } from './sandbox';
import { axeViolations, uniqueEmail } from './support';

/**
 * Firebase sign-in (identity-and-routes.md §4 "Firebase", §7 v1 firebase-auth calls, §8
 * "Firebase") through the Firebase Auth emulator the sandbox starts (docs/sandbox.md
 * "Firebase"): an email and password sign-up (with the consent terms) and a later sign-in, each
 * landing on `from`; the "Continue with Google" popup through the emulator's account page; a
 * wrong password showing invalidCredentials (issue 12: not "try again in a moment"); Google and
 * Facebook offered once (the Firebase form's buttons, not again among the other providers).
 */

const HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key' };
const PASSWORD = 'firebase-password';
const INVALID_CREDENTIALS = "That email and password don't match. Check them and try again, or reset your password.";

/** The emulator address from the realm settings, once the emulator answers (it takes 10–60 s to start). */
async function emulatorReady(request: APIRequestContext): Promise<string> {
  const settings = await (await request.get(`${SANDBOX_URL}/api/v2/realm/settings`, { headers: HEADERS })).json();
  const url = settings.authProviders.find((p: { name: string }) => p.name === 'FIREBASE')?.emulatorUrl as string | undefined;
  expect(url, 'the sandbox started no Firebase Auth emulator (is firebase-tools installed?)').toBeTruthy();
  await expect
    .poll(async () => request.get(`${url}/`).then((r) => r.ok(), () => false), { timeout: 240_000, intervals: [500] })
    .toBe(true);
  return url!;
}

test.beforeAll(async ({ request }, testInfo) => {
  testInfo.setTimeout(260_000);
  await emulatorReady(request);
});

/** Signs in with the Firebase email form of `/login/firebase`. */
async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('email and password: sign up with the consent terms, then sign in again, each time landing on from', async ({ page }) => {
  const email = uniqueEmail('firebase');
  await page.goto('/login/firebase?from=%2Faccount');
  await expect(page.getByRole('heading', { name: 'Sign in with email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', /\/login\/request-password\?.*providerName=FIREBASE/);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Create a Firebase account' }).click();
  await expect(page.getByRole('heading', { name: 'Create a Firebase account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // The terms of use are required: the form says so until they are ticked.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Tick the required terms to continue.')).toBeVisible();
  await page.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  await page.goto('/logout');
  await expect(page).not.toHaveURL(/\/logout/);
  await page.goto('/login/firebase?from=%2Faccount');
  await fillSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(email)).toBeVisible();
});

test('a wrong password shows invalidCredentials on the form', async ({ page, request }) => {
  const email = uniqueEmail('firebase-wrong');
  const signUp = await request.post(`${SANDBOX_URL}/api/v1/firebase-auth/signup`, {
    headers: { ...HEADERS, 'content-type': 'application/json' },
    data: { username: email, password: PASSWORD, consentAnswers: [{ fieldName: 'termsOfUse', answer: true }] },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);

  await page.goto('/login/firebase?from=%2Faccount');
  await fillSignIn(page, email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS })).toBeVisible();
  // Focus moves to the message, so a screen reader reads it.
  await expect(page.getByText(INVALID_CREDENTIALS)).toBeFocused();
  await expect(page).toHaveURL(/\/login\/firebase\?from=%2Faccount$/);
});

test('Google and Facebook are offered once: the Firebase form\'s buttons, not again among the other providers', async ({ page }) => {
  await page.goto('/login/firebase');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Continue with Facebook' })).toHaveCount(1);
  // The other providers' small buttons are there (ID), but no second Google or Facebook.
  await expect(page.getByRole('link', { name: 'Continue with email and password' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Google|Facebook/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Google|Facebook/ })).toHaveCount(2);
});

test('Continue with Google: the emulator popup signs a new viewer in and lands on from', async ({ page }) => {
  const email = uniqueEmail('firebase-google');
  await page.goto('/login/firebase?from=%2Faccount');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Add new account' }).click();
  // The emulator's account form labels its inputs with an id that does not exist: by order.
  const fields = popup.getByRole('textbox');
  await fields.nth(0).fill(email);
  await fields.nth(1).fill('Popup Viewer');
  await popup.getByRole('button', { name: /Sign in with Google\.com/i }).click();

  await expect(page).toHaveURL(/\/account$/, { timeout: 20_000 });
  await expect(page.getByText(email)).toBeVisible();
});
