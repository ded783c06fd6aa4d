import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_HEADERS, SANDBOX_URL } from './sandbox';
import { axeViolations } from './support';

/**
 * PBR, SPTV, OPIN and GIGYA sign-in (identity-and-routes.md §2 sub-routes pbr, sptv, opin, GIGYA
 * and the signup link rule; §5 the sign-in script rule; §6 SPTV cannot sign up; §7; §8 "Login
 * failure") in Chromium against the sandbox's stand-in providers: the id/secret stores, the OPIN
 * portal page and the GIGYA script. Each test creates its own provider accounts.
 */

const HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json', ...ADMIN_HEADERS };

/** A fresh account of a stand-in provider (`POST /_sandbox/provider-accounts`). */
async function providerAccount(request: APIRequestContext, provider: 'PBR' | 'SPTV' | 'OPIN' | 'GIGYA', email = false) {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const id = email ? `${provider.toLowerCase()}-${unique}@${provider.toLowerCase()}.test` : `${provider.toLowerCase()}-${unique}`;
  const secret = `${provider.toLowerCase()} secret ${unique}`;
  const response = await request.post(`${SANDBOX_URL}/_sandbox/provider-accounts`, {
    headers: HEADERS,
    data: { provider, id, secret, name: `${provider} Viewer` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id, secret };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Waits until the sign-in provider block has loaded the realm's providers. */
async function providerBlockLoaded(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Or sign in with' })).toBeVisible();
}

test('PBR: from the login page to the PBR form, sign in, land on from', async ({ page, request }) => {
  const account = await providerAccount(request, 'PBR');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
  await page.getByRole('link', { name: 'Continue with PBR account' }).click();
  await expect(page).toHaveURL(/\/login\/pbr\?from=%2Faccount$/);
  await expect(heading(page)).toHaveText('Sign in');
  await expect(page.getByText('Use your PBR account ID and password.')).toBeVisible();
  await providerBlockLoaded(page);
  // PBR can sign up (§6) and offers password reset.
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', /providerName=PBR/);
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/account');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('PBR account ID').fill(account.id.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(account.secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
});

test('PBR: an empty form and a wrong secret show what to do; the values stay', async ({ page, request }) => {
  const account = await providerAccount(request, 'PBR');
  await page.goto('/login/pbr?from=%2Faccount');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Enter your email and password to sign in.');

  await page.getByLabel('PBR account ID').fill(account.id);
  await page.getByLabel('Password', { exact: true }).fill('not the secret');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("That account ID and password don't match.");
  await expect(page.locator('#pbr-login-error')).toBeFocused();
  await expect(page).toHaveURL(/\/login\/pbr\?from=%2Faccount$/);
  await expect(page.getByLabel('PBR account ID')).toHaveValue(account.id);

  // The same message for an id that does not exist.
  await page.getByLabel('PBR account ID').fill(`${account.id}-nobody`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(alert).toContainText("That account ID and password don't match.");
});

test('SPTV: no sign-up link and no password reset; its account signs in', async ({ page, request }) => {
  const account = await providerAccount(request, 'SPTV');
  await page.goto('/login/sptv');
  await expect(heading(page)).toHaveText('Sign in');
  await providerBlockLoaded(page);
  await expect(page.getByRole('link', { name: 'Continue with PBR account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('SPTV account ID').fill(account.id);
  await page.getByLabel('Password', { exact: true }).fill(account.secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
});

test('OPIN: through the portal and back to from, with the token out of the address bar; a replayed return is refused', async ({ page, request }) => {
  const account = await providerAccount(request, 'OPIN', true);
  const returns: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.isNavigationRequest() && url.pathname === '/login/opin' && url.searchParams.has('token')) returns.push(url.href);
  });

  await page.goto('/login/opin?from=%2Faccount');
  await expect(page.getByText("You'll sign in on the OPIN page, then come straight back here.")).toBeVisible();
  await providerBlockLoaded(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue to OPIN' }).click();

  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_opin/login\\?`));
  await expect(page.getByRole('heading', { name: 'Sign in to OPIN' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill(account.id);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong email or password');
  await page.getByLabel('Password').fill(account.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  expect(returns).toHaveLength(1);
  expect(page.url()).not.toMatch(/token=|state=/);

  // The return address, opened again: its state is spent, nothing is exchanged.
  let exchanges = 0;
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/v1/opin-auth') exchanges += 1;
  });
  await page.goto(returns[0]!);
  await expect(page.getByRole('alert')).toContainText("This OPIN sign-in wasn't started here, or was already used.");
  expect(page.url()).not.toMatch(/token=|state=/);
  expect(exchanges).toBe(0);
});

test('GIGYA: the script loads only on its sub-route; sign in through it and land on from', async ({ page, request }) => {
  const account = await providerAccount(request, 'GIGYA', true);
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/_gigya/gigya.js') scripts.push(req.url());
  });

  await page.goto('/login?from=%2Faccount');
  await page.getByRole('link', { name: 'Continue with Gigya' }).click();
  await expect(page).toHaveURL(/\/login\/GIGYA\?from=%2Faccount$/);
  await expect(page.getByText('Use the email and password of your Gigya account.')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(scripts).toEqual([`${SANDBOX_URL}/_gigya/gigya.js?apikey=sandbox-gigya-api-key`]);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', /providerName=GIGYA/);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Email').fill(account.id);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText("That email and password don't match.");
  await expect(page.getByLabel('Email')).toHaveValue(account.id);

  await page.getByLabel('Password', { exact: true }).fill(account.secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  expect(scripts).toHaveLength(1);
});
