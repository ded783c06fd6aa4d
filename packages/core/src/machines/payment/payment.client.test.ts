import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import type { ApiClient } from '../../api/types.js';
import type { BillingDetails, PayRequest, PayResponse } from '../../contracts/index.js';
import { billingDetailsBody, paymentApiFromClient } from './payment.client.js';
import type { PayActorInput } from './payment.types.js';
import { fakeApi } from '../test-helpers.js';

type PayInput = Parameters<ApiClient['baskets']['payCurrent']>[0];

/** A fake client recording the checkout calls in order; `pay` and `save` decide the answers. */
function recordingApi(options: { pay?: (input: PayInput) => Promise<PayResponse>; save?: (details: BillingDetails) => Promise<{ address?: Record<string, string> }> } = {}) {
  const log: ({ call: 'save'; details: BillingDetails } | { call: 'pay'; input: PayInput })[] = [];
  const api = fakeApi({
    baskets: {
      payCurrent: (input: PayInput) => {
        log.push({ call: 'pay', input });
        return options.pay ? options.pay(input) : Promise.resolve({ status: 'SUCCEEDED', paymentId: 'pay-1', licenceId: '101' });
      },
    },
    checkout: {
      saveBillingDetails: (input) => {
        const details = input?.body ?? {};
        log.push({ call: 'save', details });
        return options.save ? options.save(details) : Promise.resolve({ address: details.address ?? {} });
      },
    },
  });
  return { api, log };
}

