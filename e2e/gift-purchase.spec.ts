import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_HEADERS, CONTENT, createViewer, SANDBOX_URL, startSignedIn, viewerHeaders, type Viewer } from './sandbox';
import { axeViolations, uniqueEmail } from './support';

/**
 * Buying a gift in the web (issue 18 "Gifting"; docs/api.md "Gifts"): GIFT_LIST's form, GIFT_PAY
 * (the purchase journey in gift mode: a guest signs up inside it, accepts the terms and pays by
 * card), delivery on the chosen date by the sandbox clock, and the recipient, in a browser
 * context of their own, opening the emailed link, registering on GIFT_REDEMPTION_REGISTER,
 * redeeming the code and watching a premium title.
 */

const REALM = { Realm: 'stream', 'x-api-key': 'sandbox-api-key' };

/** Sets the sandbox clock (`POST /_sandbox/clock`, admin key); null: back to the real clock. */
async function setSandboxClock(request: APIRequestContext, now: string | null) {
  const response = await request.post(`${SANDBOX_URL}/_sandbox/clock`, { headers: { ...REALM, ...ADMIN_HEADERS }, data: { now } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The links of the gift emails sent to `to` (reading the outbox delivers what is due). */
async function giftLinks(request: APIRequestContext, to: string): Promise<string[]> {
  const outbox = await request.get(`${SANDBOX_URL}/_sandbox/outbox?to=${encodeURIComponent(to)}`, { headers: { ...REALM, ...ADMIN_HEADERS } });
  expect(outbox.ok(), await outbox.text()).toBe(true);
  return ((await outbox.json()) as { messages: { kind: string; link: string }[] }).messages.filter((m) => m.kind === 'gift').map((m) => m.link);
}

test.afterEach(async ({ request }) => setSandboxClock(request, null));

test('a guest buys a gift for tomorrow, signing up inside the journey; on that day the recipient registers from the email, redeems and watches', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, a sign-up, a payment, the clock, a registration, a redemption and a video: the
  // longest journey of the suite (about 60 s on a busy machine, every step waited for), so a
  // triple budget.
  test.slow();
  const recipientEmail = uniqueEmail('gift-to');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  // GIFT_LIST: the offers, the recipient, a message, the delivery date; a wrong form says why.
  await page.goto('/gift');
  await expect(page.getByRole('heading', { level: 1, name: 'Give a gift' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Choose a plan and a period.')).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('radio', { name: /^1 month of Sports Premium/ }).check();
  await page.getByLabel("Recipient's name").fill('Sam Recipient');
  await page.getByLabel("Recipient's email").fill(recipientEmail);
  await page.getByLabel('Message (optional)').fill('Enjoy the season!');
  await page.getByLabel('Delivery date').fill(tomorrow);
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // GIFT_PAY: the purchase journey in gift mode, for a guest: sign up, terms, card.
  await expect(page).toHaveURL(/\/gift\/pay$/);
  await expect(page.getByText(/A gift for Sam Recipient, delivered on/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Name').fill('Gift Buyer');
  await page.getByLabel('Email').fill(uniqueEmail('gift-buyer'));
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  await consent.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
  await consent.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(consent).toBeHidden();
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name on card').fill('Gift Buyer');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Your gift is paid' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: /We'll email Sam Recipient a code on/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The buyer's view of the gift: scheduled.
  await page.getByRole('link', { name: 'See your gift' }).click();
  await expect(page).toHaveURL(/\/gift\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Scheduled')).toBeVisible();

  // Not emailed before its day; emailed once the sandbox clock reaches it.
  expect(await giftLinks(request, recipientEmail)).toEqual([]);
  await setSandboxClock(request, `${tomorrow}T00:00:05Z`);
  const [link] = await giftLinks(request, recipientEmail);
  expect(new URL(link ?? 'http://x/').pathname).toMatch(/^\/gift\/redeem\/[0-9A-Z]+\/login$/);
  await setSandboxClock(request, null);

  // The recipient, in a browser of their own: the emailed link, then creating an account instead.
  const recipientContext = await browser.newContext();
  try {
    const recipient = await recipientContext.newPage();
    const emailed = new URL(link!);
    await recipient.goto(`${emailed.pathname}${emailed.search}`);
    // The gift's login page offers to create an account for the gift instead.
    await recipient.getByRole('link', { name: 'Create an account' }).click();
    await expect(recipient).toHaveURL(/\/gift\/redeem\/[0-9A-Z]+\/register(\?|$)/);
    await expect(recipient.getByRole('heading', { level: 1, name: 'Create an account for your gift' })).toBeVisible();
    expect(await axeViolations(recipient)).toEqual([]);
    await recipient.getByLabel('Name').fill('Sam Recipient');
    await recipient.getByLabel('Email').fill(recipientEmail);
    await recipient.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await recipient.getByRole('button', { name: 'Create account' }).click();
    await expect(recipient).toHaveURL(/\/redeem\?redeemCode=/);
    await recipient.getByRole('button', { name: 'Redeem' }).click();
    await expect(recipient.getByRole('status').filter({ hasText: 'You now have Sports Premium until' })).toBeVisible();

    // The gifted plan opens the premium video.
    await recipient.goto(CONTENT.sportsVideo.path);
    const video = recipient.locator('video');
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  } finally {
    await recipientContext.close();
  }
});

test('GIFT_PAY without a gift in the tab or the address goes back to the gift form, which says so', async ({ page }) => {
  await page.goto('/gift/pay');
  await expect(page).toHaveURL(/\/gift\?reason=nothingToPay$/);
  await expect(page.getByRole('alert')).toHaveText('There is no gift to pay for in this tab. Choose a gift first.');
  await expect(page.getByRole('heading', { level: 1, name: 'Give a gift' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

/** A signed-in viewer fills GIFT_LIST (1 month of Sports Premium for Sam, tomorrow) and reaches GIFT_PAY's card step; resolves with the gift's id once the address names it. */
async function giftToCardStep(page: Page, viewer: Viewer): Promise<string> {
  await startSignedIn(page, viewer);
  await page.goto('/gift');
  await page.getByRole('radio', { name: /^1 month of Sports Premium/ }).check();
  await page.getByLabel("Recipient's name").fill('Sam Recipient');
  await page.getByLabel("Recipient's email").fill(uniqueEmail('gift-3ds-to'));
  await page.getByLabel('Delivery date').fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await toCardForm(page);
  // The payment's load created the gift: the address names it (a reload or another tab pays that gift).
  await expect(page).toHaveURL(/\/gift\/[0-9a-f-]{36}\/pay$/);
  return /\/gift\/([0-9a-f-]{36})\/pay$/.exec(page.url())![1]!;
}

/** From GIFT_PAY's first step to the card form: the terms when asked (nothing paid yet records them), then the card method. */
async function toCardForm(page: Page) {
  const consent = page.getByRole('dialog', { name: 'Terms of use' });
  const method = page.getByRole('radio', { name: 'Credit or debit card' });
  await expect(method.or(consent)).toBeVisible({ timeout: 15_000 });
  if (await consent.isVisible()) {
    await consent.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
    await consent.getByRole('button', { name: 'Accept and continue' }).click();
  }
  await method.check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Gift Buyer');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
}

/** The viewer's licences (`GET /api/v2/user/licence`). */
async function heldLicences(request: APIRequestContext, viewer: Viewer): Promise<string[]> {
  const response = await request.get(`${SANDBOX_URL}/api/v2/user/licence`, { headers: await viewerHeaders(request, viewer) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { licences: { id: string }[] }).licences.map((l) => l.id);
}

test("a gift paid with a 3-D Secure card comes back to the gift's own page, and the buyer holds no licence", async ({ page, request }) => {
  const viewer = await createViewer(request, 'gift-3ds');
  const giftId = await giftToCardStep(page, viewer);
  await fillCard(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/_processor/v1/challenge/`));
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  // Back through PAYMENT_AUTHORIZATION: the payment machine goes on to GIFT, never the plan's confirmation.
  await expect(page).toHaveURL(new RegExp(`/gift/${giftId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your gift' })).toBeVisible();
  await expect(page.getByText('Scheduled')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toHaveCount(0);
  expect(await heldLicences(request, viewer)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});

test("a failed 3-D Secure challenge of a gift offers the gift's checkout again, which pays the same gift", async ({ page, request }) => {
  const viewer = await createViewer(request, 'gift-3ds-fail');
  const giftId = await giftToCardStep(page, viewer);
  await fillCard(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Fail authentication' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`/gift/${giftId}/pay$`));
  await expect(page.getByText(/A gift for Sam Recipient, delivered on/)).toBeVisible();
  await toCardForm(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Your gift is paid' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'See your gift' }).click();
  await expect(page).toHaveURL(new RegExp(`/gift/${giftId}$`));
  await expect(page.getByText('Scheduled')).toBeVisible();
  expect(await heldLicences(request, viewer)).toEqual([]);
});

test('GIFT_PAY reloaded, or opened with the gift id in another tab (no draft there), reads the gift from the platform and pays it', async ({ page, context, request }) => {
  const viewer = await createViewer(request, 'gift-reload');
  const giftId = await giftToCardStep(page, viewer);
  await page.reload();
  await expect(page.getByText(/A gift for Sam Recipient, delivered on/)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/gift/${giftId}/pay`));

  // Another tab has no draft: the page reads the gift (UNPAID) and pays that gift, not a second one.
  const other = await context.newPage();
  await other.goto(`/gift/${giftId}/pay`);
  await expect(other.getByText(/A gift for Sam Recipient, delivered on/)).toBeVisible();
  await toCardForm(other);
  await fillCard(other, '4242 4242 4242 4242');
  await other.getByRole('button', { name: /^Pay / }).click();
  await expect(other.getByRole('heading', { name: 'Your gift is paid' })).toBeVisible({ timeout: 20_000 });

  // Paid: the same address now opens the gift's page.
  await other.goto(`/gift/${giftId}/pay`);
  await expect(other).toHaveURL(new RegExp(`/gift/${giftId}$`));
  await expect(other.getByText('Scheduled')).toBeVisible();
  const gifts = await request.get(`${SANDBOX_URL}/api/v2/gifts`, { headers: await viewerHeaders(request, viewer) });
  expect(((await gifts.json()) as { items: { giftId: string }[] }).items.map((g) => g.giftId)).toEqual([giftId]);
});

test("a child profile's account cannot pay for a gift: GIFT_PAY's journey shows the restricted modal", async ({ page, request }) => {
  // The sandbox's view of the caller (`/_sandbox/caller`): a child profile, as the checkout context says.
  // (A child profile's own session never opens GIFT_LIST or GIFT_PAY at all: core's routeDenial, unit-tested.)
  const child = await createViewer(request, 'gift-child');
  const caller = await request.post(`${SANDBOX_URL}/_sandbox/caller`, { headers: { ...REALM, ...ADMIN_HEADERS }, data: { email: child.email, child: true } });
  expect(caller.ok(), await caller.text()).toBe(true);
  await startSignedIn(page, child);
  await page.goto('/gift');
  await page.getByRole('radio', { name: /^3 months of Sports Basic/ }).check();
  await page.getByLabel("Recipient's name").fill('Sam');
  await page.getByLabel("Recipient's email").fill(uniqueEmail('gift-child-to'));
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const modal = page.getByRole('dialog', { name: "You can't buy a plan here" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("Child profiles can't buy plans or create accounts.");
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
});
