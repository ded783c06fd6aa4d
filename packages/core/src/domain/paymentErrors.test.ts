import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CARD_ERROR_CODE_KEYS,
  CARD_ERROR_KEYS,
  PAYMENT_ERROR_CODE_KEYS,
  PAYMENT_ERROR_KEYS,
  cardErrorKey,
  paymentErrorMessage,
  paymentErrorText,
  type PaymentErrorResult,
} from './index.js';

const KNOWN_KEYS = new Set<string>([...PAYMENT_ERROR_KEYS, ...CARD_ERROR_KEYS]);

/** The invariant of every answer: defined, of a known kind, never an empty key or text. */
function expectWellFormed(result: PaymentErrorResult): void {
  expect(result).toBeDefined();
  switch (result.kind) {
    case 'freeTrialDenied':
      expect(result.key).toBe('freeTrialDenied');
      break;
    case 'missingFields':
      expect(Array.isArray(result.fields)).toBe(true);
      for (const field of result.fields) expect(typeof field).toBe('string');
      break;
    case 'key':
      expect(KNOWN_KEYS.has(result.key)).toBe(true);
      break;
    case 'serverMessage':
      expect(typeof result.text).toBe('string');
      expect(result.text.trim()).not.toBe('');
      break;
    default:
      throw new Error(`unexpected kind ${JSON.stringify(result)}`);
  }
}

