import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_HEADERS, createViewer, openSandboxPage, SANDBOX_URL, startSignedIn } from './sandbox';
import { axeViolations, signIn } from './support';

/**
 * TV-operator sign-in and TV device login (issue 6; identity-and-routes.md §2 "Providers page",
 * §4 "TV-provider sign-in", "Adobe flows"; commerce-and-account-data.md §8) against the sandbox's
 * Adobe Pass emulation (`/_adobe`, docs/sandbox.md "Adobe Pass and TV"): the PROVIDERS page's
 * picker, the operator's login page, the exchange, the entitlement sync that grants the operator's
 * package, the regcode's single silent retry, the second attempt after a 400/412 and the error
 * after a second failure; a TV's code (the sandbox's TV page) confirmed on TV_LOGIN; and the
 * licence redirect page (commerce §2) redeeming a code of the sandbox's external licence provider.
 * Also: a TV-operator link found at the next ID sign-in (continue, unlink), leaving the flow by
 * an in-app link (the flow's items are cleared), and the Primetime flavour (`provider=ADOBE`).
 * Each test signs in at a different operator, so each gets its own fresh platform account.
 */

const HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json', ...ADMIN_HEADERS };
const OPERATOR_PASSWORD = 'tv-password';
const FLOW_KEYS = ['stream.tvProvider.pending', 'stream.tvProvider.secondIntent'];
const PICKER_TITLE = 'Sign in with your TV provider';
const RETRY_MESSAGE = "That didn't work. Please choose your TV provider and sign in again.";

/** Arms a one-shot sandbox control (`POST /_sandbox/adobe/…`). */
async function control(request: APIRequestContext, name: 'next-regcode' | 'next-tv-sign-in', status: number): Promise<void> {
  const response = await request.post(`${SANDBOX_URL}/_sandbox/adobe/${name}`, { headers: HEADERS, data: { status } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Counts the requests whose path ends with `suffix` (any method but OPTIONS). */
function countCalls(page: Page, suffix: string | RegExp): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'OPTIONS' && (typeof suffix === 'string' ? path.endsWith(suffix) : suffix.test(path))) count += 1;
  });
  return { count: () => count };
}

/** From a guest's `/account`: the login page's TV provider button, then the PROVIDERS page's picker. */
async function openPicker(page: Page): Promise<void> {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
  const button = page.getByRole('link', { name: 'Continue with TV provider', exact: true });
  await expect(button).toHaveAttribute('href', '/providers?provider=ADOBE_DCR&from=%2Faccount');
  await button.click();
  await expect(page.getByRole('heading', { name: PICKER_TITLE, level: 1 })).toBeVisible();
}

