import { expect, test, type Page } from '@playwright/test';
import { ADMIN_HEADERS, SANDBOX_URL, createViewer } from './sandbox';
import { axeViolations } from './support';

/**
 * Generic external OAuth sign-in and impersonation (identity-and-routes.md §2 routes OAUTH,
 * OAUTH_APP and IMPERSONATE, §4 "Generic external OAuth or OpenID", §6 impersonation, §7, §8)
 * against the sandbox: its OAuth server (the OpenID provider at `/_oidc` with the `partner`
 * client; user oidc.user@idp.test / idp-password) and its impersonation control.
 */

const SERVER_USER = { email: 'oidc.user@idp.test', password: 'idp-password' };
const OAUTH_PATH = '/oauth/partner';
const TOKEN_PATH = '/api/v2/oauth/partner/token';
const SANDBOX_HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', ...ADMIN_HEADERS };

/** Counts the platform's OAuth code exchanges this page sends. */
function countExchanges(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === TOKEN_PATH) count += 1;
  });
  return { count: () => count };
}

/** At the OAuth server's pages: sign in, then Allow. */
async function signInAtServer(page: Page, beforeAllow?: () => Promise<unknown>): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_oidc/interaction/`));
  await expect(page.getByRole('heading', { name: 'Sign in to Stream ID' })).toBeVisible();
  await expect(page.getByText('partner wants you to sign in.')).toBeVisible();
  await page.getByLabel('Email').fill(SERVER_USER.email);
  await page.getByLabel('Password').fill(SERVER_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await beforeAllow?.();
  await page.getByRole('button', { name: 'Allow' }).click();
}

/**
 * Keeps the web app from starting when the OAuth server sends the browser back (its scripts are
 * not served), so that the callback address stays as the server sent it.
 */
async function holdTheApp(page: Page): Promise<void> {
  await page.route(
    (url) => url.origin !== new URL(SANDBOX_URL).origin && url.pathname.startsWith('/assets/'),
    (route) => route.abort(),
  );
}

test('a guest signs in with the generic OAuth provider from the login page and lands on from, with a clean address bar', async ({ page }) => {
  const exchanges = countExchanges(page);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
  const provider = page.getByRole('link', { name: 'Continue with Partner account' });
  await expect(provider).toHaveAttribute('href', `${OAUTH_PATH}?from=%2Faccount`);
  await provider.click();

  await signInAtServer(page);

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByText(SERVER_USER.email)).toBeVisible();
  expect(page.url()).not.toMatch(/code=|state=|PAGE_READY/);
  expect(exchanges.count()).toBe(1);
});

test('a callback whose state was tampered with is refused without an exchange', async ({ page }) => {
  const exchanges = countExchanges(page);
  await page.goto(`${OAUTH_PATH}?from=%2Faccount`);
  await signInAtServer(page, () => holdTheApp(page));
  await expect(page).toHaveURL(new RegExp(`${OAUTH_PATH}\\?code=`));
  const callback = new URL(page.url());
  await page.unrouteAll();

  callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
  await page.goto(callback.href);
  await expect(page.getByRole('heading', { name: "Sign-in didn't work", level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('already been used, has expired or was started in another tab');
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Start sign-in again' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login?from=%2Faccount');
  expect(page.url()).not.toMatch(/code=|state=/);
  expect(exchanges.count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('a mobile app sign-in (bundle_id) sends the browser to the app deep link with the code; no exchange happens', async ({ page }) => {
  const exchanges = countExchanges(page);
  const deepLinks: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  // The outcome to wait for is the navigation the page asks for (the app's deep link), not a
  // moment: it resolves when the browser is sent to the app, however long the sign-in took.
  const deepLink = new Promise<string>((resolve) => {
    cdp.on('Page.frameRequestedNavigation', (event: { url: string }) => {
      if (!event.url.startsWith('streamapp:')) return;
      deepLinks.push(event.url);
      resolve(event.url);
    });
  });

  await page.goto(`${OAUTH_PATH}?bundle_id=tv.stream.app&from=%2Flivenow&extraParams=${encodeURIComponent('channel=7')}`);
  await signInAtServer(page);

  const link = new URL(await deepLink);
  expect(`${link.protocol}//${link.host}${link.pathname}`).toBe('streamapp://login/openid');
  expect(link.searchParams.get('code')).toBeTruthy();
  expect(link.searchParams.get('state')).toBeTruthy();
  expect(link.searchParams.get('provider')).toBe('partner');
  expect(link.searchParams.get('extraParams')).toBe('channel=7');
  expect(link.searchParams.get('from')).toBe('/livenow');
  // The page's state once it has handed the code over is final (the sign-in machine's
  // handingToApp): it keeps saying so, and the page stays on its callback address.
  await expect(page.getByRole('status')).toHaveText('Opening the app…');
  await expect(page).toHaveURL(new RegExp(`${OAUTH_PATH}\\?code=`));
  expect(deepLinks).toHaveLength(1);
  expect(exchanges.count()).toBe(0);
});

test('impersonation: the control gives a link that signs in as the user, leaves no token in the address bar or history, and works once', async ({ page, request }) => {
  const viewer = await createViewer(request, 'impersonated');
  const control = await request.post(`${SANDBOX_URL}/_sandbox/impersonation`, { headers: SANDBOX_HEADERS, data: { email: viewer.email } });
  expect(control.status(), await control.text()).toBe(201);
  const { token, url } = (await control.json()) as { token: string; url: string };
  const link = new URL(url);
  expect(link.pathname).toBe(`/impersonate/${token}`);

  await page.goto('/home');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByText(viewer.email)).toBeVisible();
  expect(page.url()).not.toContain(token);

  // Back goes to the page before the link, never to the link itself.
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await page.goBack();
  expect(page.url()).not.toContain(token);

  // The token is single-use: opening the link again fails and says so.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toContainText('already been used');
  await expect(page.getByRole('heading', { name: 'Acting as a user', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
