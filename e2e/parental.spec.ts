import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createViewer, emailedLinkPath, resetThrottling, SANDBOX_URL, startSignedIn, viewerHeaders, type Viewer } from './sandbox';
import { axeViolations, submitLogin } from './support';

// Issue 16 (web): parental control on the account page and the reset link's page
// CONFIRM_PIN_PROTECTION_RESET; commerce-and-account-data.md §3 "Parental control", §7;
// identity-and-routes.md §2 route table; docs/api.md "Parental control".

/** The English texts of the household (the labels the sandbox serves). */
const EN = JSON.parse(readFileSync(new URL('../apps/sandbox/src/seed/labels/household/en.json', import.meta.url), 'utf8')) as Record<HouseholdKey, string>;

/** The household labels this spec reads (each is in the file: the label tests check every key in every language). */
type HouseholdKey =
  | 'cancel'
  | 'invalidPinResetCode'
  | 'parentalChangePin'
  | 'parentalControl'
  | 'parentalEnterCurrentPin'
  | 'parentalEnterNewPin'
  | 'parentalEnterNewPinAgain'
  | 'parentalEnterPinToChangeRestriction'
  | 'parentalEnterPinToRemove'
  | 'parentalPinIsSet'
  | 'parentalPinNotSet'
  | 'parentalRemovePin'
  | 'parentalRestrictionOff'
  | 'parentalRestrictionOn'
  | 'parentalSetPin'
  | 'parentalTurnRestrictionOff'
  | 'parentalTurnRestrictionOn'
  | 'pinForgotten'
  | 'pinMismatch'
  | 'pinRemoved'
  | 'pinResetBackToAccount'
  | 'pinResetCleared'
  | 'pinResetDoneTitle'
  | 'pinResetEmailSent'
  | 'pinResetLinkInvalidTitle'
  | 'pinResetTitle'
  | 'pinSaved'
  | 'wrongPin';

/** `POST /api/v1/parental-control` calls as `viewer` (a fresh bearer each time: e2e tokens are short-lived). */
async function parental(request: APIRequestContext, viewer: Viewer, path: string, data?: object) {
  const headers = { ...(await viewerHeaders(request, viewer)), 'content-type': 'application/json' };
  return request.post(`${SANDBOX_URL}/api/v1/parental-control${path}`, { headers, ...(data ? { data } : {}) });
}

/** Sets the PIN through the platform (for tests that are not about setting it). */
async function setPinByApi(request: APIRequestContext, viewer: Viewer, pin: string): Promise<void> {
  const response = await parental(request, viewer, '', { pin, status: 'RESTRICTED' });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The HTTP status of a PIN check (`verify`). */
async function verifyStatus(request: APIRequestContext, viewer: Viewer, pin: string): Promise<number> {
  return (await parental(request, viewer, '/verify', { pin })).status();
}

/** The account page's parental-control section. */
const section = (page: Page) => page.getByRole('region', { name: EN.parentalControl });

/** The PIN pad named `label`. */
const pad = (page: Page, label: string) => page.getByRole('group', { name: label });

/** Types `pin` on the pad `where` with its keys (each key waits until the pad accepts digits again). */
async function typePin(where: Locator, pin: string): Promise<void> {
  for (const digit of pin) await where.getByRole('button', { name: digit, exact: true }).click();
}

/** Enters a new PIN twice on the pad. */
async function enterNewPin(page: Page, pin: string): Promise<void> {
  await typePin(pad(page, EN.parentalEnterNewPin), pin);
  await typePin(pad(page, EN.parentalEnterNewPinAgain), pin);
}

async function openAccount(page: Page, viewer: Viewer): Promise<void> {
  await startSignedIn(page, viewer);
  await page.goto('/account');
  await expect(section(page)).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  // The PIN throttle is per profile; a spec that locked one leaves nothing behind.
  await resetThrottling(request);
});

