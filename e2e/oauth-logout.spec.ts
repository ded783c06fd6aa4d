import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SANDBOX_URL, createViewer } from './sandbox';
import { submitLogin } from './support';

/**
 * LOGOUT of a session issued by the generic external OAuth provider (identity-and-routes.md §7
 * `POST {ext-oauth-route}/logout {refreshToken}`, §4 "Session"): signing out also ends the
 * platform session at the provider's route, so that the refresh token the browser held no longer
 * refreshes; a session from any other sign-in never calls that route. The sandbox is the peer:
 * its OAuth server (the OpenID provider at `/_oidc` with the `partner` client; user
 * oidc.user@idp.test / idp-password) and its refresh-token store.
 */

const SERVER_USER = { email: 'oidc.user@idp.test', password: 'idp-password' };
const OAUTH_PATH = '/oauth/partner';
const OAUTH_LOGOUT_PATH = '/api/v2/oauth/partner/logout';
const REFRESH_PATH = '/api/v2/token/refresh';
const SANDBOX_HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' };

/** Every platform request under `/api/v2/oauth/` this page sends (method and path). */
function watchOAuthRoute(page: Page): { seen: () => string[] } {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/v2/oauth/')) seen.push(`${request.method()} ${pathname}`);
  });
  return { seen: () => seen };
}

/** At the OAuth server's pages: sign in, then Allow (as in oauth.spec.ts). */
async function signInAtServer(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_oidc/interaction/`));
  await expect(page.getByRole('heading', { name: 'Sign in to Stream ID' })).toBeVisible();
  await page.getByLabel('Email').fill(SERVER_USER.email);
  await page.getByLabel('Password').fill(SERVER_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
}

/** The web app's stored item `key` (localStorage), or null. */
function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/**
 * The refresh token the app holds right after one of its proactive refreshes (the e2e sandbox
 * issues 4-second access tokens): the next rotation is seconds away, so the token read is the one
 * the sign-out that follows at once ends.
 */
async function freshRefreshToken(page: Page): Promise<string> {
  const previous = await storedItem(page, 'stream.refreshToken');
  await page.waitForResponse((response) => new URL(response.url()).pathname === REFRESH_PATH && response.ok());
  await expect.poll(() => storedItem(page, 'stream.refreshToken')).not.toBe(previous);
  const token = await storedItem(page, 'stream.refreshToken');
  expect(token).toBeTruthy();
  return token!;
}

/** `POST /api/v2/token/refresh { refreshToken }` at the sandbox: its HTTP status. */
async function refreshStatus(request: APIRequestContext, refreshToken: string): Promise<number> {
  const response = await request.post(`${SANDBOX_URL}${REFRESH_PATH}`, { headers: SANDBOX_HEADERS, data: { refreshToken } });
  return response.status();
}

/** The header's Sign out (the LOGOUT route), then the guest header again. */
async function signOut(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('signing out of an OAuth session ends it at the provider route: the refresh token the browser held no longer refreshes', async ({ page, request }) => {
  const oauthRoute = watchOAuthRoute(page);
  await page.goto(`${OAUTH_PATH}?from=%2Faccount`);
  await signInAtServer(page);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(SERVER_USER.email)).toBeVisible();
  expect(await storedItem(page, 'stream.oauthProvider')).toBe('partner');

  const refreshToken = await freshRefreshToken(page);
  const logoutCall = page.waitForRequest((req) => req.method() === 'POST' && new URL(req.url()).pathname === OAUTH_LOGOUT_PATH);
  await signOut(page);
  const sent = await logoutCall;
  expect(sent.postDataJSON()).toEqual({ refreshToken });
  expect(sent.url()).not.toContain(refreshToken);
  expect((await sent.response())?.status()).toBe(200);

  expect(oauthRoute.seen().filter((call) => call === `POST ${OAUTH_LOGOUT_PATH}`)).toHaveLength(1);
  expect(await storedItem(page, 'stream.oauthProvider')).toBeNull();
  expect(await storedItem(page, 'stream.refreshToken')).not.toBe(refreshToken);
  expect(await refreshStatus(request, refreshToken)).toBe(401);

  // Signed out for good: the account page is closed to the guest.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
});

test('an ID sign-in after an OAuth session forgets the provider: its sign-out never calls the OAuth route', async ({ page, request }) => {
  const viewer = await createViewer(request, 'id-logout');
  const oauthRoute = watchOAuthRoute(page);

  // A stale provider from an earlier OAuth session in this browser.
  await page.goto('/home');
  await page.evaluate(() => localStorage.setItem('stream.oauthProvider', 'partner'));

  await page.goto('/login');
  await submitLogin(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Sign out' })).toBeVisible();
  expect(await storedItem(page, 'stream.oauthProvider')).toBeNull();

  await signOut(page);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
  expect(oauthRoute.seen()).toEqual([]);
});
