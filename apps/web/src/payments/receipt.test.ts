import { describe, expect, it } from 'vitest';
import { receiptFileName } from './receipt';

describe('receiptFileName', () => {
  it('names the file after the payment id, with unsafe characters replaced', () => {
    expect(receiptFileName('0b7a-11')).toBe('receipt-0b7a-11.pdf');
    expect(receiptFileName('../x y')).toBe('receipt-.._x_y.pdf');
    expect(receiptFileName('')).toBe('receipt-payment.pdf');
  });
});