describe('paymentErrorMessage, rule by rule in the order of §8', () => {
  it('1. HTTP 409 with first message freeTrialDenied → free-trial-denied handling', () => {
    expect(paymentErrorMessage({ status: 409, code: 'CONFLICT', messages: ['freeTrialDenied'] })).toEqual({
      kind: 'freeTrialDenied',
      key: 'freeTrialDenied',
    });
    // Inside an ofetch FetchError's data.
    expect(paymentErrorMessage({ data: { status: 409, messages: ['freeTrialDenied', 'x'] } }).kind).toBe('freeTrialDenied');
    // Wins over every later rule.
    expect(paymentErrorMessage({ status: 409, code: 'card_declined', messages: ['freeTrialDenied'] }).kind).toBe(
      'freeTrialDenied',
    );
    // Only the first message counts, and only with 409.
    expect(paymentErrorMessage({ status: 409, messages: ['other', 'freeTrialDenied'] })).toEqual({
      kind: 'serverMessage',
      text: 'other',
    });
    expect(paymentErrorMessage({ status: 400, messages: ['freeTrialDenied'] }).kind).not.toBe('freeTrialDenied');
  });

  it('2. HTTP 424 with code BASKET_REQUIREMENTS_FAILED → missing fields from details.missingFields', () => {
    const error = {
      status: 424,
      code: 'BASKET_REQUIREMENTS_FAILED',
      messages: ['card_declined'],
      details: { missingFields: ['postalCode', 'birthDate', 7, 'taxNumber'] },
    };
    expect(paymentErrorMessage(error)).toEqual({ kind: 'missingFields', fields: ['postalCode', 'birthDate', 'taxNumber'] });
    expect(paymentErrorMessage({ body: { status: 424, code: 'BASKET_REQUIREMENTS_FAILED' } })).toEqual({
      kind: 'missingFields',
      fields: [],
    });
    // The status alone or the code alone is not the rule.
    expect(paymentErrorMessage({ status: 424, code: 'OTHER', details: { missingFields: ['a'] } }).kind).not.toBe(
      'missingFields',
    );
    expect(paymentErrorMessage({ status: 400, code: 'BASKET_REQUIREMENTS_FAILED' })).toEqual({
      kind: 'serverMessage',
      text: 'BASKET_REQUIREMENTS_FAILED',
    });
  });

  it('3. card_declined and incorrect_number show the server message', () => {
    expect(paymentErrorMessage({ status: 402, code: 'card_declined', messages: ['Your card was declined.'] })).toEqual({
      kind: 'serverMessage',
      text: 'Your card was declined.',
    });
    expect(paymentErrorMessage({ status: 400, code: 'BAD_REQUEST', messages: ['incorrect_number'] })).toEqual({
      kind: 'serverMessage',
      text: 'incorrect_number',
    });
    expect(
      paymentErrorMessage({ status: 402, code: 'incorrect_number', messages: ['', 'Your card number is incorrect.'] }),
    ).toEqual({ kind: 'serverMessage', text: 'Your card number is incorrect.' });
    // No server message to show: the card label instead.
    expect(paymentErrorMessage({ code: 'card_declined' })).toEqual({ kind: 'key', key: 'CardDeclined' });
    expect(paymentErrorMessage({ code: 'incorrect_number', messages: [] })).toEqual({ kind: 'key', key: 'InvalidCardNumber' });
  });

  it('4. the code table', () => {
    expect(paymentErrorMessage({ status: 400, code: 'invalidTierChange' })).toEqual({ kind: 'key', key: 'invalidTierChange' });
    expect(paymentErrorMessage({ status: 400, code: 'BAD_REQUEST', messages: ['Voucher expired'] })).toEqual({
      kind: 'key',
      key: 'paymentError',
    });
    expect(paymentErrorMessage({ status: 409, code: 'MAX_CHARGEABLE_PAYMENT_DETAILS_REACHED' })).toEqual({
      kind: 'key',
      key: 'maxPaymentMethodsErrorMessage',
    });
    expect(paymentErrorMessage({ status: 403, code: 'CAPTCHA_FAIL_ERROR' })).toEqual({ kind: 'key', key: 'captchaFailed' });
    expect(paymentErrorMessage({ status: 403, code: 'CHALLENGE_FAILED' })).toEqual({ kind: 'key', key: 'captchaFailed' });
    // Without a code, the first message is looked up in the table.
    expect(paymentErrorMessage({ messages: ['CHALLENGE_FAILED'] })).toEqual({ kind: 'key', key: 'captchaFailed' });
    // Codes match exactly.
    expect(paymentErrorMessage({ code: 'bad_request' })).toEqual({ kind: 'serverMessage', text: 'bad_request' });
    for (const [code, key] of Object.entries(PAYMENT_ERROR_CODE_KEYS)) {
      expect(paymentErrorMessage({ status: 400, code, messages: ['anything'] })).toEqual({ kind: 'key', key });
    }
  });

  it('5. other codes or messages are shown as is', () => {
    expect(paymentErrorMessage({ status: 400, code: 'VOUCHER_EXPIRED', messages: ['This voucher has expired'] })).toEqual({
      kind: 'serverMessage',
      text: 'This voucher has expired',
    });
    expect(paymentErrorMessage({ status: 500, code: 'INTERNAL_ERROR', messages: [] })).toEqual({
      kind: 'serverMessage',
      text: 'INTERNAL_ERROR',
    });
    expect(paymentErrorMessage({ messages: ['Basket not found'] })).toEqual({ kind: 'serverMessage', text: 'Basket not found' });
  });

  it('6. default anErrorOccured', () => {
    const fallback = { kind: 'key', key: 'anErrorOccured' };
    for (const error of [
      null,
      undefined,
      'oops',
      42,
      new Error('boom'),
      { name: 'NetworkError' },
      { status: 409 },
      { status: 500, code: 'UNKNOWN', messages: [] },
      { status: 502, code: '', messages: ['', '   '] },
    ]) {
      expect(paymentErrorMessage(error)).toEqual(fallback);
    }
  });

  it('survives hostile inputs', () => {
    const hostile = Object.defineProperty({ status: 424 }, 'code', {
      get() {
        throw new Error('getter');
      },
    });
    expect(paymentErrorMessage(hostile)).toEqual({ kind: 'key', key: 'anErrorOccured' });
    expect(paymentErrorMessage({ code: 'constructor' })).toEqual({ kind: 'serverMessage', text: 'constructor' });
    expect(paymentErrorMessage({ code: '__proto__' })).toEqual({ kind: 'serverMessage', text: '__proto__' });
    expect(
      paymentErrorMessage({ status: 424, code: 'BASKET_REQUIREMENTS_FAILED', details: { missingFields: 'postalCode' } }),
    ).toEqual({ kind: 'missingFields', fields: [] });
  });

  it('answers a defined, non-empty result for any value (property)', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true }), (error) => {
        expectWellFormed(paymentErrorMessage(error));
      }),
      { numRuns: 2000 },
    );
  });

  it('answers a defined, non-empty result for every status, code and messages (property)', () => {
    const code = fc.oneof(
      fc.string(),
      fc.constantFrom(
        ...Object.keys(PAYMENT_ERROR_CODE_KEYS),
        'BASKET_REQUIREMENTS_FAILED',
        'card_declined',
        'incorrect_number',
        'UNKNOWN',
        'freeTrialDenied',
      ),
    );
    const status = fc.oneof(fc.integer(), fc.constantFrom(409, 424), fc.double());
    const error = fc.record(
      {
        status,
        code,
        messages: fc.array(fc.oneof(fc.string(), code, fc.anything())),
        details: fc.record({ missingFields: fc.oneof(fc.array(fc.string()), fc.anything()) }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(error, fc.constantFrom('none', 'data', 'body'), (value, wrap) => {
        const wrapped = wrap === 'none' ? value : { [wrap]: value };
        const result = paymentErrorMessage(wrapped);
        expectWellFormed(result);
        // A server text is always something the server sent.
        if (result.kind === 'serverMessage') {
          const sent = [...(Array.isArray(value.messages) ? value.messages : []), value.code];
          expect(sent).toContain(result.text);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('maps a table code to its key whatever the messages, outside 409 and 424 (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(PAYMENT_ERROR_CODE_KEYS)),
        fc.integer().filter((s) => s !== 409 && s !== 424),
        fc.array(fc.string().filter((m) => m !== 'card_declined' && m !== 'incorrect_number'), { maxLength: 1 }),
        (code, status, messages) => {
          const key = PAYMENT_ERROR_CODE_KEYS[code as keyof typeof PAYMENT_ERROR_CODE_KEYS];
          expect(paymentErrorMessage({ status, code, messages })).toEqual({ kind: 'key', key });
        },
      ),
    );
  });
});

describe('cardErrorKey', () => {
  it('maps the card codes to the label keys of §8', () => {
    const cases: Array<[string, string]> = [
      ['invalid_expiry_month', 'InvalidExpiryMonth'],
      ['incorrect_expiry_month', 'InvalidExpiryMonth'],
      ['incomplete_expiry_month', 'InvalidExpiryMonth'],
      ['invalid_expiry_year', 'InvalidExpiryYear'],
      ['invalid_expiry_year_past', 'InvalidExpiryYear'],
      ['incomplete_expiry', 'InvalidExpiry'],
      ['incorrect_expiry', 'InvalidExpiry'],
      ['invalid_expiry', 'InvalidExpiry'],
      ['invalid_number', 'InvalidCardNumber'],
      ['incorrect_number', 'InvalidCardNumber'],
      ['incomplete_number', 'InvalidCardNumber'],
      ['expired_card', 'ExpiredCard'],
      ['invalid_cvc', 'InvalidCvc'],
      ['incorrect_cvc', 'InvalidCvc'],
      ['incomplete_cvc', 'InvalidCvc'],
      ['incorrect_zip', 'InvalidZip'],
      ['invalid_zip', 'InvalidZip'],
      ['incomplete_zip', 'InvalidZip'],
      ['card_declined', 'CardDeclined'],
      ['insufficient_funds', 'CardDeclined'],
      ['card_missing', 'CardMissing'],
      ['missing', 'CardMissing'],
      ['processing_error', 'paymentError'],
      ['BAD_REQUEST', 'paymentError'],
      ['  INVALID_CVC ', 'InvalidCvc'],
      ['something_else', 'paymentCardError'],
      ['', 'paymentCardError'],
      ['constructor', 'paymentCardError'],
      ['__proto__', 'paymentCardError'],
    ];
    for (const [code, key] of cases) expect(cardErrorKey(code), code).toBe(key);
    expect(cardErrorKey(undefined as unknown as string)).toBe('paymentCardError');
  });

  it('answers only the label keys of §8 (property)', () => {
    const keys = new Set<string>(CARD_ERROR_KEYS);
    for (const key of Object.values(CARD_ERROR_CODE_KEYS)) expect(keys.has(key)).toBe(true);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...Object.keys(CARD_ERROR_CODE_KEYS)), fc.anything()), (code) => {
        expect(keys.has(cardErrorKey(code as string))).toBe(true);
      }),
    );
  });
});

describe('paymentErrorText', () => {
  it('is the key or the server text of paymentErrorMessage, anErrorOccured for missing fields', () => {
    expect(paymentErrorText({ status: 402, code: 'card_declined', messages: ['Your card was declined.'] })).toBe('Your card was declined.');
    expect(paymentErrorText({ status: 400, code: 'BAD_REQUEST', messages: [] })).toBe('paymentError');
    expect(paymentErrorText({ status: 409, code: 'CONFLICT', messages: ['freeTrialDenied'] })).toBe('freeTrialDenied');
    expect(paymentErrorText({ status: 424, code: 'BASKET_REQUIREMENTS_FAILED', messages: [] })).toBe('anErrorOccured');
    expect(paymentErrorText(new TypeError('fetch failed'))).toBe('anErrorOccured');
  });

  it('never throws and is never empty (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (error) => {
        expect(paymentErrorText(error).trim()).not.toBe('');
      }),
    );
  });
});
