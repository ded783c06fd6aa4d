import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_HEADERS, SANDBOX_URL, createViewer } from './sandbox';
import { axeViolations, submitLogin, uniqueEmail } from './support';

// identity-and-routes.md §2 "Password request and reset pages", "Email confirmation page",
// "Login page" (magic-link sub-page); §4 "Magic link", "Password reset"; §5; §8; §9.

/** The English texts of the email flow pages (the labels the sandbox serves). */
const EN = JSON.parse(
  readFileSync(new URL('../apps/sandbox/src/seed/labels/account-email/en.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** Headers of the sandbox's controls (realm and API key, as e2e/sandbox.ts sends them). */
const SANDBOX_HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', ...ADMIN_HEADERS };

/** An email in the sandbox's outbox (`GET /_sandbox/outbox`). */
interface OutboxMessage {
  to: string;
  kind: 'reset' | 'magic' | 'confirm';
  link: string;
}

/** The newest email of `kind` sent to `to`, waiting (polling) until it is there. */
async function newestEmail(request: APIRequestContext, to: string, kind: OutboxMessage['kind']): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${SANDBOX_URL}/_sandbox/outbox?to=${encodeURIComponent(to)}`, { headers: SANDBOX_HEADERS });
      if (!response.ok()) return false;
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      found = messages.find((message) => message.kind === kind);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** How many emails were sent to `to`. */
async function outboxCount(request: APIRequestContext, to: string): Promise<number> {
  const response = await request.get(`${SANDBOX_URL}/_sandbox/outbox?to=${encodeURIComponent(to)}`, { headers: SANDBOX_HEADERS });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages.length;
}

/** The in-app path and query of an emailed link (absolute or not), to open on the app under test. */
function appPath(link: string): string {
  const url = new URL(link, 'http://app.invalid');
  return `${url.pathname}${url.search}`;
}

/** The page's `h1`. */
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('password reset: forgot-password link, emailed link, new password, sign in with it', async ({ page, request }) => {
  const viewer = await createViewer(request, 'reset');
  const newPassword = 'a brand new passphrase';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/request-password\?providerName=ID$/);
  await expect(heading(page)).toHaveText(EN.forgottenPassword!);
  await expect(page).toHaveTitle(new RegExp(EN.forgottenPassword!.replace('?', '\\?')));
  await expectNoAxeViolations(page);

  await page.getByLabel('Email').fill(viewer.email);
  await page.getByRole('button', { name: EN.sendResetLink }).click();
  await expect(page.getByText(EN.resetPasswordEmailSent!)).toBeVisible();
  await expect(heading(page)).toHaveText(EN.checkYourEmail!);
  await expect(heading(page)).toBeFocused();
  await expectNoAxeViolations(page);

  const email = await newestEmail(request, viewer.email, 'reset');
  const link = appPath(email.link);
  expect(link).toMatch(/^\/login\/resetpwd\?.*token=/);
  await page.goto(link);
  await expect(heading(page)).toHaveText(EN.chooseNewPassword!);
  // The token never stays in the address bar.
  await expect(page).not.toHaveURL(/token=/);
  await expectNoAxeViolations(page);

  // A too short password is refused on the field, which gets the focus.
  const passwordField = page.getByLabel(EN.newPassword!, { exact: true });
  await passwordField.fill('short');
  await page.getByRole('button', { name: EN.savePassword }).click();
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  await expect(passwordField).toBeFocused();

  await passwordField.fill(newPassword);
  await page.getByRole('button', { name: EN.savePassword }).click();
  await expect(page.getByText(EN.passwordSuccessfullyReset!)).toBeVisible();
  // §9: the app goes to login on its own a little later (expect polls; no duration is asserted).
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  // The old password no longer works; the new one does.
  await submitLogin(page, viewer.email, viewer.password);
  await expect(page.getByRole('alert')).toContainText("That email and password don't match");
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await passwordField.fill('yet another passphrase');
  await page.getByRole('button', { name: EN.savePassword }).click();
  const alert = page.locator('#password-reset-error');
  await expect(alert).toHaveText(EN.invalidResetToken!);
  await expect(alert).toBeFocused();
  await expect(page.getByRole('link', { name: EN.requestNewResetLink })).toBeVisible();
});

test('password reset: an unknown address gets exactly the same answer, and no email', async ({ page, request }) => {
  const viewer = await createViewer(request, 'reset-known');
  const unknown = uniqueEmail('nobody');

  const answerFor = async (address: string) => {
    await page.goto('/requestnewpwd');
    await expect(heading(page)).toHaveText(EN.forgottenPassword!);
    await page.getByLabel('Email').fill(address);
    await page.getByRole('button', { name: EN.sendResetLink }).click();
    await expect(page.getByText(EN.resetPasswordEmailSent!)).toBeVisible();
    return page.locator('.auth-card').innerText();
  };
  const known = await answerFor(viewer.email);
  const other = await answerFor(unknown);
  expect(other).toBe(known);
  await newestEmail(request, viewer.email, 'reset');
  expect(await outboxCount(request, unknown)).toBe(0);

  // An email that does not match the pattern is refused on the field.
  await page.goto('/requestnewpwd');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: EN.sendResetLink }).click();
  await expect(page.getByText(EN.emailInvalid!)).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();

  // A made-up token on the other reset route: the new-password form, then the invalid-token error.
  await page.goto('/resetpwd?token=made-up');
  await expect(heading(page)).toHaveText(EN.chooseNewPassword!);
  await expect(page).toHaveURL(/\/resetpwd$/);
  await page.getByLabel(EN.newPassword!, { exact: true }).fill('a good long passphrase');
  await page.getByRole('button', { name: EN.savePassword }).click();
  await expect(page.getByText(EN.invalidResetToken!)).toBeVisible();
});

test('magic link: request, emailed link signs in and leaves no token in the address bar', async ({ page, request }) => {
  const viewer = await createViewer(request, 'magic');

  // The login page offers the magic link (the realm enables it; its only provider is not ADOBE).
  await page.goto('/login');
  await page.getByRole('link', { name: EN.sendMagicLink }).click();
  await expect(page).toHaveURL(/\/login\/magic-link$/);
  await expect(heading(page)).toHaveText(EN.magicLinkTitle!);
  await expectNoAxeViolations(page);

  // §5: a non-matching email shows the email-invalid error on the field.
  const emailField = page.getByLabel('Email');
  await emailField.fill('viewer@');
  await page.getByRole('button', { name: EN.sendMagicLink }).click();
  await expect(page.getByText(EN.emailInvalid!)).toBeVisible();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField).toBeFocused();
  await expectNoAxeViolations(page);

  await emailField.fill(viewer.email);
  await page.getByRole('button', { name: EN.sendMagicLink }).click();
  await expect(page.getByText(EN.magicLinkSent!)).toBeVisible();
  await expectNoAxeViolations(page);

  const email = await newestEmail(request, viewer.email, 'magic');
  const link = appPath(email.link);
  expect(link).toMatch(/^\/login\/magic-link\?token=/);
  // With `from`, the viewer lands where they were going.
  await page.goto(`${link}&from=${encodeURIComponent('/account')}`);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(page.getByText(viewer.email)).toBeVisible();
  expect(page.url()).not.toContain('token');

  // A used link: failedToMagicLogin, announced and focused, with the form to ask for a new one.
  await page.goto(link);
  const alert = page.locator('#magic-link-error');
  await expect(alert).toHaveText(EN.failedToMagicLogin!);
  await expect(alert).toBeFocused();
  await expect(page.getByRole('button', { name: EN.sendMagicLink })).toBeVisible();
  expect(page.url()).not.toContain('token');
});

test('magic link without from: signed in on the default page', async ({ page, request }) => {
  const viewer = await createViewer(request, 'magic-home');
  await page.goto('/login/magic-link');
  await page.getByLabel('Email').fill(viewer.email);
  await page.getByRole('button', { name: EN.sendMagicLink }).click();
  await expect(page.getByText(EN.magicLinkSent!)).toBeVisible();
  const email = await newestEmail(request, viewer.email, 'magic');
  await page.goto(appPath(email.link));
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
});

test('email confirmation: a web sign-up is confirmed by its link, then Login now fills the email', async ({ page, request }) => {
  const address = uniqueEmail('confirm');

  await page.goto('/signup');
  await page.getByLabel('Name').fill('Confirming Viewer');
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  const email = await newestEmail(request, address, 'confirm');
  const link = appPath(email.link);
  expect(link).toMatch(/^\/email-confirmation\?token=/);
  await page.goto(link);
  await expect(heading(page)).toHaveText('Welcome to Stream');
  await expect(page.getByText(EN.emailConfirmed!)).toBeVisible();
  await expect(page.getByText(EN.emailConfirmationAccepted!)).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: EN.loginNow }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(address);

  // The link works once.
  await page.goto(link);
  await expect(heading(page)).toHaveText(EN.emailConfirmationLinkInvalidTitle!);
  await expect(page.getByRole('alert')).toHaveText(EN.invalidConfirmationToken!);
  await expectNoAxeViolations(page);
});

test('email confirmation: an unknown token is invalid; no token is something went wrong', async ({ page }) => {
  await page.goto('/email-confirmation?token=nope');
  await expect(heading(page)).toHaveText(EN.emailConfirmationLinkInvalidTitle!);
  await expect(page.getByRole('alert')).toHaveText(EN.invalidConfirmationToken!);

  await page.goto('/email-confirmation');
  await expect(heading(page)).toHaveText('Something went wrong');
  await expect(page.getByRole('alert')).toHaveText(EN.emailConfirmationFailed!);
  await expectNoAxeViolations(page);
});

test('the email flow pages fit a 375 px wide phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/login/request-password', '/login/resetpwd?token=x', '/login/magic-link', '/email-confirmation']) {
    await page.goto(path);
    await expect(heading(page)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
