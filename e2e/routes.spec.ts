import { expect, test, type Page } from '@playwright/test';
import { addCard, buy, CARDS } from './purchases';
import { CONTENT, createViewer, emailedLinkPath, LICENCES, startSignedIn } from './sandbox';
import { axeViolations, DEMO, signIn } from './support';

// Issue 18 "Every other route" and "The spec's remaining small systems": ACTIVATE_USER, PAYMENT,
// MEMBER_AREA, the admin previews, campaign tags on sign-in links, the advertising consent and
// its headers. (The route-table walk is the unit test apps/web/src/app/routeTable.test.ts.)

const ADMIN = { email: 'admin@stream.test', password: 'demo-password' } as const;
const ADMIN_PREVIEWS = [
  ['/_admin/404-preview', 'Preview: page not found'],
  ['/_admin/navbar-preview', 'Preview: navigation'],
  ['/_admin/plugin-preview', 'Preview: plugin'],
  ['/_admin/preview', 'Preview: every route'],
  ['/_admin/section-preview', 'Preview: section'],
] as const;

const notFound = (page: Page) => page.getByRole('heading', { level: 1, name: 'Page not found' });

test('the admin previews: 404 from the server, the not-found page for a guest and a customer, the previews for an administrator', async ({ page, request }) => {
  for (const [path] of ADMIN_PREVIEWS) expect((await request.get(path)).status(), path).toBe(404);

  await page.goto('/_admin/preview');
  await expect(notFound(page)).toBeVisible();

  const customer = await createViewer(request, 'not-admin');
  await startSignedIn(page, customer);
  await page.goto('/_admin/navbar-preview');
  await expect(notFound(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Preview: navigation' })).toHaveCount(0);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, ADMIN.email, ADMIN.password);
  for (const [path, heading] of ADMIN_PREVIEWS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // The route table, in the active language's set.
  await page.goto('/_admin/preview');
  const table = page.getByRole('table', { name: 'The route table in this language' });
  await expect(table.getByRole('rowheader', { name: 'MEMBER_AREA' })).toBeVisible();
  await expect(table.getByRole('row', { name: /ACTIVATE_USER/ })).toContainText('/activate/:id');
  expect(await axeViolations(page)).toEqual([]);
  // The section preview opens a section by id; an empty id is refused in place.
  await page.goto('/_admin/section-preview');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByLabel('Section id')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Section id').fill('sports');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/section\/sports$/);
  await page.goto('/_admin/404-preview');
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('ACTIVATE_USER: the emailed token in the path activates the account once; the link then no longer works', async ({ page, request }) => {
  const viewer = await createViewer(request, 'activate');
  const link = await emailedLinkPath(request, viewer.email, 'confirm');
  const token = new URLSearchParams(link.split('?')[1]).get('token');
  expect(token).toBeTruthy();

  await page.goto(`/activate/${encodeURIComponent(token!)}`);
  await expect(page.getByRole('heading', { name: 'Welcome to Stream' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`/activar/${encodeURIComponent(token!)}`);
  await expect(page.getByRole('heading', { name: "This link doesn't work" })).toBeVisible();
});

test('PAYMENT: a payment of the history opens its page with its details and receipt; an unknown id is not found; a guest signs in first', async ({ page, request }) => {
  await page.goto('/payment/anything');
  await expect(page).toHaveURL(/\/login\?from=%2Fpayment%2Fanything$/);

  const viewer = await createViewer(request, 'payment-page');
  const visa = await addCard(request, viewer, CARDS.visa);
  expect(await buy(request, viewer, LICENCES.sportsBasic, visa)).toBe(200);
  await startSignedIn(page, viewer);
  await page.goto('/account');
  await page.getByRole('table', { name: 'Your payments, newest first' }).getByRole('link', { name: 'Sports Basic', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sports Basic' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Payment details' });
  await expect(details).toContainText('£7.99');
  await expect(details).toContainText('SUCCEEDED');
  await expect(details).toContainText(/ch_\w+/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Download receipt \(PDF\)/ }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^receipt-[\w-]+\.pdf$/);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/payment/no-such-payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('MEMBER_AREA: the realm’s word names the member’s page, with the member’s plans; a guest signs in first', async ({ page }) => {
  await page.goto('/members');
  await expect(page).toHaveURL(/\/login\?from=%2Fmembers$/);
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Your club' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your plans' }).getByText('Sports Premium')).toBeVisible();
  const places = page.getByRole('navigation', { name: 'Your club' }).getByRole('link');
  // The library's pages (as the account page's library navigation lists them), then the household's and the account's.
  await expect(places).toHaveText(['Favourites', 'Watchlists', 'History', 'Profiles', 'Preferences', 'Account']);
  await expect(places.first()).toHaveAttribute('href', '/favourites');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('campaign tags: a guest’s sign-in, sign-up, purchase and sign-in-to-watch links carry the realm’s tags', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?utm_source=stream-web&utm_campaign=login');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?utm_source=stream-web&utm_campaign=signup');
  await page.goto(CONTENT.sportsVideo.path);
  const paywall = page.getByRole('region', { name: 'Subscribe to watch' });
  await expect(paywall.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /^\/login\?from=%2Fvideo%2F[^&]+&utm_source=stream-web&utm_campaign=signin-to-watch$/);
  await expect(paywall.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/purchase?utm_source=stream-web&utm_campaign=purchase');
  // The login page opened from a tagged link works as any other.
  await paywall.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('advertising consent on the preferences page: the calls carry the consent, and the device’s advertising id only with consent', async ({ page, request }) => {
  const sent: Array<{ consent: string | undefined; id: string | undefined }> = [];
  page.on('request', (r) => {
    if (!r.url().includes('/api/')) return;
    const headers = r.headers();
    sent.push({ consent: headers['x-ads-consent'], id: headers['x-ads-id'] });
  });
  const viewer = await createViewer(request, 'ads');
  await startSignedIn(page, viewer);
  await page.goto('/preferences');
  const ads = page.getByRole('region', { name: 'Advertising' });
  await expect(ads).toBeVisible();
  await expect.poll(() => sent.length).toBeGreaterThan(0);
  expect(sent.every((h) => h.consent === 'unknown' && h.id === undefined)).toBe(true);

  await ads.getByLabel('I agree', { exact: true }).check();
  await expect(ads.getByRole('status')).toHaveText('Your advertising choice is saved.');
  sent.length = 0;
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => sent.length).toBeGreaterThan(0);
  expect(sent.every((h) => h.consent === 'granted' && /^[0-9a-f-]{36}$/.test(h.id ?? ''))).toBe(true);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/preferences');
  await page.getByRole('region', { name: 'Advertising' }).getByLabel('I do not agree').check();
  sent.length = 0;
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => sent.length).toBeGreaterThan(0);
  expect(sent.every((h) => h.consent === 'denied' && h.id === undefined)).toBe(true);
});
