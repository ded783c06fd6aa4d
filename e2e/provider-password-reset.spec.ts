import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_HEADERS, SANDBOX_URL } from './sandbox';
import { axeViolations, uniqueEmail } from './support';

/**
 * Password reset of PBR, GIGYA and FIREBASE accounts (identity-and-routes.md §2 "Password request
 * and reset pages": the reset page is chosen by providerName; §6 firebase, PBR, GIGYA and ID offer
 * it; §7 reset-password calls; docs/api.md "Email flows") in Chromium against the sandbox: from
 * the provider's login page, "Forgot password?" → the request page → the emailed link (read from
 * the outbox) → a new password → back on that provider's login page, where the old password is
 * refused and the new one signs in. Each test creates its own provider account.
 */

/** The English texts of the email flow pages (the labels the sandbox serves). */
const EN = JSON.parse(
  readFileSync(new URL('../apps/sandbox/src/seed/labels/account-email/en.json', import.meta.url), 'utf8'),
) as Record<string, string>;

const HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', ...ADMIN_HEADERS };
const JSON_HEADERS = { ...HEADERS, 'content-type': 'application/json' };
const OLD_PASSWORD = 'the old passphrase';
const NEW_PASSWORD = 'a brand new passphrase';

interface OutboxMessage {
  to: string;
  kind: 'reset' | 'magic' | 'confirm';
  link: string;
}

/** The emails sent to `to`, newest first. */
async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`${SANDBOX_URL}/_sandbox/outbox?to=${encodeURIComponent(to)}`, { headers: HEADERS });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** The in-app path and query of the newest reset email to `to`, waiting (polling) until it is there. */
async function emailedResetLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await outbox(request, to)).find((message) => message.kind === 'reset')?.link;
      return link !== undefined;
    })
    .toBe(true);
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** A fresh PBR or GIGYA account whose login id is an email (`POST /_sandbox/provider-accounts`). */
async function providerAccount(request: APIRequestContext, provider: 'PBR' | 'GIGYA'): Promise<string> {
  const id = uniqueEmail(`${provider.toLowerCase()}-reset`);
  const response = await request.post(`${SANDBOX_URL}/_sandbox/provider-accounts`, {
    headers: JSON_HEADERS,
    data: { provider, id, secret: OLD_PASSWORD, name: `${provider} Viewer` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * From the provider's login page (`loginPath`): "Forgot password?" → the request page of
 * `providerName` → the emailed link → the new password → redirected back to `loginPath`.
 */
async function resetThroughEmail(page: Page, request: APIRequestContext, loginPath: string, providerName: string, email: string) {
  await page.goto(loginPath);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(new RegExp(`/login/request-password\\?providerName=${providerName}$`));
  await expect(heading(page)).toHaveText(EN.forgottenPassword!);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: EN.sendResetLink }).click();
  await expect(page.getByText(EN.resetPasswordEmailSent!)).toBeVisible();

  const link = await emailedResetLink(request, email);
  expect(link).toMatch(new RegExp(`^/login/resetpwd\\?(?=.*token=)(?=.*providerName=${providerName})`));
  await page.goto(link);
  await expect(heading(page)).toHaveText(EN.chooseNewPassword!);
  await expect(page).not.toHaveURL(/token=/);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel(EN.newPassword!, { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: EN.savePassword }).click();
  await expect(page.getByText(EN.passwordSuccessfullyReset!)).toBeVisible();
  // The redirect (§9, polled: no duration asserted) goes to the provider's own sign-in page.
  await expect(page).toHaveURL(new RegExp(`${loginPath}$`));
  return link;
}

/** Submits the email (or id) and password form of a provider login page. */
async function submitProviderLogin(page: Page, idLabel: string, id: string, password: string) {
  await page.getByLabel(idLabel, { exact: true }).fill(id);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens the spent link again: the new-password form refuses it with the invalid-token message. */
async function expectLinkSpent(page: Page, link: string) {
  await page.goto(link);
  await page.getByLabel(EN.newPassword!, { exact: true }).fill('yet another passphrase');
  await page.getByRole('button', { name: EN.savePassword }).click();
  await expect(page.locator('#password-reset-error')).toHaveText(EN.invalidResetToken!);
}

for (const { provider, loginPath, idLabel, refused } of [
  { provider: 'PBR', loginPath: '/login/pbr', idLabel: 'PBR account ID', refused: "That account ID and password don't match." },
  { provider: 'GIGYA', loginPath: '/login/GIGYA', idLabel: 'Email', refused: "That email and password don't match." },
] as const) {
  test(`${provider}: reset through the emailed link; the old secret is refused on ${loginPath}, the new one signs in`, async ({ page, request }) => {
    const id = await providerAccount(request, provider);
    const link = await resetThroughEmail(page, request, loginPath, provider, id);

    await page.goto(`${loginPath}?from=%2Faccount`);
    await submitProviderLogin(page, idLabel, id, OLD_PASSWORD);
    await expect(page.getByRole('alert')).toContainText(refused);
    await submitProviderLogin(page, idLabel, id, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();

    await expectLinkSpent(page, link);
  });
}

test('PBR: an unknown address gets the same page and no email', async ({ page, request }) => {
  const unknown = uniqueEmail('pbr-nobody');
  await page.goto('/login/request-password?providerName=PBR');
  await page.getByLabel('Email').fill(unknown);
  await page.getByRole('button', { name: EN.sendResetLink }).click();
  await expect(page.getByText(EN.resetPasswordEmailSent!)).toBeVisible();
  expect(await outbox(request, unknown)).toEqual([]);
});

test('FIREBASE: reset through the emailed link; the emulator refuses the old password on /login/firebase, the new one signs in', async ({ page, request }) => {
  // The sandbox's Firebase calls wait for its emulator, which takes 10–60 s to start.
  test.setTimeout(300_000);
  const email = uniqueEmail('firebase-reset');
  const signUp = await request.post(`${SANDBOX_URL}/api/v1/firebase-auth/signup`, {
    headers: JSON_HEADERS,
    data: { username: email, password: OLD_PASSWORD, consentAnswers: [{ fieldName: 'termsOfUse', answer: true }] },
    timeout: 240_000,
  });
  expect(signUp.status(), await signUp.text()).toBe(201);

  const link = await resetThroughEmail(page, request, '/login/firebase', 'FIREBASE', email);

  await page.goto('/login/firebase?from=%2Faccount');
  await submitProviderLogin(page, 'Email', email, OLD_PASSWORD);
  // The old password: the credentials are wrong (issue 12: not "try again in a moment").
  await expect(page.getByRole('alert').filter({ hasText: "That email and password don't match." })).toBeVisible();
  await expect(page).toHaveURL(/\/login\/firebase\?from=%2Faccount$/);
  await submitProviderLogin(page, 'Email', email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(email)).toBeVisible();

  await expectLinkSpent(page, link);
});
