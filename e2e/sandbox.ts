import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail } from './support';

/** The e2e sandbox (playwright.config.ts starts it on this port). */
export const SANDBOX_URL = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 8797}`;

const HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' };

/**
 * The e2e sandbox's admin key (docs/sandbox.md "Admin key"): playwright.config.ts sets
 * `SANDBOX_ADMIN_KEY` for the sandbox it starts and for the test workers.
 */
export const SANDBOX_ADMIN_KEY = process.env.SANDBOX_ADMIN_KEY ?? '';
/** The header every `/_sandbox/*` control needs besides the realm headers. */
export const ADMIN_HEADERS = { 'x-sandbox-admin-key': SANDBOX_ADMIN_KEY } as const;

/**
 * Opens a sandbox page (`/_sandbox/outbox/page`, `/_sandbox/tv`) in `page` as a person who has
 * given the admin key once: the admin cookie the key form would set, then the page.
 */
export async function openSandboxPage(page: Page, path: string): Promise<void> {
  await page.context().addCookies([
    { name: 'sandbox_admin_key', value: SANDBOX_ADMIN_KEY, url: `${SANDBOX_URL}/_sandbox/`, httpOnly: true, sameSite: 'Strict' },
  ]);
  await page.goto(`${SANDBOX_URL}${path}`);
}

/** Seeded licence ids (apps/sandbox/src/seed/catalogue.ts). */
export const LICENCES = { sportsBasic: '101', sportsPremium: '102', cinema: '201', cinemaPlus: '202' } as const;

/** Seeded content ids. */
export const CONTENT = {
  freeVideo: { path: '/video/welcome-to-stream/welcome-to-stream', title: 'Welcome to Stream' },
  sportsVideo: { path: '/video/derby-day-full-match/derby-day-full-match', title: 'Derby Day: Full Match' },
} as const;

/** A signed-in viewer: credentials and the tokens the platform answered. */
export interface Viewer {
  email: string;
  password: string;
  tokens: { authorisationToken: string; refreshToken: string };
}

/** Signs up a fresh viewer through the platform call (`POST /api/v2/user`, which also signs it in). */
export async function createViewer(request: APIRequestContext, prefix = 'viewer'): Promise<Viewer> {
  const email = uniqueEmail(prefix);
  const password = 'correct horse battery';
  const response = await request.post(`${SANDBOX_URL}/api/v2/user`, {
    headers: HEADERS,
    data: { id: email, secret: password, name: 'Licence Viewer' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { email, password, tokens: await response.json() };
}

/** Signs an existing account in through the platform call (`POST /api/v2/login`). */
export async function loginViewer(request: APIRequestContext, email: string, password: string): Promise<Viewer> {
  const response = await request.post(`${SANDBOX_URL}/api/v2/login`, { headers: HEADERS, data: { id: email, secret: password } });
  expect(response.ok(), await response.text()).toBe(true);
  return { email, password, tokens: await response.json() };
}

/** The realm headers and a fresh bearer of `viewer` (e2e access tokens live 4 seconds, so it signs in again). */
export async function viewerHeaders(request: APIRequestContext, viewer: Viewer): Promise<Record<string, string>> {
  const { tokens } = await loginViewer(request, viewer.email, viewer.password);
  return { Realm: 'stream', 'x-api-key': 'sandbox-api-key', Authorization: `Bearer ${tokens.authorisationToken}` };
}

/**
 * Tokenises card `number` with the sandbox's card processor and initialises it on `viewer`'s
 * account (`POST /api/v4/payment-method/init`), as the checkout would. The payment details' id
 * (`pd_…`); a card initialised alone is kept only once a payment or a set-up with it succeeds.
 */
export async function initCard(request: APIRequestContext, viewer: Viewer, number: string): Promise<string> {
  const tokenised = await request.post(`${SANDBOX_URL}/_processor/v1/tokens`, {
    headers: { 'content-type': 'application/json' },
    data: { number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
  });
  expect(tokenised.ok(), await tokenised.text()).toBe(true);
  const { token } = (await tokenised.json()) as { token: string };
  const init = await request.post(`${SANDBOX_URL}/api/v4/payment-method/init`, {
    headers: await viewerHeaders(request, viewer),
    data: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token } },
  });
  expect(init.ok(), await init.text()).toBe(true);
  return ((await init.json()) as { paymentDetailsExid: string }).paymentDetailsExid;
}

/**
 * Starts the web app's session from `viewer`'s tokens, as a returning viewer's browser would
 * (the keys of `STORAGE_KEYS` in @stream/core/platform): the app then boots signed in, without a
 * guest check-in. The sign-in form itself is covered by auth.spec.ts.
 */
export async function startSignedIn(page: Page, viewer: Viewer): Promise<void> {
  await page.goto('/config.json');
  await page.evaluate(({ authorisationToken, refreshToken }) => {
    localStorage.setItem('stream.authorisationToken', authorisationToken);
    localStorage.setItem('stream.refreshToken', refreshToken);
  }, viewer.tokens);
}

/** Grants the account a licence through the sandbox control (`POST /_sandbox/licences/grant`). */
export async function grantLicence(
  request: APIRequestContext,
  email: string,
  licenceId: string,
  options: Record<string, unknown> = {},
): Promise<void> {
  const response = await request.post(`${SANDBOX_URL}/_sandbox/licences/grant`, {
    headers: { ...HEADERS, ...ADMIN_HEADERS },
    data: { email, licenceId, ...options },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Forgets every throttle key of the sandbox (`POST /_sandbox/throttle/reset`, docs/sandbox.md
 * "Throttling"): a spec that provoked a sign-in delay from 127.0.0.1 leaves none behind.
 */
export async function resetThrottling(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${SANDBOX_URL}/_sandbox/throttle/reset`, { headers: { ...HEADERS, ...ADMIN_HEADERS }, data: {} });
  expect(response.ok(), await response.text()).toBe(true);
}

/** An email in the sandbox's outbox (`GET /_sandbox/outbox`, docs/sandbox.md "Email"). */
export interface OutboxEmail {
  to: string;
  kind: 'reset' | 'magic' | 'confirm' | 'pinReset';
  link: string;
}

/**
 * The in-app path (and query) of the newest email of `kind` sent to `to`, waiting (polling) until
 * it is there; the link's own host is dropped, to open it on the app under test.
 */
export async function emailedLinkPath(request: APIRequestContext, to: string, kind: OutboxEmail['kind']): Promise<string> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${SANDBOX_URL}/_sandbox/outbox?to=${encodeURIComponent(to)}`, { headers: { ...HEADERS, ...ADMIN_HEADERS } });
      if (!response.ok()) return false;
      found = ((await response.json()) as { messages: OutboxEmail[] }).messages.find((message) => message.kind === kind);
      return found !== undefined;
    })
    .toBe(true);
  const url = new URL(found!.link, 'http://app.invalid');
  return `${url.pathname}${url.search}`;
}
