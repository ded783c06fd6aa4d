import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_HEADERS, SANDBOX_URL } from './sandbox';
import { axeViolations, uniqueEmail } from './support';

/**
 * The realm captcha (issue 18 "Captcha"; commerce §3 app-state captcha flags, §8
 * `CAPTCHA_FAIL_ERROR` → `captchaFailed`; docs/api.md "Captcha"), on the seeded `stream-captcha`
 * realm (sign-up and payment guarded) with the sandbox's stand-in widget, in Chromium.
 */

const CAPTCHA_REALM = { realm: 'stream-captcha', apiKey: 'sandbox-api-key-captcha' } as const;
const CAPTCHA_FAILED = "We couldn't check that you're not a robot. Try again.";

/** Serves `/config.json` naming the captcha realm, for every page load of `page` (as e2e/realms.spec.ts does). */
async function useCaptchaRealm(page: Page): Promise<void> {
  await page.route('**/config.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ apiBaseUrl: SANDBOX_URL, ...CAPTCHA_REALM }) }),
  );
}

/** Sets the sandbox clock (`POST /_sandbox/clock`); null: back to the real clock. */
async function setClock(request: APIRequestContext, now: string | null): Promise<void> {
  const response = await request.post(`${SANDBOX_URL}/_sandbox/clock`, {
    headers: { Realm: CAPTCHA_REALM.realm, 'x-api-key': CAPTCHA_REALM.apiKey, ...ADMIN_HEADERS },
    data: { now },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Ticks the stand-in's "I'm not a robot" box and waits until the service answered a token. */
async function solveCaptcha(page: Page): Promise<void> {
  const box = page.getByRole('group', { name: 'Security check' }).getByRole('checkbox', { name: "I'm not a robot" });
  await box.check();
  // Disabled while the stand-in asks its service; enabled and ticked once solved.
  await expect(box).toBeEnabled();
  await expect(box).toBeChecked();
}

test.afterEach(async ({ request }) => {
  await setClock(request, null);
});

test('sign-up on the captcha realm: refused without a solved challenge or with an expired one, then created', async ({ page, request }) => {
  await useCaptchaRealm(page);
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  const box = page.getByRole('group', { name: 'Security check' }).getByRole('checkbox', { name: "I'm not a robot" });
  await expect(box).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Name').fill('Captcha Viewer');
  await page.getByLabel('Email').fill(uniqueEmail('captcha'));
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');

  // Not solved: nothing is sent, the form says so.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText(CAPTCHA_FAILED);

  // Solved, but the token expires (the sandbox clock moves 3 minutes on): the platform refuses it,
  // the form says so and the widget asks again.
  await solveCaptcha(page);
  await setClock(request, new Date(Date.now() + 3 * 60_000).toISOString());
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText(CAPTCHA_FAILED);
  await expect(box).not.toBeChecked();
  await expect(page).toHaveURL(/\/signup/);

  // A fresh challenge (the clock back to now): the account is made and signed in.
  await setClock(request, null);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).not.toHaveURL(/\/signup/, { timeout: 15_000 });
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('stream.authorisationToken') !== null))
    .toBe(true);
});

test('the purchase journey on the captcha realm: sign-up and payment each need a solved challenge', async ({ page }) => {
  await useCaptchaRealm(page);
  await page.goto('/purchase?licenceId=101');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Name').fill('Captcha Buyer');
  await page.getByLabel('Email').fill(uniqueEmail('captcha-buyer'));
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();

  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  await expect(consent).toBeVisible();
  await consent.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
  await consent.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(consent).toBeHidden();

  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name on card').fill('Captcha Buyer');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');

  // Not solved: nothing is charged, the step says so.
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText(CAPTCHA_FAILED)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toHaveCount(0);

  await solveCaptcha(page);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 20_000 });
});
