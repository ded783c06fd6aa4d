import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanDatePart, dateFieldOrder, dateInputValue, isPartFull, parseDateInputValue, type DatePart } from './index.js';

const partArb = fc.constantFrom<DatePart>('year', 'month', 'day');
const digitsOrNoise = fc.oneof(fc.string(), fc.stringMatching(/^[0-9]{0,6}$/), fc.stringMatching(/^[0-9a-z/ -]{0,6}$/));

describe('cleanDatePart', () => {
  it('keeps digits within each part limit and rejects a keystroke over the maximum', () => {
    const examples: [part: DatePart, typed: string, kept: string][] = [
      ['year', '2024', '2024'], ['year', '20245', '2024'], ['year', '2o2-4', '224'], ['month', '1', '1'],
      ['month', '12', '12'], ['month', '13', '1'], ['month', '09', '09'], ['month', '00', '0'],
      ['month', '123', '12'], ['day', '31', '31'], ['day', '32', '3'], ['day', '45', '4'],
      ['day', '٣', ''], ['week' as never, '1', ''], ['day', 7 as never, ''],
    ];
    for (const [part, typed, kept] of examples) expect(cleanDatePart(part, typed)).toBe(kept);
  });

  it('is idempotent and within limits (property)', () => {
    fc.assert(
      fc.property(partArb, digitsOrNoise, (part, raw) => {
        const clean = cleanDatePart(part, raw);
        expect(cleanDatePart(part, clean)).toBe(clean);
        expect(clean).toMatch(/^[0-9]*$/);
        expect(clean.length).toBeLessThanOrEqual({ year: 4, month: 2, day: 2 }[part]);
        if (clean !== '') expect(Number(clean)).toBeLessThanOrEqual({ year: 9999, month: 12, day: 31 }[part]);
      }),
    );
  });
});

describe('isPartFull', () => {
  it('is full at the digit limit or when no further digit fits', () => {
    expect(isPartFull('year', '202')).toBe(false);
    expect(isPartFull('year', '2024')).toBe(true);
    expect(isPartFull('month', '')).toBe(false);
    expect(isPartFull('month', '0')).toBe(false);
    expect(isPartFull('month', '1')).toBe(false);
    expect(isPartFull('month', '2')).toBe(true);
    expect(isPartFull('month', '11')).toBe(true);
    expect(isPartFull('day', '3')).toBe(false);
    expect(isPartFull('day', '4')).toBe(true);
    expect(isPartFull('day', '07')).toBe(true);
  });

  it('agrees with cleanDatePart: full means the next digit is refused (property)', () => {
    fc.assert(
      fc.property(partArb, digitsOrNoise, fc.integer({ min: 0, max: 9 }), (part, raw, digit) => {
        const clean = cleanDatePart(part, raw);
        if (isPartFull(part, clean)) expect(cleanDatePart(part, clean + String(digit))).toBe(clean);
      }),
    );
  });
});

describe('dateInputValue', () => {
  it('emits YYYY-MM-DD zero-padded only when all three parts are present', () => {
    expect(dateInputValue({ year: '2024', month: '5', day: '9' })).toBe('2024-05-09');
    expect(dateInputValue({ year: '95', month: '12', day: '31' })).toBe('0095-12-31');
    expect(dateInputValue({ year: '2024', month: '', day: '9' })).toBe('');
    expect(dateInputValue({ year: '', month: '1', day: '9' })).toBe('');
    expect(dateInputValue({ year: '2024', month: '0', day: '9' })).toBe('');
    expect(dateInputValue({ year: '0000', month: '1', day: '1' })).toBe('');
    expect(dateInputValue({ year: '2024', month: '13', day: '1' })).toBe('2024-01-01');
    expect(dateInputValue(null as never)).toBe('');
  });

  it('never emits a partial value (property)', () => {
    fc.assert(
      fc.property(fc.record({ year: digitsOrNoise, month: digitsOrNoise, day: digitsOrNoise }), (parts) => {
        const value = dateInputValue(parts);
        if (value === '') return;
        const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
        expect(match).not.toBeNull();
        const [, year, month, day] = match!;
        expect(Number(year)).toBeGreaterThanOrEqual(1);
        expect(Number(month)).toBeGreaterThanOrEqual(1);
        expect(Number(month)).toBeLessThanOrEqual(12);
        expect(Number(day)).toBeGreaterThanOrEqual(1);
        expect(Number(day)).toBeLessThanOrEqual(31);
      }),
    );
  });

  it('is empty whenever a part is empty (property)', () => {
    fc.assert(
      fc.property(fc.record({ year: digitsOrNoise, month: digitsOrNoise, day: digitsOrNoise }), partArb, (parts, blank) => {
        expect(dateInputValue({ ...parts, [blank]: 'abc' })).toBe('');
      }),
    );
  });
});

describe('parseDateInputValue', () => {
  it('splits a value and round-trips what dateInputValue emits', () => {
    expect(parseDateInputValue('2024-05-09')).toEqual({ year: '2024', month: '05', day: '09' });
    expect(parseDateInputValue('1990-01-31T00:00:00Z')).toEqual({ year: '1990', month: '01', day: '31' });
    for (const bad of ['', '2024-13-01', '2024-00-10', '2024-01-32', '0000-01-01', '2024/01/01', '24-01-01', null]) {
      expect(parseDateInputValue(bad as string)).toEqual({ year: '', month: '', day: '' });
    }
  });

  it('round-trips (property)', () => {
    fc.assert(
      fc.property(fc.record({ year: digitsOrNoise, month: digitsOrNoise, day: digitsOrNoise }), (parts) => {
        const value = dateInputValue(parts);
        if (value !== '') expect(dateInputValue(parseDateInputValue(value))).toBe(value);
      }),
    );
  });
});

describe('dateFieldOrder', () => {
  it('follows the locale short date format, year first by default', () => {
    expect(dateFieldOrder('yyyy/mm/dd')).toEqual(['year', 'month', 'day']);
    expect(dateFieldOrder('mm/dd/yyyy')).toEqual(['month', 'day', 'year']);
    expect(dateFieldOrder('dd/mm/yyyy')).toEqual(['day', 'month', 'year']);
    expect(dateFieldOrder('M/d/yy')).toEqual(['month', 'day', 'year']);
    expect(dateFieldOrder('dd.MM.yyyy')).toEqual(['day', 'month', 'year']);
    expect(dateFieldOrder('yyyy/dd/mm')).toEqual(['year', 'month', 'day']);
    expect(dateFieldOrder('dd/mm')).toEqual(['year', 'month', 'day']);
    expect(dateFieldOrder(undefined)).toEqual(['year', 'month', 'day']);
    expect(dateFieldOrder(42 as never)).toEqual(['year', 'month', 'day']);
  });

  it('always answers a permutation of the three parts (property)', () => {
    fc.assert(
      fc.property(fc.string(), (format) => {
        expect([...dateFieldOrder(format)].sort()).toEqual(['day', 'month', 'year']);
      }),
    );
  });
});