/** Picks `operator` (its button's name) and signs in on the operator's login page as `email`. */
async function signInAtOperator(page: Page, operator: string, email: string): Promise<void> {
  await page.getByRole('button', { name: operator, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_adobe/login/`));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The account page lists `licence` among the viewer's subscriptions. */
async function expectLicence(page: Page, licence: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: licence, exact: true })).toBeVisible();
}

/** A phone's viewport (§9 breakpoints: the narrowest layout). */
const PHONE = { width: 375, height: 800 };

/** Nothing is wider than the viewport, and the operator tiles of one row share its height. */
async function expectFitsPhone(page: Page): Promise<void> {
  const layout = await page.evaluate(() => {
    const rows = new Map<number, number[]>();
    for (const tile of document.querySelectorAll('.tv-providers__operator')) {
      const box = tile.getBoundingClientRect();
      rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), Math.round(box.height)]);
    }
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      unevenRows: [...rows.values()].filter((heights) => new Set(heights).size > 1).length,
    };
  });
  expect(layout).toEqual({ overflow: 0, unevenRows: 0 });
}

/** A fresh viewer signed in on `page`, and the sandbox's TV page in a second tab showing its code (8 letters and digits). */
async function signedInWithTv(page: Page, request: APIRequestContext, prefix: string): Promise<{ tv: Page; code: string }> {
  const viewer = await createViewer(request, prefix);
  await startSignedIn(page, viewer);
  const tv = await page.context().newPage();
  await openSandboxPage(tv, '/_sandbox/tv');
  await expect(tv.getByRole('status')).toHaveText('Waiting for the code to be confirmed…');
  const code = (await tv.locator('#code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  return { tv, code };
}

async function flowKeys(page: Page): Promise<(string | null)[]> {
  return page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), FLOW_KEYS);
}

test('a guest signs in through a TV operator and lands on the stored from-path with the operator\'s licences active', async ({ page }) => {
  await openPicker(page);
  // Featured operators first, then the separator label and the others; logos load lazily.
  await expect(page.getByRole('button', { name: 'Northwind Cable', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'More TV providers', level: 2 })).toBeVisible();
  const more = page.getByRole('region', { name: 'More TV providers' });
  await expect(more.getByRole('button', { name: 'Harbor Broadband', exact: true })).toBeVisible();
  await expect(more.getByRole('button', { name: 'Northwind Cable', exact: true })).toHaveCount(0);
  const logos = page.locator('.tv-providers__operator img');
  expect(await logos.count()).toBeGreaterThanOrEqual(12);
  for (const loading of await logos.evaluateAll((images) => images.map((image) => image.getAttribute('loading')))) expect(loading).toBe('lazy');
  expect(await axeViolations(page)).toEqual([]);

  await signInAtOperator(page, 'Northwind Cable', 'tv.viewer@northwind.test');

  await expect(page).toHaveURL(/\/account$/);
  await expectLicence(page, 'Sports Premium');
  expect(await flowKeys(page)).toEqual([null, null]);
});

test('a forced regcode 400 is retried once silently, with a fresh client registration', async ({ page, request }) => {
  const registrations = countCalls(page, '/_adobe/o/client/register');
  const regcodes = countCalls(page, /\/adobe\/(regcode|[^/]+\/regcode)$/);
  await control(request, 'next-regcode', 400);

  await openPicker(page);
  await expect(page.getByRole('button', { name: 'BlueWave TV', exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(regcodes.count()).toBe(2);
  expect(registrations.count()).toBe(2);

  await signInAtOperator(page, 'BlueWave TV', 'tv.viewer@bluewave.test');
  await expect(page).toHaveURL(/\/account$/);
  await expectLicence(page, 'Sports Basic');
});

test('a forced 412 shows the picker again with the retry message, and the second attempt succeeds', async ({ page, request }) => {
  await openPicker(page);
  await control(request, 'next-tv-sign-in', 412);
  await signInAtOperator(page, 'Skyline Fibre', 'tv.viewer@skyline.test');

  await expect(page.getByText(RETRY_MESSAGE)).toBeVisible();
  await expect(page.getByRole('heading', { name: PICKER_TITLE, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/providers\/success\?provider=ADOBE_DCR$/);

  await signInAtOperator(page, 'Skyline Fibre', 'tv.viewer@skyline.test');
  await expect(page).toHaveURL(/\/account$/);
  await expectLicence(page, 'Cinema Plus');
  expect(await flowKeys(page)).toEqual([null, null]);
});

test('a second failure shows the error and a button back to the home page (on a phone)', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await openPicker(page);
  await expectFitsPhone(page);
  await control(request, 'next-tv-sign-in', 400);
  await signInAtOperator(page, 'Harbor Broadband', 'tv.viewer@harbor.test');
  await expect(page.getByText(RETRY_MESSAGE)).toBeVisible();
  await expectFitsPhone(page);

  await control(request, 'next-tv-sign-in', 412);
  await signInAtOperator(page, 'Harbor Broadband', 'tv.viewer@harbor.test');

  await expect(page.getByRole('heading', { name: 'TV provider sign-in failed', level: 1 })).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Something went wrong');
  await expect(alert).toBeFocused();
  // §8: the request id and the first server message, for support.
  await expect(alert).toContainText('Message from the service: The TV provider sign-in is not complete');
  await expect(alert).toContainText(/Reference for support: \S+/);
  await expectFitsPhone(page);
  expect(await flowKeys(page)).toEqual([null, null]);
  expect(await axeViolations(page)).toEqual([]);

  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/providers?provider=ADOBE_DCR&from=%2Faccount');

  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // Back to the failed return address: nothing of the flow is left, so it fails again; Try again starts a new flow.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'TV provider sign-in failed', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/providers\?provider=ADOBE_DCR$/);
  await expect(page.getByRole('heading', { name: PICKER_TITLE, level: 1 })).toBeVisible();
  await expect(page.getByText(RETRY_MESSAGE)).toHaveCount(0);
  // Not signed in: the account page still asks for a sign-in.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?from=%2Faccount$/);
});

test("a TV's code confirmed on TV_LOGIN signs the TV page in; a wrong code says what to do", async ({ page, request }) => {
  // A guest is sent to sign in first.
  await page.goto('/tv-login');
  await expect(page).toHaveURL(/\/login\?from=%2Ftv-login$/);

  const { tv, code } = await signedInWithTv(page, request, 'tv-device');

  await page.goto('/tv-login');
  await expect(page.getByRole('heading', { name: 'Sign in on your TV', level: 1 })).toBeVisible();
  const field = page.getByLabel('TV code');
  await field.fill('ZZZZ2222');
  await page.getByRole('button', { name: 'Sign in TV' }).click();
  await expect(page.getByRole('alert')).toContainText('This code is not valid or has expired');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Sign in TV' }).click();
  await expect(page.getByText('Your TV is signed in.')).toBeVisible();
  await expect(tv.getByRole('status')).toHaveText('Signed in as Licence Viewer');
  expect(await axeViolations(page)).toEqual([]);

  // Another TV: the empty field takes the focus.
  await page.getByRole('button', { name: 'Sign in another TV' }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
});

test('a TV that links to TV_LOGIN with its code: the field is filled and the code leaves the address', async ({ page, request }) => {
  const { tv, code } = await signedInWithTv(page, request, 'tv-device-link');

  await page.goto(`/tv-login?code=${code}`);
  await expect(page.getByLabel('TV code')).toHaveValue(code);
  await expect(page).toHaveURL(/\/tv-login$/);
  await page.getByRole('button', { name: 'Sign in TV' }).click();
  await expect(page.getByText('Your TV is signed in.')).toBeVisible();
  await expect(tv.getByRole('status')).toHaveText('Signed in as Licence Viewer');
  // The address was replaced (not pushed): the code stays in neither it nor the history.
  expect(page.url()).not.toContain(code);
});

test('the licence redirect page redeems its code and goes on to the redirect target with the licence granted', async ({ page, request }) => {
  const viewer = await createViewer(request, 'licence-redirect');
  const response = await request.post(`${SANDBOX_URL}/_sandbox/adobe/licence-code`, {
    headers: HEADERS,
    data: { email: viewer.email, licenceId: '201', redirectTo: '/account' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { path } = (await response.json()) as { path: string };
  expect(path).toMatch(/^\/licence-redirect\?code=/);
  await startSignedIn(page, viewer);

  await page.goto(path);
  await expect(page).toHaveURL(/\/account$/);
  await expectLicence(page, 'Cinema');
  expect(page.url()).not.toContain('code=');
});

test('the licence redirect page shows nothing and never follows an address outside the app', async ({ page }) => {
  const outside = new URLSearchParams({ redirectTo: 'https://evil.test/x', from: '//evil.test' }).toString();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).host));
  // An unknown code: the redemption fails (404) and the page goes to the default page instead.
  await page.goto(`/licence-redirect?${new URLSearchParams({ code: 'unknown-code', extraParams: outside })}`);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/home$/);
  expect(requests).not.toContain('evil.test');

  // While the code is redeemed there is no visible content: only a status for screen readers.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/external-licence/token', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/licence-redirect?code=held-code');
  const status = page.getByRole('status').filter({ hasText: 'Activating your licence' });
  await expect(status).toHaveCount(1);
  const box = await status.boundingBox();
  expect(box === null || (box.width <= 1 && box.height <= 1)).toBe(true);
  release();
  await expect(page).toHaveURL(/\/home$/);
});

test('a TV-operator link found at the next sign-in: PROVIDERS offers continue and unlink, and an unlink shows the picker', async ({ page, request }) => {
  // A signed-in viewer links MetroVision to the account by signing in there.
  const viewer = await createViewer(request, 'tv-linked');
  await startSignedIn(page, viewer);
  await page.goto('/account');
  const tvCard = page.getByRole('region', { name: 'TV provider' });
  await tvCard.getByRole('link', { name: 'Connect your TV provider' }).click();
  await expect(page).toHaveURL(/\/providers\?provider=ADOBE_DCR&from=%2Faccount$/);
  await expect(page.getByRole('heading', { name: PICKER_TITLE, level: 1 })).toBeVisible();
  await signInAtOperator(page, 'MetroVision', 'tv.viewer@metrovision.test');
  await expect(page).toHaveURL(/\/account$/);
  await expectLicence(page, 'Sports Premium');
  const linkedAccounts = page.getByRole('region', { name: 'Linked accounts' });
  await expect(linkedAccounts.getByRole('button', { name: 'Unlink TV provider' })).toBeVisible();

  // Signed out and in again with email and password: the login answer lists the TV provider.
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await signIn(page, viewer.email, viewer.password);
  await page.goto('/account');
  await expect(tvCard).toContainText('Your account is linked to your TV provider.');
  await tvCard.getByRole('link', { name: 'Manage your TV provider' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is linked to your TV provider', level: 1 })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/providers?from=%2Faccount');
  await page.getByRole('button', { name: 'Unlink TV provider' }).click();
  await expect(page.getByRole('heading', { name: PICKER_TITLE, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'MetroVision', exact: true })).toBeVisible();
  // The session forgot the link: a later visit shows the picker, and the account page lists none.
  await page.goto('/providers?from=%2Faccount');
  await expect(page.getByRole('heading', { name: PICKER_TITLE, level: 1 })).toBeVisible();
  await page.goto('/account');
  await expect(linkedAccounts.getByText(/No other accounts are linked/)).toBeVisible();
  await expect(tvCard.getByRole('link', { name: 'Connect your TV provider' })).toBeVisible();
});

test('leaving the flow by an in-app link clears its items: the next visit is a first attempt again', async ({ page, request }) => {
  await openPicker(page);
  await control(request, 'next-tv-sign-in', 412);
  await signInAtOperator(page, 'Riverside Cable', 'tv.viewer@riverside.test');
  await expect(page.getByText(RETRY_MESSAGE)).toBeVisible();
  expect((await flowKeys(page))[1]).not.toBeNull();

  // The site header's home link, on the picker of the second attempt.
  await page.getByRole('banner').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await flowKeys(page)).toEqual([null, null]);

  // Back on the picker: no retry message, and a failure now is a first attempt (the picker again).
  await openPicker(page);
  await expect(page.getByText(RETRY_MESSAGE)).toHaveCount(0);
  await control(request, 'next-tv-sign-in', 400);
  await signInAtOperator(page, 'Riverside Cable', 'tv.viewer@riverside.test');
  await expect(page.getByText(RETRY_MESSAGE)).toBeVisible();
});

test('Primetime (provider=ADOBE): the device regcode, the operator sign-in and the licence', async ({ page }) => {
  const regcodes = countCalls(page, /\/adobe\/[^/]+\/regcode$/);
  const registrations = countCalls(page, '/_adobe/o/client/register');
  await page.goto('/providers?provider=ADOBE&from=%2Faccount');
  await expect(page.getByRole('heading', { name: PICKER_TITLE, level: 1 })).toBeVisible();
  expect(regcodes.count()).toBe(1);
  // Primetime registers no DCR client.
  expect(registrations.count()).toBe(0);
  await signInAtOperator(page, 'Summit Satellite', 'tv.viewer@summit.test');
  await expect(page).toHaveURL(/\/account$/);
  await expectLicence(page, 'Cinema');
  expect(await flowKeys(page)).toEqual([null, null]);
});