test('sets a PIN, changes it with the current one asked first, turns the restriction off, removes it', async ({ page, request }) => {
  const viewer = await createViewer(request, 'parental');
  await openAccount(page, viewer);
  const settings = section(page);
  await expect(settings.getByText(EN.parentalPinNotSet)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Set: a new PIN typed twice; a second entry that differs starts over.
  await settings.getByRole('button', { name: EN.parentalSetPin }).click();
  await expect(pad(page, EN.parentalEnterNewPin).getByRole('button', { name: '1', exact: true })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await typePin(pad(page, EN.parentalEnterNewPin), '1234');
  await typePin(pad(page, EN.parentalEnterNewPinAgain), '1235');
  await expect(pad(page, EN.parentalEnterNewPin).getByRole('alert')).toHaveText(EN.pinMismatch!);
  await enterNewPin(page, '1234');
  await expect(settings.getByRole('status').filter({ hasText: EN.pinSaved })).toBeAttached();
  await expect(settings.getByRole('heading', { name: EN.parentalControl })).toBeFocused();
  await expect(settings.getByText(EN.parentalPinIsSet, { exact: true })).toBeVisible();
  await expect(settings.getByText(EN.parentalRestrictionOn, { exact: true })).toBeVisible();
  expect(await verifyStatus(request, viewer, '1234')).toBe(200);

  // Change: the current PIN first; a wrong one shows wrongPin.
  await settings.getByRole('button', { name: EN.parentalChangePin }).click();
  const current = pad(page, EN.parentalEnterCurrentPin);
  await typePin(current, '9999');
  await expect(current.getByRole('alert')).toHaveText(EN.wrongPin!);
  await typePin(current, '1234');
  await enterNewPin(page, '5678');
  await expect(settings.getByRole('status').filter({ hasText: EN.pinSaved })).toBeAttached();
  expect(await verifyStatus(request, viewer, '5678')).toBe(200);
  expect(await verifyStatus(request, viewer, '1234')).toBe(403);

  // The restriction off, with the PIN.
  await settings.getByRole('button', { name: EN.parentalTurnRestrictionOff }).click();
  await typePin(pad(page, EN.parentalEnterPinToChangeRestriction), '5678');
  await expect(settings.getByText(EN.parentalRestrictionOff, { exact: true })).toBeVisible();
  await expect(settings.getByRole('button', { name: EN.parentalTurnRestrictionOn })).toBeVisible();

  // Remove.
  await settings.getByRole('button', { name: EN.parentalRemovePin }).click();
  await typePin(pad(page, EN.parentalEnterPinToRemove), '5678');
  await expect(settings.getByRole('status').filter({ hasText: EN.pinRemoved })).toBeAttached();
  await expect(settings.getByText(EN.parentalPinNotSet)).toBeVisible();
  expect(await verifyStatus(request, viewer, '5678')).toBe(409);
});

test('five wrong PINs: the pad counts the wait down, and Cancel leaves it', async ({ page, request }) => {
  const viewer = await createViewer(request, 'parental-throttle');
  await setPinByApi(request, viewer, '2468');
  await openAccount(page, viewer);
  await section(page).getByRole('button', { name: EN.parentalChangePin }).click();
  const current = pad(page, EN.parentalEnterCurrentPin);
  const alert = current.getByRole('alert');
  // Wrong PINs until the platform refuses the profile (after 5).
  const throttled = /^Too many attempts\. Try again in (\d+) seconds\.$/;
  const answered = new RegExp(`^(${EN.wrongPin!.replace(/[.?]/g, '\\$&')}|${throttled.source.slice(1, -1)})$`);
  let attempts = 0;
  for (; attempts < 6 && (await current.getByText(throttled).count()) === 0; attempts++) {
    await typePin(current, '0000');
    await expect(alert).toHaveText(answered);
  }
  expect(attempts).toBeGreaterThanOrEqual(5);
  await expect(alert).toHaveText(throttled);
  const seconds = () => alert.textContent().then((text) => Number(throttled.exec(text ?? '')?.[1] ?? NaN));
  const first = await seconds();
  expect(first).toBeGreaterThan(800);
  await expect.poll(seconds).toBeLessThan(first);
  await expect(current.getByRole('button', { name: '1', exact: true })).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);
  await current.getByRole('button', { name: EN.cancel }).click();
  await expect(section(page).getByRole('button', { name: EN.parentalChangePin })).toBeVisible();
});

test('forgotten PIN at 390 px: the emailed link clears it, a new one is set, the link works once', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const viewer = await createViewer(request, 'parental-reset');
  await setPinByApi(request, viewer, '1357');
  await openAccount(page, viewer);
  await section(page).getByRole('button', { name: EN.parentalChangePin }).click();
  const current = pad(page, EN.parentalEnterCurrentPin);
  await current.getByRole('button', { name: EN.pinForgotten }).click();
  await expect(current.getByText(EN.pinResetEmailSent!)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const link = await emailedLinkPath(request, viewer.email, 'pinReset');
  const code = decodeURIComponent(link.split('/').pop()!);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: EN.pinResetTitle })).toBeVisible();
  await expect(page.getByText(EN.pinResetCleared!)).toBeVisible();
  // The code left the address bar at once.
  expect(page.url()).not.toContain(code);
  expect(await verifyStatus(request, viewer, '1357')).toBe(409);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await enterNewPin(page, '8642');
  await expect(page.getByRole('heading', { level: 1, name: EN.pinResetDoneTitle })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  expect(await verifyStatus(request, viewer, '8642')).toBe(200);

  // The link cannot be used again: the platform refuses the code, and the page says what to do.
  const again = await request.post(`${SANDBOX_URL}/api/v1/parental-control/pin`, {
    headers: { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' },
    data: { resetCode: code },
  });
  expect(again.status()).toBe(404);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: EN.pinResetLinkInvalidTitle })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(EN.invalidPinResetCode!);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: EN.pinResetBackToAccount }).click();
  await expect(section(page).getByText(EN.parentalPinIsSet, { exact: true })).toBeVisible();
});

