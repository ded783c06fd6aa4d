import { describe, expect, it } from 'vitest';
import type { Card } from '@stream/core/contracts';
import { cardView } from './cardView';

const card = (overrides: Partial<Card> = {}): Card => ({ cardId: 'pd_1', cardType: 'VISA', last4Digits: '4242', ...overrides });

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
