import { expect, test } from '@playwright/test';
import { DEMO, signIn, submitLogin, uniqueEmail } from './support';

// identity-and-routes.md §2 "After sign-in completion", "Signed-in users who open login or signup".
test('a signed-in viewer opening /login or /signup lands on /home', async ({ page }) => {
  await signIn(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/home$/);
});

test('a guest opening the account page signs in and comes back there', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
  await submitLogin(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByText(DEMO.email)).toBeVisible();
});

test('a from that leaves the app is ignored', async ({ page }) => {
  for (const from of ['//example.com', '/\\example.com', 'https://example.com/', '/%2F%2Fexample.com']) {
    await page.goto(`/login?from=${encodeURIComponent(from)}`);
    await submitLogin(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/home$/);
    await page.goto('/logout');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  }
});

test('the login page links carry from: forgot password with providerName, and a sign-up that returns', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/login/request-password?providerName=ID&from=%2Faccount',
  );
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup\?from=%2Faccount$/);
  await page.getByLabel('Name').fill('Returning Viewer');
  await page.getByLabel('Email').fill(uniqueEmail('from'));
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('main').getByText('Returning Viewer')).toBeVisible();
});
