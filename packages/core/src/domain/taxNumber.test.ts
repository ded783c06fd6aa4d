import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BRAZILIAN_TAX_NUMBER_DIGITS, formatBrazilianTaxNumber, taxNumberDigits } from './index.js';

describe('formatBrazilianTaxNumber', () => {
  it('formats progressively as 000.000.000-00', () => {
    expect(formatBrazilianTaxNumber('')).toBe('');
    expect(formatBrazilianTaxNumber('123')).toBe('123');
    expect(formatBrazilianTaxNumber('1234')).toBe('123.4');
    expect(formatBrazilianTaxNumber('123456')).toBe('123.456');
    expect(formatBrazilianTaxNumber('1234567')).toBe('123.456.7');
    expect(formatBrazilianTaxNumber('123456789')).toBe('123.456.789');
    expect(formatBrazilianTaxNumber('1234567890')).toBe('123.456.789-0');
    expect(formatBrazilianTaxNumber('12345678901')).toBe('123.456.789-01');
    expect(formatBrazilianTaxNumber('123.456.789-0199')).toBe('123.456.789-01');
    expect(formatBrazilianTaxNumber('abc 529 982 247 25 x')).toBe('529.982.247-25');
    expect(formatBrazilianTaxNumber(null as never)).toBe('');
    expect(taxNumberDigits('529.982.247-25')).toBe('52998224725');
  });

  it('is idempotent, keeps at most 11 digits and fits the mask (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9.\- ]{0,20}$/)), (raw) => {
        const once = formatBrazilianTaxNumber(raw);
        expect(formatBrazilianTaxNumber(once)).toBe(once);
        const digits = taxNumberDigits(once);
        expect(digits.length).toBeLessThanOrEqual(BRAZILIAN_TAX_NUMBER_DIGITS);
        expect(digits).toBe(raw.replace(/[^0-9]/g, '').slice(0, 11));
        expect('000.000.000-00'.slice(0, once.length).replace(/0/g, 'd')).toBe(once.replace(/[0-9]/g, 'd'));
        expect(once.endsWith('.') || once.endsWith('-')).toBe(false);
      }),
    );
  });
});
