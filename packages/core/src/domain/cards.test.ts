import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Card, Licence } from '../contracts/index.js';
import { currentCardOf, defaultCard, isPaidByCard, maskedCardNumber } from './index.js';

describe('maskedCardNumber', () => {
  it('shows 7 stars then the last digits for MOBILE', () => {
    expect(maskedCardNumber({ paymentMethodType: 'MOBILE', last4Digits: '1234' })).toBe('*******1234');
    expect(maskedCardNumber({ paymentMethodType: 'mobile', last4Digits: '07700900123' })).toBe('*******0123');
  });

  it('shows bullets then the last digits for other cards', () => {
    expect(maskedCardNumber({ paymentMethodType: 'CARD', last4Digits: '4242' })).toBe('•••• 4242');
    expect(maskedCardNumber({ last4Digits: '4242424242424242' })).toBe('•••• 4242');
    expect(maskedCardNumber({ last4Digits: 42 })).toBe('•••• 42');
  });

  it('gives an empty string without digits', () => {
    expect(maskedCardNumber({ paymentMethodType: 'MOBILE' })).toBe('');
    expect(maskedCardNumber({ last4Digits: 'abcd' })).toBe('');
    expect(maskedCardNumber({ last4Digits: -12 })).toBe('');
    expect(maskedCardNumber(null as never)).toBe('');
  });

  it('keeps only the last digits (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^[0-9]{0,19}$/)),
        fc.oneof(fc.constant('MOBILE'), fc.constant('CARD'), fc.string(), fc.constant(undefined)),
        (last4Digits, paymentMethodType) => {
          const masked = maskedCardNumber({ last4Digits, paymentMethodType });
          const digits = last4Digits.replace(/[^0-9]/g, '');
          const kept = digits.slice(-4);
          if (kept === '') {
            expect(masked).toBe('');
            return;
          }
          expect(masked.replace(/[^0-9]/g, '')).toBe(kept);
          expect(masked.endsWith(kept)).toBe(true);
          if (paymentMethodType === 'MOBILE') expect(masked).toBe(`*******${kept}`);
          else expect(masked).toMatch(/^•••• [0-9]{1,4}$/);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('defaultCard', () => {
  it('picks the first card flagged default', () => {
    const a = { cardId: 'a' };
    const b = { cardId: 'b', default: true };
    const c = { cardId: 'c', isDefault: true };
    expect(defaultCard([a, b, c])).toBe(b);
    expect(defaultCard([a, c])).toBe(c);
    expect(defaultCard([a, { cardId: 'd', default: 'true' as unknown as boolean }])).toBeUndefined();
    expect(defaultCard([])).toBeUndefined();
    expect(defaultCard(null)).toBeUndefined();
    expect(defaultCard([null, 3, b] as never)).toBe(b);
  });
});

describe('currentCardOf and isPaidByCard (moved from the web app, which must not decide them)', () => {
  const card = (overrides: Partial<Card> = {}): Card => ({ cardId: 'pd_1', cardType: 'VISA', last4Digits: '4242', ...overrides });
  const licence = (overrides: Partial<Licence> = {}): Licence => ({ id: '101', name: 'Sports Basic', ...overrides }) as Licence;
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
});
