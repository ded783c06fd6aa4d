import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BRAZILIAN_TAX_NUMBER_DIGITS, formatBrazilianTaxNumber, isValidBrazilianTaxNumber, taxNumberDigits } from './index.js';

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

/** The CPF check digit as the Receita Federal defines it, written out independently of the rule. */
function checkDigit(digits: number[]): { digit: number; remainder: number } {
  const sum = digits.reduce((total, d, i) => total + d * (digits.length + 1 - i), 0);
  const remainder = sum % 11;
  return { digit: remainder < 2 ? 0 : 11 - remainder, remainder };
}
/** A valid CPF from its first nine digits (not all equal). */
function cpfOf(nine: number[]): string {
  const ten = [...nine, checkDigit(nine).digit];
  return [...ten, checkDigit(ten).digit].join('');
}
const nineDigits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }).filter((d) => d.some((x) => x !== d[0]));

describe('isValidBrazilianTaxNumber', () => {
  it('accepts known CPFs with or without punctuation and refuses wrong check digits', () => {
    expect(isValidBrazilianTaxNumber('529.982.247-25')).toBe(true);
    expect(isValidBrazilianTaxNumber('52998224725')).toBe(true);
    expect(isValidBrazilianTaxNumber(' 529 982 247 25 ')).toBe(true);
    expect(isValidBrazilianTaxNumber('529.982.247-26')).toBe(false);
    expect(isValidBrazilianTaxNumber('123.456.789-00')).toBe(false);
    expect(isValidBrazilianTaxNumber('111.111.111-11')).toBe(false);
    expect(isValidBrazilianTaxNumber('000.000.000-00')).toBe(false);
    expect(isValidBrazilianTaxNumber('5299822472')).toBe(false);
    expect(isValidBrazilianTaxNumber('529982247250')).toBe(false);
    expect(isValidBrazilianTaxNumber('529a982247-25')).toBe(false);
    expect(isValidBrazilianTaxNumber('')).toBe(false);
    expect(isValidBrazilianTaxNumber(null as never)).toBe(false);
  });

  it('accepts every CPF generated with correct check digits, in either form (property)', () => {
    fc.assert(
      fc.property(nineDigits, (nine) => {
        const cpf = cpfOf(nine);
        expect(isValidBrazilianTaxNumber(cpf)).toBe(true);
        expect(isValidBrazilianTaxNumber(formatBrazilianTaxNumber(cpf))).toBe(true);
      }),
    );
  });

  it('refuses any single-digit change but the few the check digits cannot see (property)', () => {
    fc.assert(
      fc.property(nineDigits, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), (nine, position, shift) => {
        const cpf = cpfOf(nine).split('').map(Number);
        const changed = [...cpf];
        changed[position] = (cpf[position]! + shift) % 10;
        const text = changed.join('');
        // The modulo-11 digits miss a change only when both recomputed check digits stay the same:
        // the first digit moved by one, or the sixth by two (or nine), while a remainder crosses 0 ↔ 1.
        const unseen = cpfOf(changed.slice(0, 9)) === text && !/^(\d)\1*$/.test(text);
        expect(isValidBrazilianTaxNumber(text)).toBe(unseen);
        if (position !== 0 && position !== 5) expect(isValidBrazilianTaxNumber(text)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses CPFs of one repeated digit (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), (digit) => {
        const cpf = String(digit).repeat(11);
        expect(isValidBrazilianTaxNumber(cpf)).toBe(false);
        expect(isValidBrazilianTaxNumber(formatBrazilianTaxNumber(cpf))).toBe(false);
      }),
    );
  });
});
