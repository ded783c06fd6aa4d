import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  authoringLocale,
  formatDisplayDate,
  formatDuration,
  formatShortDate,
  parseIsoTimestamp,
  utcDayNumber,
} from './index.js';

const NOV_22_2026_LATE = Date.UTC(2026, 10, 22, 23, 59, 59);
const NOV_22_2026_EARLY = Date.UTC(2026, 10, 22, 0, 0, 0);

describe('formatDisplayDate', () => {
  it('uses the LL formats of §9: en-gb day first, en and others month first', () => {
    expect(formatDisplayDate(NOV_22_2026_LATE, 'en-gb')).toBe('22nd Nov, 2026');
    expect(formatDisplayDate(NOV_22_2026_LATE, 'en-GB')).toBe('22nd Nov, 2026');
    expect(formatDisplayDate(NOV_22_2026_LATE, 'en_GB')).toBe('22nd Nov, 2026');
    expect(formatDisplayDate(NOV_22_2026_LATE, 'en')).toBe('Nov 22nd, 2026');
    expect(formatDisplayDate(NOV_22_2026_LATE, 'en-us')).toBe('Nov 22nd, 2026');
    expect(formatDisplayDate(Date.UTC(2026, 0, 1), 'en')).toBe('Jan 1st, 2026');
    expect(formatDisplayDate(Date.UTC(2026, 4, 3), 'en-gb')).toBe('3rd May, 2026');
    expect(formatDisplayDate(NOV_22_2026_LATE, 'zz')).toBe('Nov 22nd, 2026');
    expect(formatDisplayDate(NOV_22_2026_LATE, '')).toBe('Nov 22nd, 2026');
  });

  it('uses the month names of es, pt and ar', () => {
    expect(formatDisplayDate(NOV_22_2026_LATE, 'es')).toBe('nov 22º, 2026');
    expect(formatDisplayDate(NOV_22_2026_LATE, 'pt-BR')).toBe('nov 22º, 2026');
    expect(formatDisplayDate(NOV_22_2026_LATE, 'ar')).toBe('نوفمبر 22, 2026');
  });

  it('shows the UTC calendar day at both ends of the day, whatever the machine zone', () => {
    const zone = process.env.TZ;
    try {
      // A different year per zone, so that no zone reads a date formatted (and memoised) in another.
      ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Pacific/Pago_Pago'].forEach((tz, i) => {
        process.env.TZ = tz;
        const year = 2031 + i;
        expect(formatDisplayDate(Date.UTC(year, 10, 22, 0, 0, 0), 'en')).toBe(`Nov 22nd, ${year}`);
        expect(formatDisplayDate(Date.UTC(year, 10, 22, 23, 59, 59), 'en-gb')).toBe(`22nd Nov, ${year}`);
        expect(formatShortDate(Date.UTC(year, 10, 22, 23, 59, 59))).toBe(`22/11/${year}`);
        expect(formatShortDate(Date.UTC(year, 10, 22, 0, 0, 0))).toBe(`22/11/${year}`);
      });
      // The zone change must have taken effect, or this test proves nothing.
      process.env.TZ = 'Pacific/Kiritimati';
      expect(new Date(NOV_22_2026_LATE).getDate()).toBe(23);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('agrees with the UTC calendar day for every instant (property)', () => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000_000_000, max: 8_000_000_000_000 }), (ms) => {
        const d = new Date(ms);
        const text = formatDisplayDate(ms, 'en-gb');
        expect(text.startsWith(String(d.getUTCDate()))).toBe(true);
        expect(text).toContain(` ${months[d.getUTCMonth()]}, ${String(d.getUTCFullYear()).padStart(4, '0')}`);
        expect(formatShortDate(ms)).toBe(
          `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCFullYear()).padStart(4, '0')}`,
        );
      }),
    );
  });

  it('gives an empty text for instants that are not dates', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 9e15, -9e15]) {
      expect(formatDisplayDate(bad, 'en')).toBe('');
      expect(formatShortDate(bad)).toBe('');
    }
    expect(formatDisplayDate('x' as unknown as number, 'en')).toBe('');
    expect(formatDisplayDate(NOV_22_2026_LATE, null as unknown as string)).toBe('Nov 22nd, 2026');
  });
});

