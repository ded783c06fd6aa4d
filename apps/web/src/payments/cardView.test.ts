import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@stream/core/api';
import type { Card } from '@stream/core/contracts';
import { cardChangeFailure, cardView } from './cardView';

const card = (overrides: Partial<Card> = {}): Card => ({ cardId: 'pd_1', cardType: 'VISA', last4Digits: '4242', ...overrides });
const apiError = (status: number, code: string, messages: string[] = [], details?: Record<string, unknown>) =>
  new ApiError({ call: 'cards.attachToLicence', status, code, messages, requestId: undefined, details });

describe('cardView', () => {
  it('masks with core and keeps only the last digits, brand, expiry and holder', () => {
    const view = cardView(card({ expiryMonth: 4, expiryYear: 2030, cardHolder: '  Ana Lima ', default: true }));
    expect(view).toEqual({
      id: 'pd_1',
      masked: '\u2022\u2022\u2022\u2022 4242',
      lastDigits: '4242',
      brand: 'VISA',
      expiry: '04/2030',
      holder: 'Ana Lima',
      isDefault: true,
    });
  });

  it('shows a MOBILE method as 7 stars and the last digits (commerce §3 "Card")', () => {
    const view = cardView(card({ paymentMethodType: 'MOBILE', last4Digits: '1234' }));
    expect(view.masked).toBe('*******1234');
    expect(view.lastDigits).toBe('1234');
  });

  it('gives empty texts for missing or unusable fields', () => {
    const view = cardView({ cardId: 'pd_2', expiryMonth: 13, expiryYear: 2030 });
    expect(view).toMatchObject({ masked: '', lastDigits: '', brand: '', expiry: '', holder: '', isDefault: false });
    expect(cardView(card({ expiryMonth: 5 })).expiry).toBe('');
  });
});

describe('cardChangeFailure', () => {
  it('maps 424 BASKET_REQUIREMENTS_FAILED to the missing fields (commerce §8)', () => {
    const error = apiError(424, 'BASKET_REQUIREMENTS_FAILED', ['Billing details are missing.'], { missingFields: ['postalCode'] });
    expect(cardChangeFailure(error)).toEqual({ kind: 'missingFields', fields: ['postalCode'] });
  });

  it('maps a 404 to notFound', () => {
    expect(cardChangeFailure(apiError(404, 'NOT_FOUND', ['No card pd_9 on this account']))).toEqual({ kind: 'notFound' });
  });

  it('follows paymentErrorMessage otherwise: table codes, server messages, the default key', () => {
    expect(cardChangeFailure(apiError(400, 'BAD_REQUEST', ['x']))).toEqual({ kind: 'key', key: 'paymentError' });
    expect(cardChangeFailure(apiError(402, 'card_declined', ['Your card was declined.']))).toEqual({
      kind: 'text',
      text: 'Your card was declined.',
    });
    expect(cardChangeFailure(new NetworkError('cards.attachToLicence', new Error('offline')))).toEqual({
      kind: 'key',
      key: 'anErrorOccured',
    });
    expect(cardChangeFailure(undefined)).toEqual({ kind: 'key', key: 'anErrorOccured' });
  });
});
