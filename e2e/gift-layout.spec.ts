import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createViewer, initCard, SANDBOX_URL, startSignedIn, viewerHeaders, type Viewer } from './sandbox';
import { axeViolations, uniqueEmail } from './support';

/**
 * The gift pages on a phone (390 px) in English and in Arabic (issue 18 "Gifting"; the web's
 * standards: a phone layout, right to left for Arabic, axe-clean): GIFT_LIST (`/gift`, with a
 * wrong form's errors shown), GIFT (`/gift/{id}`, a paid gift with its cancel button, then
 * cancelled and refunded) and REDEEM (`/redeem`, with a refused code). No horizontal scroll:
 * `document.documentElement.scrollWidth <= 390`.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** Buys a gift for `viewer` through the platform calls (create, then the ordinary pay call with a card); its id. */
async function buyGift(request: APIRequestContext, viewer: Viewer): Promise<string> {
  const headers = await viewerHeaders(request, viewer);
  const created = await request.post(`${SANDBOX_URL}/api/v2/gifts`, {
    headers,
    data: {
      licenceId: '102',
      months: 12,
      recipientName: 'Samira Recipient With A Rather Long Name',
      recipientEmail: uniqueEmail('gift-layout-to'),
      message: 'Happy birthday! Enjoy a whole year of football, and the season ahead.',
      deliveryDate: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { gift, basket } = (await created.json()) as { gift: { giftId: string }; basket: { id: string } };
  const card = await initCard(request, viewer, '4242424242424242');
  const paid = await request.post(`${SANDBOX_URL}/api/v2/customer/baskets/pay/${basket.id}`, {
    headers: { ...(await viewerHeaders(request, viewer)), 'Idempotency-Key': `layout-${gift.giftId}` },
    data: { paymentArrangement: { primaryPaymentDetailsAttributes: { paymentDetailsExternalId: card, targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' } } },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return gift.giftId;
}

/** The page fits 390 px (no horizontal scroll), has the language's direction and no axe violation. */
async function expectFits(page: Page, dir: 'ltr' | 'rtl') {
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
}

for (const { language, dir } of [
  { language: 'en', dir: 'ltr' },
  { language: 'ar', dir: 'rtl' },
] as const) {
  test(`the gift pages fit a phone and are axe-clean in ${language === 'en' ? 'English' : 'Arabic'} (${dir})`, async ({ page, request }) => {
    const viewer = await createViewer(request, `gift-layout-${language}`);
    const giftId = await buyGift(request, viewer);
    await startSignedIn(page, viewer);
    await page.evaluate((tag) => localStorage.setItem('stream.selectedLanguage', tag), language);

    // GIFT_LIST, then with the form's errors shown.
    await page.goto('/gift');
    await expect(page.getByRole('radio').first()).toBeVisible();
    await expectFits(page, dir);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('radio').first()).toBeFocused();
    await expectFits(page, dir);

    // GIFT: the paid gift, scheduled, with its cancel button; then cancelled, and its refund.
    await page.goto(`/gift/${giftId}`);
    const cancel = page.locator('.card button.button');
    await expect(cancel).toBeVisible();
    await expectFits(page, dir);
    await cancel.click();
    await expect(page.getByRole('status').locator('p')).toBeVisible();
    await expectFits(page, dir);

    // REDEEM, then with a refused code.
    await page.goto('/redeem');
    const code = page.locator('#gift-code');
    await expect(code).toBeVisible();
    await expectFits(page, dir);
    await code.fill('NOT-A-REAL-CODE');
    await page.locator('form button[type="submit"]').click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expectFits(page, dir);
  });
}

test('in Arabic the payment page of a refunded gift shows its refund line, fits and is axe-clean', async ({ page, request }) => {
  const viewer = await createViewer(request, 'gift-refund-ar');
  const giftId = await buyGift(request, viewer);
  const cancelled = await request.post(`${SANDBOX_URL}/api/v2/gifts/${giftId}/cancel`, { headers: await viewerHeaders(request, viewer) });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  const history = await request.get(`${SANDBOX_URL}/api/v2/customer/payments`, { headers: await viewerHeaders(request, viewer) });
  const [item] = ((await history.json()) as { items: { id: string; status: string }[] }).items;
  expect(item?.status).toBe('refunded');

  await startSignedIn(page, viewer);
  await page.goto(`/payment/${item!.id}`);
  await expect(page.getByText(/^Refunded £155\.88 on /)).toBeVisible();
  await page.goto('/account');
  await expect(page.locator('.history-refund').first()).toHaveText(/^Refunded £155\.88 on /);

  await page.evaluate(() => localStorage.setItem('stream.selectedLanguage', 'ar'));
  await page.goto(`/payment/${item!.id}`);
  await expect(page.locator('.history-refund')).toBeVisible();
  await expectFits(page, 'rtl');
});
