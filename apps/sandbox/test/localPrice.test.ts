/**
 * Issue 12 "Local price in local currency" (commerce §3 "A price picks the local amount"): a
 * caller in a country the licence has an amount for sees, is basketed, pays and is receipted in
 * that amount and currency; other callers keep the realm's local price.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { calls, licencesResponseSchema, payResponseSchema } from '@stream/core/contracts';
import { choosePrice } from '@stream/core/domain';
import { buyersForFile, type inProcessBuyers, payBody } from './buyers.js';
import { BRAZILIAN_BILLING_DETAILS } from './fixtures/brazilianBuyer.js';
import { type App, call } from './helpers.js';

const file = buyersForFile();
let app: App;
let buyers: ReturnType<typeof inProcessBuyers>;
beforeAll(() => ({ app, buyers } = file));

async function priceOf(licenceId: string, token?: string) {
  const res = await call(app, 'GET', calls.licences.list.path, token ? { token } : {});
  const licence = licencesResponseSchema.parse(res.json).licences.find((l) => l.id === licenceId);
  return choosePrice(licence?.amounts);
}

describe('the caller country picks the price', () => {
  it('a Brazilian buyer sees, is basketed, pays and is receipted in BRL', async () => {
    const { email, token } = await buyers.newBuyer();
    await buyers.setCaller({ email, country: 'BR', address: BRAZILIAN_BILLING_DETAILS });
    expect(await priceOf('101', token)).toEqual({ amount: 2990, scale: 2, currency: 'BRL' });
    const basket = await buyers.putBasket(token, '101');
    expect(basket.amounts).toMatchObject({ total: 2990, subTotal: 2990, currency: 'BRL', scale: 2 });
    expect(basket.basketItems[0]!.sku).toBe('101-brl');
    const paid = await buyers.pay(token, basket.id, payBody(await buyers.initCard(token)));
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    const { paymentId } = payResponseSchema.parse(paid.json);
    const history = (await call(app, 'GET', calls.payments.history.path, { token })).json.items as Record<string, any>[];
    expect(history[0]).toMatchObject({ id: paymentId, sku: '101-brl', skuLicence: { price: { amount: 2990, scale: 2, currency: 'BRL' } } });
    const receipt = await app.request(`/api/v2/customer/payments/${paymentId}/receipt.pdf`, {
      headers: { 'x-api-key': 'sandbox-api-key', realm: 'stream', authorization: `Bearer ${token}` },
    });
    expect(receipt.status).toBe(200);
    const pdf = await PDFDocument.load(new Uint8Array(await receipt.arrayBuffer()), { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    // The PDF's content stream is compressed: the amount is checked through the history above;
    // the receipt is drawn from the same payment row (amount, scale, currency).
  });

  it('a British buyer, and a Brazilian one for a licence without a BRL amount, keep the realm price', async () => {
    const gb = await buyers.newBuyer();
    expect(await priceOf('101', gb.token)).toEqual({ amount: 799, scale: 2, currency: 'GBP' });
    expect((await buyers.putBasket(gb.token, '101')).amounts).toMatchObject({ total: 799, currency: 'GBP' });
    const br = await buyers.newBuyer();
    await buyers.setCaller({ email: br.email, country: 'BR' });
    expect(await priceOf('301', br.token)).toMatchObject({ currency: 'GBP' });
    expect((await buyers.putBasket(br.token, '301')).amounts.currency).toBe('GBP');
  });

  it('a guest placed in Brazil sees BRL on the plans; a guest elsewhere sees GBP', async () => {
    const guest = await call(app, 'POST', calls.auth.guestCheckin.path);
    const token = guest.json.authorisationToken as string;
    expect(await priceOf('102')).toEqual({ amount: 1299, scale: 2, currency: 'GBP' });
    expect(await priceOf('102', token)).toEqual({ amount: 1299, scale: 2, currency: 'GBP' });
    const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
    await buyers.setCaller({ guest: sub, country: 'BR' });
    expect(await priceOf('102', token)).toEqual({ amount: 4990, scale: 2, currency: 'BRL' });
  });
});
