import { expect, test, type Page } from '@playwright/test';
import { ADMIN_HEADERS, SANDBOX_URL } from './sandbox';
import { axeViolations, uniqueEmail } from './support';

/**
 * The login page of each seeded realm (docs/sandbox.md "Realms"; identity-and-routes.md §2
 * "Login page", "Sign-in provider block", §6 self-registration). The web app's realm comes from
 * `/config.json`: these specs serve it with another seeded realm, as a deployment would.
 */

const REALMS = {
  single: { realm: 'stream-single', apiKey: 'sandbox-api-key-single' },
  closed: { realm: 'stream-closed', apiKey: 'sandbox-api-key-closed' },
  tv: { realm: 'stream-tv', apiKey: 'sandbox-api-key-tv' },
} as const;

/** Serves `/config.json` naming `realm`, for every page load of `page`. */
async function useRealm(page: Page, realm: { realm: string; apiKey: string }): Promise<void> {
  await page.route('**/config.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ apiBaseUrl: SANDBOX_URL, ...realm }) }),
  );
}

test('a realm with a single external provider sends a guest straight to it, and back to from', async ({ page }) => {
  await useRealm(page, REALMS.single);
  await page.goto('/login?from=%2Faccount');
  // No login form: straight to the provider's own sign-in page.
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_oidc/interaction/`));
  await page.getByLabel('Email').fill('oidc.second@idp.test');
  await page.getByLabel('Password').fill('idp-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
});

test("a realm whose TV provider is mandatory sends a guest from login to the TV provider page, keeping from", async ({ page }) => {
  await useRealm(page, REALMS.tv);
  await page.goto('/login?from=%2Faccount');
  await expect(page).toHaveURL(/\/providers\?provider=ADOBE_DCR&from=%2Faccount$/);
  await expect(page.getByRole('heading', { name: 'Sign in with your TV provider', level: 1 })).toBeVisible();
  // The ID form is not shown on the way.
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
});

test('a realm without self-registration shows no sign-up link, offers request access, and its sign-up page refuses', async ({ page }) => {
  await useRealm(page, REALMS.closed);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request access' })).toHaveAttribute('href', 'https://example.com/stream/request-access');
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
  // ID is the realm's only provider and magic link is off: no other ways to sign in.
  await expect(page.getByRole('navigation', { name: 'Or sign in with' })).toHaveCount(0);
  // The main login page has no back button.
  await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/signup');
  await expect(page.getByRole('alert')).toContainText("doesn't take new sign-ups");
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request access' })).toBeVisible();
});

test('the full realm lists every other provider as a small button, keeping from, with sign-up', async ({ page }) => {
  await page.goto('/login?from=%2Faccount');
  const block = page.getByRole('navigation', { name: 'Or sign in with' });
  await expect(block).toBeVisible();
  await expect(block.getByRole('link', { name: 'Continue with Stream ID (OpenID)' })).toHaveAttribute(
    'href',
    '/login/openid/stream-idp?from=%2Faccount',
  );
  await expect(block.getByRole('link', { name: 'Email me a sign-in link' })).toHaveAttribute('href', '/login/magic-link?from=%2Faccount');
  // The ID form is this page's: it is not offered again.
  await expect(block.getByRole('link', { name: /email and password/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup?from=%2Faccount');
  await expect(page.getByRole('link', { name: 'Request access' })).toHaveCount(0);
});

test('a login sub-page has a back button to from; the magic-link page is titled as such', async ({ page }) => {
  await page.goto('/login?from=%2Faccount');
  await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
  await expect(page).toHaveURL(/\/login\/magic-link\?from=%2Faccount$/);
  await expect(page.getByRole('heading', { name: 'Sign in with a magic link', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Sign in with a magic link/);
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  // from is a signed-in page: a guest is sent to sign in for it.
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
});

test('the back button of a gift-redemption login sub-page goes to the redemption page', async ({ page }) => {
  await page.goto(`/login/request-password?providerName=ID&redeemCode=GIFT123&from=${encodeURIComponent('/account')}`);
  await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/redeem?redeemCode=GIFT123');
});

test('the gift-login route shows the login page and signs in', async ({ page, request }) => {
  const email = uniqueEmail('gift');
  const created = await request.post(`${SANDBOX_URL}/api/v2/user`, {
    headers: { 'x-api-key': 'sandbox-api-key', realm: 'stream' },
    data: { id: email, secret: 'gift-password', name: 'Gift Viewer' },
  });
  expect(created.status()).toBe(201);
  await page.goto('/gift/g-42/login?from=%2Faccount');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('gift-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('sign-up restricted modal: a guest outside the territories sees it instead of the form; Close goes to from', async ({ page, request }) => {
  await page.goto('/signup?from=%2Fhome');
  await expect(page.getByLabel('Email')).toBeVisible();
  // The sandbox places this guest (the `sub` of its token) in a country outside the realm's territories.
  const token = await page.evaluate(() => window.localStorage.getItem('stream.authorisationToken'));
  expect(token).toBeTruthy();
  const sub = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
  const placed = await request.post(`${SANDBOX_URL}/_sandbox/caller`, {
    headers: { realm: 'stream', 'x-api-key': 'sandbox-api-key', ...ADMIN_HEADERS },
    data: { guest: sub, country: 'CU' },
  });
  expect(placed.ok(), await placed.text()).toBe(true);

  await page.reload();
  const dialog = page.getByRole('dialog', { name: "You can't buy a plan here" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Plans aren't available in your country or region yet.");
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
