import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { callingCodeOf, isValidPhone, normalisePhone } from './index.js';

describe('callingCodeOf', () => {
  it('derives the calling code of a country', () => {
    expect(callingCodeOf('GB')).toBe('+44');
    expect(callingCodeOf('us')).toBe('+1');
    expect(callingCodeOf(' br ')).toBe('+55');
    expect(callingCodeOf('XX')).toBeNull();
    expect(callingCodeOf('')).toBeNull();
    expect(callingCodeOf(null as never)).toBeNull();
  });
});

describe('normalisePhone', () => {
  it('reads a national number with the chosen country', () => {
    expect(normalisePhone('07911 123456', 'GB')).toEqual({ regionCode: 'GB', prefix: '+44', complete: '+447911123456', number: '7911123456' });
    expect(normalisePhone('7911 123456', 'gb')).toEqual({ regionCode: 'GB', prefix: '+44', complete: '+447911123456', number: '7911123456' });
    expect(normalisePhone('(202) 555-0123', 'US')).toEqual({ regionCode: 'US', prefix: '+1', complete: '+12025550123', number: '2025550123' });
    expect(normalisePhone('11 91234-5678', 'BR')).toEqual({ regionCode: 'BR', prefix: '+55', complete: '+5511912345678', number: '11912345678' });
    expect(normalisePhone('0044 7911 123456', 'GB')?.complete).toBe('+447911123456');
  });

  it('corrects +4407 to +447', () => {
    expect(normalisePhone('+44 07911 123456', 'GB')).toEqual({ regionCode: 'GB', prefix: '+44', complete: '+447911123456', number: '7911123456' });
    expect(normalisePhone('+4407911', 'GB')?.complete).toBe('+447911');
    expect(normalisePhone('+44 0 7911', 'FR')?.complete).toBe('+447911');
  });

  it('keeps the chosen country when the calling code is its own, else follows the number', () => {
    expect(normalisePhone('+44 7911 123456', 'JE')?.regionCode).toBe('JE');
    expect(normalisePhone('+44 7700 900123', 'FR')?.regionCode).toBe('GB');
    // 7911 is a Guernsey mobile range: the number names its country when the chosen one does not fit.
    expect(normalisePhone('+44 7911 123456', 'FR')?.regionCode).toBe('GG');
    expect(normalisePhone('+1 416 555 0123', 'GB')?.regionCode).toBe('CA');
    expect(normalisePhone('+1 416 555 0123', 'US')?.regionCode).toBe('US');
    expect(normalisePhone('+33 6 12 34 56 78', 'XX')).toMatchObject({ regionCode: 'FR', prefix: '+33', complete: '+33612345678' });
  });

  it('re-reads a number until it is stable', () => {
    // libphonenumber strips Germany's trunk 0 again on each read of +49000…
    const value = normalisePhone('0000000', 'DE');
    expect(value).not.toBeNull();
    expect(normalisePhone(value!.complete, value!.regionCode)).toEqual(value);
  });

  it('gives null when there is nothing to read', () => {
    expect(normalisePhone('', 'GB')).toBeNull();
    expect(normalisePhone('+', 'GB')).toBeNull();
    expect(normalisePhone('abc', 'GB')).toBeNull();
    expect(normalisePhone('07911 123456', 'XX')).toBeNull();
    expect(normalisePhone('+800 1234 5678', 'GB')).toBeNull();
    expect(normalisePhone('1'.repeat(40), 'GB')).toBeNull();
    expect(normalisePhone(undefined as never, 'GB')).toBeNull();
  });

  const regions = fc.constantFrom('GB', 'US', 'BR', 'ES', 'DE', 'FR', 'CA', 'JE', 'IN', 'AR', 'MX', 'IT', 'xx', '');
  const phoneLike = fc.oneof(
    fc.stringMatching(/^\+?[0-9 ()-]{0,20}$/),
    fc.stringMatching(/^\+44 ?0[0-9 ]{0,14}$/),
    fc.stringMatching(/^0{0,3}[0-9]{1,14}$/),
    fc.string(),
  );

  it('is idempotent: normalising complete again gives the same value (property)', () => {
    fc.assert(
      fc.property(phoneLike, regions, (raw, region) => {
        const value = normalisePhone(raw, region);
        if (value === null) return;
        expect(normalisePhone(value.complete, value.regionCode)).toEqual(value);
        expect(value.complete).toBe(`${value.prefix}${value.number}`);
        expect(value.complete.startsWith('+4407')).toBe(false);
        expect(callingCodeOf(value.regionCode)).toBe(value.prefix);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('isValidPhone', () => {
  it('checks the number against its country', () => {
    expect(isValidPhone(normalisePhone('07911 123456', 'GB'))).toBe(true);
    expect(isValidPhone(normalisePhone('(202) 555-0123', 'US'))).toBe(true);
    expect(isValidPhone(normalisePhone('0791', 'GB'))).toBe(false);
    expect(isValidPhone({ regionCode: 'US', prefix: '+44', complete: '+447911123456', number: '7911123456' })).toBe(false);
    expect(isValidPhone({ regionCode: 'GB', prefix: '+44', complete: '447911123456', number: '7911123456' })).toBe(false);
    expect(isValidPhone(null)).toBe(false);
    expect(isValidPhone({} as never)).toBe(false);
  });
});
