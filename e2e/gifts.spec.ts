import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_HEADERS, createViewer, grantLicence, initCard, LICENCES, resetThrottling, SANDBOX_URL, startSignedIn, viewerHeaders, type Viewer } from './sandbox';
import { axeViolations, submitLogin, uniqueEmail } from './support';

/**
 * Gifting (issue 18; docs/api.md "Gifts"): a gift bought through the basket and pay calls is
 * emailed to its recipient; a holder of the plan redeems the code on REDEEM and sees its renewal
 * date move; a used code says why it cannot be used.
 */

const REALM = { Realm: 'stream', 'x-api-key': 'sandbox-api-key' };

/** Buys `months` of Sports Premium for `recipientEmail`, delivered on `deliveryDate` (default today), paid by `buyer` with a card; the gift's id. */
async function buyGift(request: APIRequestContext, buyer: Viewer, recipientEmail: string, deliveryDate = new Date().toISOString().slice(0, 10)): Promise<string> {
  const created = await request.post(`${SANDBOX_URL}/api/v2/gifts`, {
    headers: await viewerHeaders(request, buyer),
    data: { licenceId: LICENCES.sportsPremium, months: 1, recipientName: 'Sam', recipientEmail, deliveryDate },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { basket, gift } = (await created.json()) as { basket: { id: string }; gift: { giftId: string } };
  const exid = await initCard(request, buyer, '4242424242424242');
  const paid = await request.post(`${SANDBOX_URL}/api/v2/customer/baskets/pay/${basket.id}`, {
    headers: { ...(await viewerHeaders(request, buyer)), 'Idempotency-Key': crypto.randomUUID() },
    data: { paymentArrangement: { primaryPaymentDetailsAttributes: { paymentDetailsExternalId: exid, targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' } } },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return gift.giftId;
}

/** The codes of the gift emails sent to `recipientEmail`, newest first, waiting (polling) for `count` of them. */
async function emailedCodes(request: APIRequestContext, recipientEmail: string, count = 1): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(async () => {
      const outbox = await request.get(`${SANDBOX_URL}/_sandbox/outbox?to=${encodeURIComponent(recipientEmail)}`, { headers: { ...REALM, ...ADMIN_HEADERS } });
      const messages = ((await outbox.json()) as { messages: { kind: string; link: string }[] }).messages;
      links = messages.filter((m) => m.kind === 'gift').map((m) => m.link);
      return links.length;
    })
    .toBe(count);
  return links.map((link) => /\/gift\/redeem\/([^/]+)\/login$/.exec(new URL(link).pathname)?.[1] ?? '');
}

test.afterEach(async ({ request }) => resetThrottling(request));

test('a holder of the plan redeems a gift and sees the renewal date move; the used code then says why it cannot be used', async ({ page, request }) => {
  const buyer = await createViewer(request, 'gift-buyer');
  const holder = await createViewer(request, 'gift-holder');
  await grantLicence(request, holder.email, LICENCES.sportsPremium);
  const recipientEmail = uniqueEmail('gift-recipient');
  await buyGift(request, buyer, recipientEmail);
  const [code] = await emailedCodes(request, recipientEmail);
  expect(code).toBeTruthy();
  await startSignedIn(page, holder);

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Your subscriptions' }).getByRole('article', { name: 'Sports Premium' });
  const before = ((await card.textContent()) ?? '').match(/next on ([A-Z][a-z]{2} \d{1,2}(?:st|nd|rd|th), \d{4})/)?.[1];
  expect(before).toBeTruthy();

  await page.goto('/redeem');
  await expect(page.getByRole('heading', { name: 'Redeem a gift' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // A code that is not a whole code is refused on the field, without a call.
  await page.getByLabel('Gift code').fill('ABC');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('This gift code is not valid. Check it and try again.')).toBeVisible();
  await expect(page.getByLabel('Gift code')).toBeFocused();
  // The real code, typed in groups with dashes and in lower case.
  await page.getByLabel('Gift code').fill(code!.toLowerCase().replace(/(.{4})(?!$)/g, '$1-'));
  await page.getByRole('button', { name: 'Redeem' }).click();
  const outcome = page.getByRole('status').filter({ hasText: 'renews on' });
  await expect(page.getByRole('heading', { name: 'Your gift is redeemed' })).toBeVisible();
  await expect(outcome).toContainText(/Your Sports Premium plan now renews on .+: the gifted months were added, with no charge\./);
  const after = ((await outcome.textContent()) ?? '').match(/renews on (.+?): /)?.[1];
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/account');
  await expect(card).toContainText(`next on ${after}`);

  // Another account tries the same code: it says the code was used.
  const other = await createViewer(request, 'gift-other');
  await page.evaluate(() => localStorage.clear());
  await startSignedIn(page, other);
  await page.goto(`/redeem?redeemCode=${code!}`);
  await expect(page.getByLabel('Gift code')).toHaveValue(code!);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('This gift code has already been used.')).toBeVisible();
  await expect(page.getByLabel('Gift code')).toBeFocused();
});

test('a guest opening REDEEM is sent to sign in', async ({ page }) => {
  await page.goto('/redeem');
  await expect(page).toHaveURL(/\/login\?from=%2Fredeem/);
});

test("the buyer's view of a gift: cancel with a refund before delivery; send a delivered gift again with a new code", async ({ page, request }) => {
  const buyer = await createViewer(request, 'gift-buyer');
  const later = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const scheduled = await buyGift(request, buyer, uniqueEmail('gift-later'), later);
  await startSignedIn(page, buyer);
  await page.goto(`/gift/${scheduled}`);
  await expect(page.getByRole('heading', { name: '1 month of Sports Premium' })).toBeVisible();
  await expect(page.getByText('Scheduled')).toBeVisible();
  await expect(page.getByText('£12.99')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The gift is cancelled and your payment refunded.' })).toBeVisible();
  await expect(page.getByText('Cancelled and refunded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel and refund' })).toHaveCount(0);

  const recipientEmail = uniqueEmail('gift-now');
  const delivered = await buyGift(request, buyer, recipientEmail);
  const [first] = await emailedCodes(request, recipientEmail);
  await page.goto(`/gift/${delivered}`);
  await expect(page.getByText('Delivered')).toBeVisible();
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent the gift again with a new code.' })).toBeVisible();
  const [second] = await emailedCodes(request, recipientEmail, 2);
  expect(second).not.toBe(first);

  // Another account's gift is not found.
  await page.goto('/gift/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
});

test("the recipient opens the emailed link, signs in, and redeems a new licence from the link's code", async ({ page, request }) => {
  const buyer = await createViewer(request, 'gift-buyer');
  const recipient = await createViewer(request, 'gift-recipient');
  await buyGift(request, buyer, recipient.email);
  let link = '';
  await expect
    .poll(async () => {
      const outbox = await request.get(`${SANDBOX_URL}/_sandbox/outbox?to=${encodeURIComponent(recipient.email)}`, { headers: { ...REALM, ...ADMIN_HEADERS } });
      link = ((await outbox.json()) as { messages: { kind: string; link: string }[] }).messages.find((m) => m.kind === 'gift')?.link ?? '';
      return link;
    })
    .not.toBe('');
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await submitLogin(page, recipient.email, recipient.password);
  await expect(page).toHaveURL(/\/redeem\?redeemCode=/);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You now have Sports Premium until' })).toBeVisible();
});
