import { expect, test, type Page } from '@playwright/test';
import { SANDBOX_URL } from './sandbox';
import { axeViolations } from './support';

/**
 * OpenID Connect sign-in (identity-and-routes.md §4 "Generic external OAuth or OpenID") through
 * the sandbox's own OpenID provider (`/_oidc`, user oidc.user@idp.test / idp-password; the
 * platform creates the account at the first sign-in): the provider's login and consent pages,
 * the single code exchange, the return to `from` with a clean address bar, and the refusal of a
 * replayed or tampered callback.
 */

const IDP_USER = { email: 'oidc.user@idp.test', password: 'idp-password' };
const CALLBACK_PATH = '/login/openid/stream-idp';
const TOKEN_PATH = '/api/v2/openid/stream-idp/token';

/** Counts the platform's token exchanges this page sends. */
function countExchanges(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === TOKEN_PATH) count += 1;
  });
  return { count: () => count };
}

/** From the login page: the provider button, the provider's login page, sign in, Allow. */
async function signInAtProvider(page: Page, atProvider?: () => Promise<unknown>): Promise<void> {
  await page.getByRole('link', { name: 'Continue with Stream ID (OpenID)' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_oidc/interaction/`));
  await atProvider?.();
  await expect(page.getByRole('heading', { name: 'Sign in to Stream ID' })).toBeVisible();
  await page.getByLabel('Email').fill(IDP_USER.email);
  await page.getByLabel('Password').fill(IDP_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
}

test('a guest signs in with the OpenID provider and lands on from, with no code or state in the address bar; a replay is refused', async ({ page }) => {
  const exchanges = countExchanges(page);
  const callbacks: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.isNavigationRequest() && url.pathname === CALLBACK_PATH && url.searchParams.has('code')) callbacks.push(url.href);
  });

  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
  const provider = page.getByRole('link', { name: 'Continue with Stream ID (OpenID)' });
  await expect(provider).toBeVisible();
  await expect(provider).toHaveAttribute('href', `${CALLBACK_PATH}?from=%2Faccount`);
  expect(await axeViolations(page)).toEqual([]);

  await signInAtProvider(page);

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  expect(page.url()).not.toMatch(/code=|state=/);
  expect(callbacks).toHaveLength(1);
  expect(exchanges.count()).toBe(1);
  // Back in history: the callback entry was replaced, so no address with the code is left.
  expect(await page.evaluate(() => window.location.search)).toBe('');

  // Replaying the callback URL (same code and state) does not exchange again: an error shows.
  await page.goto(callbacks[0]!);
  await expect(page.getByRole('alert')).toContainText('already been used');
  await expect(page.getByRole('heading', { name: "Sign-in didn't work" })).toBeVisible();
  expect(page.url()).not.toMatch(/code=|state=/);
  expect(exchanges.count()).toBe(1);
});

test('a callback whose state was tampered with is refused without an exchange', async ({ page }) => {
  const exchanges = countExchanges(page);
  await page.goto('/login?from=%2Faccount');
  // At the provider, keep the web app from starting on the provider's redirect (its scripts are
  // not served), so that the callback's code is not used before the state is altered.
  await signInAtProvider(page, () =>
    page.route(
      (url) => url.origin !== new URL(SANDBOX_URL).origin && url.pathname.startsWith('/assets/'),
      (route) => route.abort(),
    ),
  );
  await expect(page).toHaveURL(new RegExp(`${CALLBACK_PATH}\\?code=`));
  const callback = page.url();
  await page.unrouteAll();

  const tampered = new URL(callback);
  tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
  await page.goto(tampered.href);
  await expect(page.getByRole('alert')).toContainText('already been used, has expired or was started in another tab');
  await expect(page.getByRole('button', { name: 'Start sign-in again' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login?from=%2Faccount');
  expect(page.url()).not.toMatch(/code=|state=/);
  expect(exchanges.count()).toBe(0);
});
