import { expect, test } from '@playwright/test';
import { E2E_ACCESS_TOKEN_TTL_S } from '../playwright.config';
import { submitLogin, uniqueEmail } from './support';

// identity-and-routes.md §4 "ID sign-in", "Session"; the main job end to end.
test('sign up, sign out, sign in, survive token expiry, sign out', async ({ page }) => {
  const email = uniqueEmail('journey');
  const password = 'correct horse battery';
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v2/token/refresh')) refreshes.push(request.url());
  });

  // Sign up.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Name').fill('Journey Viewer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Sign out' }).or(page.getByRole('link', { name: 'Sign out' }))).toBeVisible();

  // Sign out.
  await page.getByRole('button', { name: 'Sign out' }).or(page.getByRole('link', { name: 'Sign out' })).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // Sign in again.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/home$/);

  // Let the access token expire, then ask for account data: the client refreshes once and
  // the viewer stays signed in.
  await page.waitForTimeout((E2E_ACCESS_TOKEN_TTL_S + 1.5) * 1000);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('main').getByText('Journey Viewer')).toBeVisible();
  expect(refreshes.length).toBeGreaterThanOrEqual(1);

  // A reload keeps the session.
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();

  // Sign out: the account page is closed to guests again.
  await page.getByRole('button', { name: 'Sign out' }).or(page.getByRole('link', { name: 'Sign out' })).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
});

test('the form keeps what was typed and signs in after a failure', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, 'demo@stream.test', 'not the password');
  await expect(page.getByRole('alert')).toContainText("That email and password don't match");
  await expect(page.getByLabel('Email')).toHaveValue('demo@stream.test');
  await page.getByLabel('Password', { exact: true }).fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});