/** One pay attempt: a card, no extras, unless told. */
const attempt = (overrides: Partial<Omit<PayActorInput, 'api'>> = {}): Omit<PayActorInput, 'api'> => ({
  item: '101',
  details: { paymentDetailsExid: 'pd_1', targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' },
  idempotencyKey: 'key-1',
  consent: [],
  zeroBalance: false,
  acknowledgeNoFreeTrial: false,
  billingDetails: {},
  ...overrides,
});

const cardBody = (paymentDetailsExternalId = 'pd_1'): PayRequest => ({
  paymentArrangement: { primaryPaymentDetailsAttributes: { paymentDetailsExternalId, targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' } },
});

describe('paymentApiFromClient', () => {
  it('pays the open basket with the key and the card; saves nothing when the attempt has no billing details', async () => {
    const { api, log } = recordingApi();
    await expect(paymentApiFromClient(api).pay(attempt())).resolves.toEqual({ status: 'SUCCEEDED', paymentId: 'pay-1', licenceId: '101' });
    expect(log).toEqual([{ call: 'pay', input: { body: cardBody(), headers: { 'Idempotency-Key': 'key-1' }, query: {} } }]);
  });

  it('saves the billing details first, split into top-level fields and the address, then pays', async () => {
    const { api, log } = recordingApi();
    const billingDetails = { postalCode: ' 01310-100 ', taxNumber: '123.456.789-09', country: 'br', birthDate: '1990-05-17', line1: '' };
    await paymentApiFromClient(api).pay(attempt({ billingDetails }));
    expect(log.map((entry) => entry.call)).toEqual(['save', 'pay']);
    expect(log[0]).toEqual({
      call: 'save',
      details: { country: 'BR', taxNumber: '123.456.789-09', birthDate: '1990-05-17', address: { postalCode: '01310-100' } },
    });
  });

  it('billing details that are all blank are not saved', async () => {
    const { api, log } = recordingApi();
    await paymentApiFromClient(api).pay(attempt({ billingDetails: { postalCode: '  ', taxNumber: '' } }));
    expect(log.map((entry) => entry.call)).toEqual(['pay']);
  });

  it('a zero balance pays with ZERO_BALANCE and no payment details id', async () => {
    const { api, log } = recordingApi();
    await paymentApiFromClient(api).pay(attempt({ zeroBalance: true, details: {} }));
    expect(log).toEqual([
      {
        call: 'pay',
        input: {
          body: { paymentArrangement: { primaryPaymentDetailsAttributes: { targetPaymentProvider: 'ZERO_BALANCE', paymentMethodType: 'ZERO_BALANCE' } } },
          headers: { 'Idempotency-Key': 'key-1' },
          query: {},
        },
      },
    ]);
  });

  it('passes acknowledgeNoFreeTrial and the consent answers', async () => {
    const { api, log } = recordingApi();
    const consent = [
      { fieldName: 'termsOfUse', answer: true },
      { fieldName: 'marketingEmails', answer: false },
    ];
    await paymentApiFromClient(api).pay(attempt({ consent, acknowledgeNoFreeTrial: true, idempotencyKey: 'key-2' }));
    expect(log).toEqual([
      { call: 'pay', input: { body: { ...cardBody(), consent }, headers: { 'Idempotency-Key': 'key-2' }, query: { acknowledgeNoFreeTrial: 'true' } } },
    ]);
  });

  it('reads a nested method type, a numeric details id, and defaults the method to CARD', async () => {
    const { api, log } = recordingApi();
    const pay = paymentApiFromClient(api).pay;
    await pay(attempt({ details: { paymentDetailsExid: 42, targetPaymentProvider: 'PAYPAL', paymentMethodDetails: { paymentMethodType: 'PAYPAL' } } }));
    await pay(attempt({ details: { paymentDetailsExid: 'pd_9', targetPaymentProvider: 'CARDS' } }));
    await pay(attempt({ details: { paymentDetailsExid: null, targetPaymentProvider: 'IDEAL', paymentMethodType: 'IDEAL' } }));
    expect(log.map((entry) => (entry.call === 'pay' ? entry.input.body.paymentArrangement.primaryPaymentDetailsAttributes : null))).toEqual([
      { paymentDetailsExternalId: '42', targetPaymentProvider: 'PAYPAL', paymentMethodType: 'PAYPAL' },
      { paymentDetailsExternalId: 'pd_9', targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' },
      { targetPaymentProvider: 'IDEAL', paymentMethodType: 'IDEAL' },
    ]);
  });

  it('a failed save rejects with its error and pays nothing', async () => {
    const refused = new ApiError({ call: 'checkout.saveBillingDetails', status: 400, code: 'BAD_REQUEST', messages: ['taxNumber: invalid'], requestId: 'r1' });
    const { api, log } = recordingApi({ save: () => Promise.reject(refused) });
    await expect(paymentApiFromClient(api).pay(attempt({ billingDetails: { taxNumber: '1' } }))).rejects.toBe(refused);
    expect(log.map((entry) => entry.call)).toEqual(['save']);
  });

  it('a pay error reaches the caller as the client raised it', async () => {
    const missing = new ApiError({
      call: 'baskets.payCurrent',
      status: 424,
      code: 'BASKET_REQUIREMENTS_FAILED',
      messages: [],
      requestId: undefined,
      details: { missingFields: ['taxNumber'] },
    });
    const { api } = recordingApi({ pay: () => Promise.reject(missing) });
    await expect(paymentApiFromClient(api).pay(attempt())).rejects.toBe(missing);
  });
});

const TOP_LEVEL = ['country', 'birthDate', 'taxNumber', 'phoneNumber'];
/** Field names as forms send them: the top-level ones and address-like names. */
const fieldName = fc.oneof(fc.constantFrom(...TOP_LEVEL), fc.stringMatching(/^[a-z][A-Za-z0-9]{0,11}$/));
/** Values, blank ones included. */
const fieldValue = fc.oneof(fc.string(), fc.constantFrom('', ' ', '\t\n'), fc.string().map((s) => ` ${s} `));
const values = fc.dictionary(fieldName, fieldValue);

describe('billingDetailsBody (properties)', () => {
  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.dictionary(fc.string(), fc.anything()), fc.anything()), (input) => {
        expect(() => billingDetailsBody(input as Record<string, string>)).not.toThrow();
      }),
    );
  });

  it('drops blank values and keeps every other one, trimmed', () => {
    fc.assert(
      fc.property(values, (input) => {
        const body = billingDetailsBody(input);
        const flat: Record<string, unknown> = { ...body, ...body.address };
        delete flat.address;
        for (const [field, raw] of Object.entries(input)) {
          const kept = field === 'address' ? body.address?.address : flat[field];
          if (raw.trim() === '') expect(kept).toBeUndefined();
          else expect(kept).toBe(field === 'country' ? raw.trim().toUpperCase() : raw.trim());
        }
        for (const value of Object.values(body.address ?? {})) expect(value.trim()).not.toBe('');
      }),
    );
  });

  it('puts country, birthDate, taxNumber and phoneNumber at the top level and everything else under address', () => {
    fc.assert(
      fc.property(values, (input) => {
        const body = billingDetailsBody(input);
        for (const key of Object.keys(body)) expect([...TOP_LEVEL, 'address']).toContain(key);
        for (const key of Object.keys(body.address ?? {})) expect(TOP_LEVEL).not.toContain(key);
        if (body.address) expect(Object.keys(body.address).length).toBeGreaterThan(0);
      }),
    );
  });

  it('is idempotent on its own output: its address alone, or its fields flattened, give the same body back', () => {
    fc.assert(
      fc.property(values, (input) => {
        const body = billingDetailsBody(input);
        const address = body.address ?? {};
        expect(billingDetailsBody(address)).toEqual(Object.keys(address).length > 0 ? { address } : {});
        const { address: _nested, ...top } = body;
        expect(billingDetailsBody({ ...(top as Record<string, string>), ...address })).toEqual(body);
      }),
    );
  });
});
