import { expect, type APIRequestContext } from '@playwright/test';
import { initCard, SANDBOX_URL, viewerHeaders, type Viewer } from './sandbox';

/**
 * Payments made through the sandbox's API for specs that need a payment history (the card
 * processor for tokens, then the platform's calls): account-payments.spec.ts, routes.spec.ts.
 */

/** Test card numbers of the sandbox's card processor. */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
} as const;

/** The realm headers, JSON, and a fresh access token for `viewer`. */
export async function bearer(request: APIRequestContext, viewer: Viewer): Promise<Record<string, string>> {
  return { ...(await viewerHeaders(request, viewer)), 'content-type': 'application/json' };
}

/**
 * Tokenises `number` with the card processor and initialises it on the account; with `store`
 * (default) sets it up, which stores it (a card is kept only once a payment or a set-up succeeds:
 * a declined card is passed with `store: false`). The card's id (`pd_…`).
 */
export async function addCard(request: APIRequestContext, viewer: Viewer, number: string, store = true): Promise<string> {
  const exid = await initCard(request, viewer, number);
  if (!store) return exid;
  // The explicit set-up stores the card (initialised alone, a card is not kept).
  const setUp = await request.post(`${SANDBOX_URL}/api/v4/payment-method/validate`, {
    headers: await bearer(request, viewer),
    data: { paymentDetailsExid: exid },
  });
  expect(setUp.ok(), await setUp.text()).toBe(true);
  return exid;
}

/** Puts `licenceId` in the open basket and pays it with the stored card `cardId`; the pay answer's HTTP status. */
export async function buy(request: APIRequestContext, viewer: Viewer, licenceId: string, cardId: string): Promise<number> {
  const headers = await bearer(request, viewer);
  const basket = await request.put(`${SANDBOX_URL}/api/v2/baskets/${licenceId}`, { headers });
  expect(basket.ok(), await basket.text()).toBe(true);
  const pay = await request.post(`${SANDBOX_URL}/api/v2/customer/baskets/pay/`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      paymentArrangement: {
        primaryPaymentDetailsAttributes: { paymentDetailsExternalId: cardId, targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' },
      },
    },
  });
  return pay.status();
}

