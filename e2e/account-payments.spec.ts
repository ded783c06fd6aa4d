import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addCard, bearer, buy, CARDS } from './purchases';
import { createViewer, LICENCES, SANDBOX_URL, startSignedIn, type Viewer } from './sandbox';
import { axeViolations, submitLogin } from './support';

/**
 * The account page's payment methods and payment history, and PAYMENT_UPDATE
 * (commerce-and-account-data.md §3 "Card", "Payment history item", "Account state"; §7
 * `POST licences/{licenceId}/card/{cardId}`). Every test makes its own viewer, cards and payments
 * through the sandbox's API (the card processor for tokens, then the platform's calls).
 */

/** The account's stored cards as the platform answers them. */
async function storedCards(request: APIRequestContext, viewer: Viewer) {
  const response = await request.get(`${SANDBOX_URL}/api/v2/customer/cards`, { headers: await bearer(request, viewer) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { cards: { cardId: string; last4Digits: string; default: boolean; licences: string[] }[] }).cards;
}

function paymentMethods(page: Page) {
  return page.getByRole('region', { name: 'Payment methods' });
}

// §3 "Payment history item": name, date, description, transaction details, status in upper case,
// a pdf link only when succeeded; the receipt needs the bearer, so it is fetched, never linked with a token.
test('the payment history shows each payment and downloads the receipt of a succeeded one', async ({ page, request }) => {
  const viewer = await createViewer(request, 'history');
  const visa = await addCard(request, viewer, CARDS.visa);
  expect(await buy(request, viewer, LICENCES.sportsBasic, visa)).toBe(200);
  const declined = await addCard(request, viewer, CARDS.declined, false);
  // Another family (an upgrade to Sports Premium would carry a credit for Sports Basic).
  expect(await buy(request, viewer, LICENCES.cinemaPlus, declined)).toBe(402);

  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await startSignedIn(page, viewer);
  await page.goto('/account');
  const history = page.getByRole('region', { name: 'Payment history' });
  const table = history.getByRole('table', { name: 'Your payments, newest first' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Product', 'Amount', 'Transaction', 'Status', 'Receipt']);

  // Newest first: the declined payment, then the succeeded one.
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const failed = rows.nth(0);
  const succeeded = rows.nth(1);
  await expect(failed.getByRole('rowheader', { name: 'Cinema Plus', exact: true })).toBeVisible();
  await expect(failed).toContainText('FAILED');
  await expect(failed).toContainText('£9.99');
  // Its name links to its page (PAYMENT); no receipt.
  await expect(failed.getByRole('link')).toHaveText(['Cinema Plus']);
  await expect(succeeded.getByRole('rowheader', { name: 'Sports Basic', exact: true })).toBeVisible();
  await expect(succeeded).toContainText('SUCCEEDED');
  await expect(succeeded).toContainText('£7.99');
  await expect(succeeded).toContainText(/ch_\w+/);
  await expect(succeeded).toContainText(/\d{1,2}(st|nd|rd|th)/);

  // Wait past the 4-second access token: the download renews the session and still works.
  await page.waitForTimeout(4_500);
  const link = succeeded.getByRole('link', { name: /^Download receipt \(PDF\) \(Sports Basic, / });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^receipt-[0-9a-f-]{36}\.pdf$/);
  const file = await readFile((await download.path())!);
  expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await expect(succeeded.getByRole('alert')).toHaveCount(0);
  // The session's token never went into an address.
  expect(urls.filter((url) => /eyJ[\w-]+\.[\w-]+/.test(url))).toEqual([]);

  // Readable on a phone: rows stack, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(succeeded.getByRole('link', { name: /Download receipt/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
});

// §3 "Card": masked number, default flag; make default and remove (after a confirmation).
test('a viewer makes the second card the default and removes the first after confirming', async ({ page, request }) => {
  const viewer = await createViewer(request, 'cards');
  await addCard(request, viewer, CARDS.visa);
  await addCard(request, viewer, CARDS.mastercard);

  await startSignedIn(page, viewer);
  await page.goto('/account');
  const section = paymentMethods(page);
  const first = section.getByRole('article', { name: /4242/ });
  const second = section.getByRole('article', { name: /4444/ });
  await expect(first).toContainText('VISA •••• 4242');
  await expect(second).toContainText('MASTERCARD •••• 4444');
  await expect(second).toContainText(/Expires\s*12\/\d{4}/);
  await expect(first.getByText('Default', { exact: true })).toBeVisible();
  await expect(second.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(first.getByRole('button', { name: /Make default/ })).toHaveCount(0);

  // Make the second the default. The first attempt gets no answer (the connection drops): the error
  // shows on the card with a retry, and nothing changes.
  await page.route('**/api/v2/customer/cards/*/default', (route) => route.abort('connectionreset'), { times: 1 });
  await second.getByRole('button', { name: 'Make default: card ending 4444' }).click();
  await expect(second.getByRole('alert')).toHaveText("We couldn't update this card. Check your connection and try again.");
  await expect(first.getByText('Default', { exact: true })).toBeVisible();
  await expect(section.getByRole('article')).toHaveCount(2);
  // The retry goes through: the marker moves.
  await second.getByRole('button', { name: 'Retry' }).click();
  await expect(second.getByRole('alert')).toHaveCount(0);
  await expect(second.getByText('Default', { exact: true })).toBeVisible();
  await expect(first.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText('The card ending 4444 is now your default card.');
  await expect(second.getByRole('heading', { level: 3 })).toBeFocused();
  await expect(first.getByRole('button', { name: 'Make default: card ending 4242' })).toBeVisible();

  // Remove the first: Cancel keeps it, and so does Escape.
  const remove = first.getByRole('button', { name: 'Remove card ending 4242' });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Remove the card ending 4242?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(first).toBeVisible();
  await expect(remove).toBeFocused();
  await remove.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first).toBeVisible();
  expect((await storedCards(request, viewer)).map((c) => c.last4Digits).sort()).toEqual(['4242', '4444']);

  // Confirm: it disappears.
  await remove.click();
  await dialog.getByRole('button', { name: 'Remove card' }).click();
  await expect(dialog).toBeHidden();
  await expect(first).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText('The card ending 4242 was removed.');
  await expect(section.getByRole('heading', { name: 'Payment methods' })).toBeFocused();

  // The platform agrees, and so does the page after a reload.
  const cards = await storedCards(request, viewer);
  expect(cards.map((c) => [c.last4Digits, c.default])).toEqual([['4444', true]]);
  await page.reload();
  await expect(paymentMethods(page).getByRole('article')).toHaveCount(1);
  await expect(paymentMethods(page).getByRole('article', { name: /4444/ }).getByText('Default', { exact: true })).toBeVisible();
});

// §7 POST licences/{licenceId}/card/{cardId}?checkBillingDetails=true: the licence renews on another card.
test("PAYMENT_UPDATE changes the licence's card to another stored card", async ({ page, request }) => {
  const viewer = await createViewer(request, 'update');
  const visa = await addCard(request, viewer, CARDS.visa);
  expect(await buy(request, viewer, LICENCES.sportsBasic, visa)).toBe(200);
  const mastercard = await addCard(request, viewer, CARDS.mastercard);

  await startSignedIn(page, viewer);
  await page.goto('/account');
  await page
    .getByRole('article', { name: 'Sports Basic' })
    .getByRole('link', { name: 'Change card for Sports Basic' })
    .click();
  await expect(page).toHaveURL(/\/payment-update\/101$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change payment card' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Sports Basic' })).toBeVisible();
  await expect(page.getByRole('definition')).toContainText('VISA •••• 4242');

  const choice = page.getByRole('group', { name: 'Choose the card that pays for Sports Basic' });
  await expect(choice.getByRole('radio')).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);
  await expect(choice.getByRole('radio', { name: /4242/ })).toBeChecked();
  await choice.getByRole('radio', { name: /4444/ }).check();
  await page.getByRole('button', { name: 'Use this card' }).click();

  const done = page.getByRole('heading', { level: 1, name: 'Card changed' });
  await expect(done).toBeFocused();
  await expect(page.getByText('Sports Basic will now be paid with the card ending 4444.')).toBeVisible();

  // The platform: the licence is now paid by the second card, and by no other.
  const cards = await storedCards(request, viewer);
  expect(cards.find((c) => c.cardId === mastercard)?.licences).toEqual(['101']);
  expect(cards.find((c) => c.cardId === visa)?.licences).toEqual([]);
  const mine = await request.get(`${SANDBOX_URL}/api/v2/user/licence`, { headers: await bearer(request, viewer) });
  expect(mine.ok()).toBe(true);
  const { licences } = (await mine.json()) as { licences: { id: string; licencePayment?: { paymentProviderInfo?: { cardId?: string } } }[] };
  expect(licences.find((l) => l.id === LICENCES.sportsBasic)?.licencePayment?.paymentProviderInfo?.cardId).toBe(mastercard);

  // Back on the account page; opening the page again shows the new current card.
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/payment-update/101');
  await expect(page.getByRole('definition')).toContainText('MASTERCARD •••• 4444');

  // A licence the account does not hold.
  await page.goto('/payment-update/999');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to your account' })).toBeVisible();
});

// identity-and-routes.md §2 "After sign-in completion": a guest signs in and comes back.
test('a guest opening PAYMENT_UPDATE is sent to sign in and comes back after signing in', async ({ page, request }) => {
  const viewer = await createViewer(request, 'guest-update');
  const visa = await addCard(request, viewer, CARDS.visa);
  expect(await buy(request, viewer, LICENCES.sportsBasic, visa)).toBe(200);

  await page.goto('/payment-update/101');
  await expect(page).toHaveURL(/\/login\?from=%2Fpayment-update%2F101$/);
  await submitLogin(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(/\/payment-update\/101$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change payment card' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Choose the card that pays for Sports Basic' }).getByRole('radio')).toHaveCount(1);
});

