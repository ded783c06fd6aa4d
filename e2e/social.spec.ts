import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_HEADERS, createViewer, SANDBOX_URL } from './sandbox';
import { axeViolations, uniqueEmail } from './support';

/**
 * Apple, Google and Facebook sign-in (identity-and-routes.md §4 "Social sign-in", §2 "Account-link
 * prompt after sign-in", §8 "Social login 409") through their stand-ins at the sandbox's OpenID
 * provider: a real authorisation round trip through the provider's login and consent pages, the
 * 409 of an email an ID account has and the link with the ID form, Skip, and unlink from the
 * account page. Each test adds its own user to the provider (`POST /_sandbox/social/idp-users`).
 */

const HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json', ...ADMIN_HEADERS };
const IDP_PASSWORD = 'idp-password';

/** Adds a user to the sandbox OpenID provider (the stand-ins' own users). */
async function addProviderUser(request: APIRequestContext, email: string, name = 'Social Viewer'): Promise<void> {
  const response = await request.post(`${SANDBOX_URL}/_sandbox/social/idp-users`, { headers: HEADERS, data: { email, password: IDP_PASSWORD, name } });
  expect(response.status(), await response.text()).toBe(201);
}

/** On the provider sub-page: Continue with the provider, then sign in at the provider and Allow. */
async function continueAtProvider(page: Page, provider: string, email: string): Promise<void> {
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_oidc/interaction/`));
  await expect(page.getByRole('heading', { name: 'Sign in to Stream ID' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(IDP_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
}

/** The account page's linked-accounts section. */
const linkedSection = (page: Page) => page.getByRole('region', { name: 'Linked accounts' });

test('a new viewer signs up with the Google stand-in from the login page and lands on from, with no token in the address', async ({ page, request }) => {
  const email = uniqueEmail('google');
  await addProviderUser(request, email);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v2/login/social/google') calls.push(r.method());
  });

  await page.goto('/login?from=%2Faccount');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/login\/google\?from=%2Faccount$/);
  await expect(page.getByRole('link', { name: 'Continue with Apple' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await continueAtProvider(page, 'Google', email);

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  expect(page.url()).not.toMatch(/id_token|state=|code=/);
  expect(calls).toEqual(['POST']);
  await expect(linkedSection(page).getByText('Google', { exact: true })).toBeVisible();
});

test('Google sign-up with the email of an ID account: 409, the link prompt, the ID form links and lands on from', async ({ page, request }) => {
  const viewer = await createViewer(request, 'link');
  await addProviderUser(request, viewer.email);

  await page.goto('/login/google?from=%2Faccount&type=signup');
  await continueAtProvider(page, 'Google', viewer.email);

  await expect(page.getByRole('heading', { name: 'Link account', level: 1 })).toBeVisible();
  await expect(page.getByText('You already have an account with this email. Link your Google account to it')).toBeVisible();
  await expect(page.getByText('Enter the email and password of your existing account below.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(viewer.email);
  expect(page.url()).not.toMatch(/id_token|state=/);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });

  // A wrong password first: the error shows and nothing is linked.
  await page.getByLabel('Password', { exact: true }).fill('wrong password!');
  await page.getByRole('button', { name: 'Link account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "That email and password don't match" })).toBeVisible();
  await expect(page).toHaveURL(/\/login\/google/);

  await page.getByLabel('Password', { exact: true }).fill(viewer.password);
  await page.getByRole('button', { name: 'Link account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(linkedSection(page).getByText('Google', { exact: true })).toBeVisible();
  await expect(linkedSection(page).getByText(viewer.email)).toBeVisible();
});

test('Skip on the link prompt links nothing and goes back to the login page keeping from', async ({ page, request }) => {
  const viewer = await createViewer(request, 'skip');
  await addProviderUser(request, viewer.email);

  await page.goto('/login/google?from=%2Faccount');
  await continueAtProvider(page, 'Google', viewer.email);
  await expect(page.getByRole('heading', { name: 'Link account', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();

  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // Still a guest: the account page sends back to the login page.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
});

test('Apple round trip: the code and nonce go to the platform, the viewer lands on from', async ({ page, request }) => {
  const email = uniqueEmail('apple');
  await addProviderUser(request, email, 'Apple Viewer');
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v2/login/apple-id') bodies.push(r.postDataJSON() as Record<string, unknown>);
  });

  await page.goto('/login/apple?from=%2Faccount');
  await continueAtProvider(page, 'Apple', email);

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(email).first()).toBeVisible();
  expect(bodies).toHaveLength(1);
  expect(Object.keys(bodies[0]!).sort()).toEqual(['callbackUri', 'code', 'nonce']);
  expect(String(bodies[0]!.callbackUri)).toMatch(/\/login\/apple$/);
});

test('Facebook sign-in, then Unlink from the account page', async ({ page, request }) => {
  const email = uniqueEmail('facebook');
  await addProviderUser(request, email, 'Facebook Viewer');

  await page.goto('/login/facebook?from=%2Faccount');
  await continueAtProvider(page, 'Facebook', email);
  await expect(page).toHaveURL(/\/account$/);

  const section = linkedSection(page);
  await expect(section.getByText('Facebook', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await section.getByRole('button', { name: 'Unlink Facebook' }).click();
  await expect(section.getByText('No other accounts are linked.')).toBeVisible();
  await expect(section.getByRole('status')).toHaveText('Facebook is no longer linked.');
  await expect(section.getByRole('heading', { name: 'Linked accounts' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
});
