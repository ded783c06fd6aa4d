import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultCard, maskedCardNumber } from './index.js';

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