// The resource layer: a mutation reloads every view of what it changed, on the same page.
test('removing the card a subscription renews on updates the subscription too, without reloading the page', async ({ page, request }) => {
  const viewer = await createViewer(request, 'remove-paying');
  const visa = await addCard(request, viewer, CARDS.visa);
  expect(await buy(request, viewer, LICENCES.sportsBasic, visa)).toBe(200);

  await startSignedIn(page, viewer);
  await page.goto('/account');
  const subscription = page.getByRole('article', { name: 'Sports Basic' });
  await expect(subscription.getByRole('link', { name: 'Change card for Sports Basic' })).toBeVisible();
  // Marks this document: a reload would lose the mark.
  await page.evaluate(() => ((window as unknown as { pageMark: string }).pageMark = 'same page'));

  await paymentMethods(page).getByRole('button', { name: 'Remove card ending 4242' }).click();
  await page.getByRole('dialog', { name: 'Remove the card ending 4242?' }).getByRole('button', { name: 'Remove card' }).click();
  await expect(paymentMethods(page).getByRole('status')).toHaveText('The card ending 4242 was removed.');
  await expect(paymentMethods(page).getByText('You have no saved cards.')).toBeVisible();
  // The licence renewed on that card alone: it has no card now, and its card shows it at once.
  await expect(subscription).toBeVisible();
  await expect(subscription.getByRole('link', { name: 'Change card for Sports Basic' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { pageMark?: string }).pageMark)).toBe('same page');
});

// resetOnViewerChange: the cache never shows one viewer's data to the next one on the same page.
test("a viewer who signs in after another one signed out never sees the other's cards", async ({ page, request }) => {
  const first = await createViewer(request, 'first-viewer');
  await addCard(request, first, CARDS.visa);
  const second = await createViewer(request, 'second-viewer');
  await addCard(request, second, CARDS.mastercard);

  await startSignedIn(page, first);
  await page.goto('/account');
  await expect(paymentMethods(page).getByRole('article', { name: /4242/ })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).or(page.getByRole('link', { name: 'Sign out' })).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // From here on, record whether the first viewer's card number is ever on screen.
  await page.evaluate(() => {
    const seen = window as unknown as { firstCardSeen: boolean };
    seen.firstCardSeen = false;
    const check = () => {
      if (document.body.textContent?.includes('•••• 4242')) seen.firstCardSeen = true;
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  });
  await page.getByRole('link', { name: 'Sign in' }).click();
  await submitLogin(page, second.email, second.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(paymentMethods(page).getByRole('article', { name: /4444/ })).toBeVisible();
  await expect(paymentMethods(page).getByRole('article')).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { firstCardSeen: boolean }).firstCardSeen)).toBe(false);
});
