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
/** The prompt of a step tried without a solved challenge (nothing was sent: not a failure). */
const CAPTCHA_PROMPT = 'Complete the security check to continue.';

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

/** The stand-in's "I'm not a robot" box (in the free-trial question when that is open). */
const captchaBox = (page: Page) => page.getByRole('group', { name: 'Security check' }).getByRole('checkbox', { name: "I'm not a robot" });

/** A step tried without a solved challenge: the widget prompts and holds the focus; the box is not ticked. */
async function expectPrompt(page: Page): Promise<void> {
  await expect(page.getByRole('group', { name: 'Security check' }).getByRole('alert')).toHaveText(CAPTCHA_PROMPT);
  await expect(captchaBox(page)).toBeFocused();
  await expect(captchaBox(page)).not.toBeChecked();
}

/** An account on the captcha realm made through the platform (a challenge solved with the stand-in service): its email. */
async function captchaAccount(request: APIRequestContext): Promise<string> {
  const solved = await request.post(`${SANDBOX_URL}/_captcha/solve`, { data: { siteKey: 'sandbox-captcha-site-key' } });
  expect(solved.ok(), await solved.text()).toBe(true);
  const email = uniqueEmail('captcha-taken');
  const created = await request.post(`${SANDBOX_URL}/api/v2/user`, {
    headers: { Realm: CAPTCHA_REALM.realm, 'x-api-key': CAPTCHA_REALM.apiKey, 'X-Captcha-Token': ((await solved.json()) as { token: string }).token },
    data: { id: email, secret: 'correct horse battery', name: 'Taken' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return email;
}

/** Opens the purchase journey of `licenceId` on the captcha realm as a guest and signs up inside it (a solved challenge), then accepts the terms. */
async function signUpInJourney(page: Page, licenceId: string, name: string): Promise<void> {
  await useCaptchaRealm(page);
  await page.goto(`/purchase?licenceId=${licenceId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(captchaBox(page)).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(uniqueEmail('captcha-buyer'));
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();

  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  await expect(consent).toBeVisible();
  await consent.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
  await consent.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(consent).toBeHidden();
}

/** The card step with `number` typed (name, expiry and security code filled). */
async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name on card').fill('Captcha Buyer');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
}

/** Ticks the stand-in's "I'm not a robot" box and waits until the service answered a token. */
async function solveCaptcha(page: Page): Promise<void> {
  const box = captchaBox(page);
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

  // Not solved: nothing is sent, the widget asks for a solve (not a failure: no captchaFailed).
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectPrompt(page);
  await expect(page.getByText(CAPTCHA_FAILED)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

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

test('sign-up on the captcha realm: a failed sign-up (email in use) spent the challenge, so the retry needs a fresh one', async ({ page, request }) => {
  const taken = await captchaAccount(request);
  await useCaptchaRealm(page);
  await page.goto('/signup');
  // The form starts again once the realm settings say it is guarded: fill it after that.
  await expect(captchaBox(page)).toBeVisible();
  await page.getByLabel('Name').fill('Captcha Retry');
  await page.getByLabel('Email').fill(taken);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists.' })).toBeVisible();
  // The token went with the failed call: the widget was reset.
  await expect(captchaBox(page)).not.toBeChecked();

  // Another email, no new solve: nothing is sent, the widget asks for one.
  await page.getByLabel('Email').fill(uniqueEmail('captcha-retry'));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectPrompt(page);
  await expect(page).toHaveURL(/\/signup/);

  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).not.toHaveURL(/\/signup/, { timeout: 15_000 });
});

test('the purchase journey on the captcha realm: sign-up and payment each need a solved challenge; a declined card spends it', async ({ page }) => {
  await signUpInJourney(page, '101', 'Captcha Buyer');
  await fillCard(page, '4000 0000 0000 0002');

  // Not solved: nothing is charged, the widget asks for a solve.
  await page.getByRole('button', { name: /^Pay / }).click();
  await expectPrompt(page);
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toHaveCount(0);

  // Solved, but the card is declined: the challenge is spent with it.
  await solveCaptcha(page);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('alert').getByText('Your card was declined.')).toBeVisible();
  await expect(captchaBox(page)).not.toBeChecked();

  // Another card without a new solve: nothing is sent; with one, it pays.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expectPrompt(page);
  await solveCaptcha(page);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 20_000 });
});

test('PayPal on the captcha realm: the challenge is solved before leaving; the PAY return page asks for none', async ({ page }) => {
  await signUpInJourney(page, '201', 'Captcha PayPal');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  await expectPrompt(page);
  await expect(page).not.toHaveURL(/\/_provider\/approve\//);

  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_provider/approve/`));
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment complete' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/pay\/PAYPAL$/);
  await expect(page.getByRole('group', { name: 'Security check' })).toHaveCount(0);
});

test('the free-trial question on the captcha realm: buying without the trial needs a fresh solve, in the dialog', async ({ page }) => {
  await signUpInJourney(page, '202', 'Captcha Trial');
  await page.getByLabel('Voucher code').fill('NOTRIAL');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('7-day free trial')).toBeHidden();
  await fillCard(page, '4242 4242 4242 4242');
  await solveCaptcha(page);
  await page.getByRole('button', { name: /^Pay / }).click();

  // The 409 spent the challenge: the question holds a fresh one.
  const dialog = page.getByRole('dialog', { name: 'Buy without the free trial?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Security check' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Buy without the free trial' }).click();
  await expectPrompt(page);
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await solveCaptcha(page);
  await dialog.getByRole('button', { name: 'Buy without the free trial' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 20_000 });
});
