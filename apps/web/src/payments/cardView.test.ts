import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@stream/core/api';
import type { Card, Licence } from '@stream/core/contracts';
import { cardChangeFailure, cardView, currentCardOf, isPaidByCard } from './cardView';

const card = (overrides: Partial<Card> = {}): Card => ({ cardId: 'pd_1', cardType: 'VISA', last4Digits: '4242', ...overrides });
const licence = (overrides: Partial<Licence> = {}): Licence => ({ id: '101', name: 'Sports Basic', ...overrides }) as Licence;
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

describe('currentCardOf', () => {
  const cards = [card({ cardId: 'a', licences: ['201'] }), card({ cardId: 'b', licences: ['101'] }), card({ cardId: 'c' })];

  it('is the card whose licences list the licence', () => {
    expect(currentCardOf(cards, '101')?.cardId).toBe('b');
    expect(currentCardOf(cards, '201')?.cardId).toBe('a');
  });

  it("falls back to the licence's paymentProviderInfo.cardId, else undefined", () => {
    const paid = licence({ id: '301', licencePayment: { paymentProviderInfo: { cardId: 'c' } } });
    expect(currentCardOf(cards, '301', paid)?.cardId).toBe('c');
    const unknown = licence({ id: '301', licencePayment: { paymentProviderInfo: { cardId: 'gone' } } });
    expect(currentCardOf(cards, '301', unknown)).toBeUndefined();
    expect(currentCardOf(cards, '999')).toBeUndefined();
    expect(currentCardOf([], '101')).toBeUndefined();
  });
});

describe('isPaidByCard', () => {
  it('is true for a managed licence with a card id', () => {
    expect(isPaidByCard(licence({ licencePayment: { paymentProviderInfo: { managed: true, cardId: 'pd_1' } } }))).toBe(true);
    expect(isPaidByCard(licence({ licencePayment: { paymentProviderInfo: { cardId: 'pd_1' } } }))).toBe(true);
  });

  it('is false without a card, when not managed, or for an in-app purchase', () => {
    expect(isPaidByCard(licence())).toBe(false);
    expect(isPaidByCard(licence({ licencePayment: { paymentProviderInfo: { cardId: ' ' } } }))).toBe(false);
    expect(isPaidByCard(licence({ licencePayment: { paymentProviderInfo: { managed: false, cardId: 'pd_1' } } }))).toBe(false);
    expect(isPaidByCard(licence({ id: '104_IAP', licencePayment: { paymentProviderInfo: { cardId: 'pd_1' } } }))).toBe(false);
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
