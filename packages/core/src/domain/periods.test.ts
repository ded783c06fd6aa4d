import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PERIOD_CODES, isPeriodCode, periodLabelKey, periodWording, trialDays } from './index.js';

describe('trialDays (§5)', () => {
  it('reads days from PnD', () => {
    expect(trialDays('P7D')).toBe(7);
    expect(trialDays('P1D')).toBe(1);
    expect(trialDays('P30D')).toBe(30);
    expect(trialDays('P007D')).toBe(7);
  });

  it('gives no trial for anything that is not a positive whole number of days', () => {
    for (const bad of ['P1M', 'P1W', 'P0D', 'P00D', 'P7.5D', 'P-7D', 'P+7D', 'P 7D', 'p7d', 'PD', 'P7', '7D', '', 'P99999999999999999D', null, undefined, 7, {}, ['P7D']]) {
      expect(trialDays(bad)).toBeNull();
    }
  });

  it('never throws and returns positive integers only (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.string(), fc.string().map((s) => `P${s}D`), fc.integer().map((n) => `P${n}D`)),
        (value) => {
          const days = trialDays(value);
          if (days !== null) {
            expect(Number.isSafeInteger(days) && days > 0).toBe(true);
          }
        },
      ),
    );
  });

  it('reads every positive day count back (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => {
      expect(trialDays(`P${n}D`)).toBe(n);
    }));
  });
});

describe('period codes (§9)', () => {
  it('lists the spec codes', () => {
    expect(PERIOD_CODES).toEqual(['P1D', 'P7D', 'P1W', 'P14D', 'P1M', 'P2M', 'P3M', 'P6M', 'P1Y', 'P2Y']);
    expect(isPeriodCode('P1M')).toBe(true);
    expect(isPeriodCode('P5D')).toBe(false);
    expect(isPeriodCode('constructor')).toBe(false);
  });

  it('words daily, weekly, monthly and yearly periods', () => {
    expect(periodWording('P1D')).toBe('daily');
    expect(periodWording('P7D')).toBe('weekly');
    expect(periodWording('P1W')).toBe('weekly');
    expect(periodWording('P1M')).toBe('monthly');
    expect(periodWording('P1Y')).toBe('yearly');
    for (const other of ['P14D', 'P2M', 'P3M', 'P6M', 'P2Y', 'P5D', '', 'toString']) {
      expect(periodWording(other)).toBeNull();
    }
  });

  it('gives a per-period label key for every code and none for others', () => {
    // Independent oracle: the key spells the code's length out (a 7-day multiple counts in weeks).
    const unitNames: Record<string, string> = { D: 'Day', W: 'Week', M: 'Month', Y: 'Year' };
    const countNames: Record<number, string> = { 1: '', 2: 'Two', 3: 'Three', 6: 'Six' };
    const spelledOut = (code: string): string => {
      const [, digits, letter] = /^P(\d+)([DWMY])$/.exec(code) ?? [];
      let count = Number(digits);
      let unit = letter ?? '';
      if (unit === 'D' && count % 7 === 0) [count, unit] = [count / 7, 'W'];
      return `per${countNames[count]}${unitNames[unit]}${count === 1 ? '' : 's'}`;
    };
    for (const code of PERIOD_CODES) expect(periodLabelKey(code)).toBe(spelledOut(code));
    expect(new Set(PERIOD_CODES.map(periodLabelKey)).size).toBe(9);
    expect(periodLabelKey('P5D')).toBeNull();
    expect(periodLabelKey('__proto__')).toBeNull();
    expect(periodLabelKey(null as unknown as string)).toBeNull();
  });
});