describe('formatShortDate', () => {
  it('is DD/MM/YYYY (§9 L)', () => {
    expect(formatShortDate(NOV_22_2026_LATE)).toBe('22/11/2026');
    expect(formatShortDate(Date.UTC(2026, 0, 5))).toBe('05/01/2026');
  });
});

describe('formatDuration', () => {
  it('is HH:mm:ss with hours, mm:ss without (§9)', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(59.9)).toBe('00:59');
    expect(formatDuration(61)).toBe('01:01');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3600)).toBe('01:00:00');
    expect(formatDuration(3723)).toBe('01:02:03');
    expect(formatDuration(360_000)).toBe('100:00:00');
    expect(formatDuration(-5)).toBe('00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('00:00');
  });

  it('round-trips whole seconds (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seconds) => {
        const parts = formatDuration(seconds).split(':').map(Number);
        expect(parts.length).toBe(seconds >= 3600 ? 3 : 2);
        expect(parts.reduce((total, part) => total * 60 + part, 0)).toBe(seconds);
      }),
    );
  });
});

describe('authoringLocale', () => {
  it('maps en-us to en and leaves other locales alone (§9)', () => {
    expect(authoringLocale('en-us')).toBe('en');
    expect(authoringLocale('en-US')).toBe('en');
    expect(authoringLocale('en_US')).toBe('en');
    expect(authoringLocale('en-gb')).toBe('en-gb');
    expect(authoringLocale('es')).toBe('es');
    expect(authoringLocale(undefined as unknown as string)).toBe('');
  });
});

describe('parseIsoTimestamp', () => {
  it('reads UTC and offset date-times and dates', () => {
    expect(parseIsoTimestamp('2026-11-22T08:00:00Z')).toBe(Date.UTC(2026, 10, 22, 8));
    expect(parseIsoTimestamp('2026-11-22T08:00:00.5Z')).toBe(Date.UTC(2026, 10, 22, 8, 0, 0, 500));
    expect(parseIsoTimestamp('2026-11-22T08:00:00.123456789Z')).toBe(Date.UTC(2026, 10, 22, 8, 0, 0, 123));
    expect(parseIsoTimestamp('2026-11-22T08:00Z')).toBe(Date.UTC(2026, 10, 22, 8));
    expect(parseIsoTimestamp('2026-11-22T08:00:00+01:00')).toBe(Date.UTC(2026, 10, 22, 7));
    expect(parseIsoTimestamp('2026-11-22T08:00:00-05:30')).toBe(Date.UTC(2026, 10, 22, 13, 30));
    expect(parseIsoTimestamp('2026-11-22')).toBe(Date.UTC(2026, 10, 22));
    expect(parseIsoTimestamp('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
  });

  it('refuses zone-less date-times, impossible dates and other formats', () => {
    for (const bad of [
      '2026-11-22T08:00:00',
      '2026-02-31T00:00:00Z',
      '2025-02-29',
      '2026-13-01',
      '2026-11-22T24:00:00Z',
      '2026-11-22T08:60:00Z',
      '22/11/2026',
      'Sun Nov 22 2026',
      '',
      ' 2026-11-22',
      null,
      undefined,
      42,
      {},
    ]) {
      expect(parseIsoTimestamp(bad)).toBeNull();
    }
  });

  it('round-trips toISOString and never throws (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(parseIsoTimestamp(new Date(ms).toISOString())).toBe(ms);
      }),
    );
    fc.assert(fc.property(fc.anything(), (value) => {
      const result = parseIsoTimestamp(value);
      expect(result === null || Number.isFinite(result)).toBe(true);
    }));
  });
});

describe('utcDayNumber', () => {
  it('counts UTC days since the epoch', () => {
    expect(utcDayNumber(0)).toBe(0);
    expect(utcDayNumber(86_399_999)).toBe(0);
    expect(utcDayNumber(86_400_000)).toBe(1);
    expect(utcDayNumber(-1)).toBe(-1);
    expect(utcDayNumber(Number.NaN)).toBeNaN();
  });
});