test('a guest opening the reset link signs in and comes back to it', async ({ page, request }) => {
  const viewer = await createViewer(request, 'parental-guest');
  await setPinByApi(request, viewer, '1111');
  const sent = await parental(request, viewer, '/pin');
  expect(sent.ok()).toBe(true);
  const link = await emailedLinkPath(request, viewer.email, 'pinReset');
  await page.goto(link);
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, viewer.email, viewer.password);
  await expect(page.getByRole('heading', { level: 1, name: EN.pinResetTitle })).toBeVisible();
  await enterNewPin(page, '2222');
  await expect(page.getByRole('heading', { level: 1, name: EN.pinResetDoneTitle })).toBeVisible();
  expect(await verifyStatus(request, viewer, '2222')).toBe(200);
});

test('a child profile’s session does not see the parental-control section', async ({ page, request }) => {
  const viewer = await createViewer(request, 'parental-child');
  const headers = { ...(await viewerHeaders(request, viewer)), 'content-type': 'application/json' };
  const created = await request.post(`${SANDBOX_URL}/api/v2/profiles`, { headers, data: { name: 'Kid', type: 'CHILD', ageRatingLimit: 7 } });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const selected = await request.post(`${SANDBOX_URL}/api/v2/profiles/${id}/select`, { headers, data: {} });
  expect(selected.ok(), await selected.text()).toBe(true);
  await startSignedIn(page, { ...viewer, tokens: await selected.json() });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(section(page)).toHaveCount(0);
});

test('in Arabic (right to left) the section and the pad are axe-clean', async ({ page, request }) => {
  const AR = JSON.parse(readFileSync(new URL('../apps/sandbox/src/seed/labels/household/ar.json', import.meta.url), 'utf8')) as Record<string, string>;
  const viewer = await createViewer(request, 'parental-ar');
  await startSignedIn(page, viewer);
  await page.goto('/account');
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const settings = page.getByRole('region', { name: AR.parentalControl });
  await settings.getByRole('button', { name: AR.parentalSetPin }).click();
  await expect(pad(page, AR.parentalEnterNewPin!)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
