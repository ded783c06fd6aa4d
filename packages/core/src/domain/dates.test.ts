import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { format } from 'date-fns';
import { ar } from 'date-fns/locale/ar';
import { enGB } from 'date-fns/locale/en-GB';
import { es } from 'date-fns/locale/es';
import { pt } from 'date-fns/locale/pt';
import {
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

  it('keeps each locale\'s texts apart in its memo, whatever the order of calls (property)', () => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const day = fc.integer({ min: 0, max: 20_000 }).map((n) => Date.UTC(2000, 0, 1) + n * 86_400_000);
    fc.assert(
      fc.property(fc.array(fc.tuple(day, fc.constantFrom('en-gb', 'en', 'es')), { minLength: 1, maxLength: 40 }), (calls) => {
        for (const [ms, locale] of calls) {
          const d = new Date(ms);
          const [month, date, year] = [months[d.getUTCMonth()]!, d.getUTCDate(), d.getUTCFullYear()];
          const text = formatDisplayDate(ms, locale);
          if (locale === 'en-gb') expect(text).toMatch(new RegExp(`^${date}(st|nd|rd|th) ${month}, ${year}$`));
          else if (locale === 'en') expect(text).toMatch(new RegExp(`^${month} ${date}(st|nd|rd|th), ${year}$`));
          else expect(text).toMatch(new RegExp(`^\\S+ ${date}º, ${year}$`));
        }
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

/**
 * The formats as date-fns 4 wrote them before dates.ts dropped it (date-fns stays a dev
 * dependency for this oracle only): LL with the en-US, en-GB, es, pt or ar locale, L, on the local
 * noon of the UTC calendar day.
 */
function dateFnsOracle(ms: number, locale: string | null): { ll: string; l: string } {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return { ll: '', l: '' };
  const utc = new Date(ms);
  if (Number.isNaN(utc.getTime())) return { ll: '', l: '' };
  const day = new Date(2000, 0, 1, 12, 0, 0, 0);
  day.setFullYear(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
  if (Number.isNaN(day.getTime())) return { ll: '', l: '' };
  const tag = typeof locale === 'string' ? locale.trim().replace(/_/g, '-').toLowerCase() : '';
  const language = tag.split('-')[0];
  const dateLocale = tag === 'en-gb' ? enGB : language === 'es' ? es : language === 'pt' ? pt : language === 'ar' ? ar : undefined;
  const pattern = tag === 'en-gb' ? 'do MMM, yyyy' : 'MMM do, yyyy';
  return {
    ll: dateLocale === undefined ? format(day, pattern) : format(day, pattern, { locale: dateLocale }),
    l: format(day, 'dd/MM/yyyy'),
  };
}

describe('formatDisplayDate and formatShortDate against date-fns (oracle)', () => {
  const locales = ['en', 'en-gb', 'en-GB', ' en_GB ', 'en-us', 'es', 'es-MX', 'pt', 'pt-BR', 'ar', 'ar-EG', 'zz', '', null];
  const instants = fc.oneof(
    fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 }),
    fc.integer({ min: -100_000_000_000_000, max: 100_000_000_000_000 }),
    fc.integer({ min: -3_000_000_000_000, max: 5_000_000_000_000 }),
    fc.constantFrom(8_640_000_000_000_000, -8_640_000_000_000_000, 8_639_999_999_999_999, -62_135_596_800_000, -62_198_755_200_000),
    fc.double(),
  );

  it('writes every instant as date-fns did, in every locale (property)', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...locales), (ms, locale) => {
        const expected = dateFnsOracle(ms, locale);
        expect(formatDisplayDate(ms, locale as string)).toBe(expected.ll);
        expect(formatShortDate(ms)).toBe(expected.l);
      }),
      { numRuns: 3000 },
    );
  });

  it('writes every day of a year as date-fns did (all ordinals and months)', () => {
    for (const locale of ['en', 'en-gb', 'es', 'pt', 'ar']) {
      for (let day = 0; day < 366; day += 1) {
        const ms = Date.UTC(2024, 0, 1) + day * 86_400_000;
        expect(formatDisplayDate(ms, locale)).toBe(dateFnsOracle(ms, locale).ll);
      }
    }
  });

  it('agrees at the ends of the range in other machine zones', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        process.env.TZ = tz;
        for (const ms of [8_640_000_000_000_000, 8_639_990_000_000_000, -8_640_000_000_000_000, -8_639_990_000_000_000]) {
          expect(formatShortDate(ms)).toBe(dateFnsOracle(ms, 'en').l);
        }
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
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

/**
 * The regular-expression reading `parseIsoTimestamp` had before it was written character by
 * character (for speed): kept here as the oracle the new one must agree with.
 */
function referenceIsoTimestamp(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2})))?$/.exec(value);
  if (match === null) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', , sign, oh = '0', om = '0'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [offsetHours, offsetMinutes] = [Number(oh), Number(om)];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCDate() !== day) return null;
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const offset = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return date.getTime() + ((hour * 60 + minute) * 60 + second) * 1000 + millis - (sign === undefined ? 0 : offset);
}

describe('parseIsoTimestamp against the regular-expression reading', () => {
  const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
  const nearIso = fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
      two(13),
      two(32),
      fc.option(
        fc.tuple(
          two(25),
          two(61),
          fc.option(fc.tuple(two(61), fc.option(fc.stringMatching(/^\d{0,11}$/), { nil: undefined })), { nil: undefined }),
          fc.constantFrom('Z', '', 'z', '+', '-').chain((zone) =>
            zone === '+' || zone === '-' ? fc.tuple(two(25), two(61)).map(([h, m]) => `${zone}${h}:${m}`) : fc.constant(zone),
          ),
        ),
        { nil: undefined },
      ),
    )
    .map(([year, month, day, time]) => {
      if (time === undefined) return `${year}-${month}-${day}`;
      const [hour, minute, seconds, zone] = time;
      const tail = seconds === undefined ? '' : `:${seconds[0]}${seconds[1] === undefined ? '' : `.${seconds[1]}`}`;
      return `${year}-${month}-${day}T${hour}:${minute}${tail}${zone}`;
    });
  /** A near-ISO string with one character replaced, inserted or removed. */
  const mutated = fc.tuple(nearIso, fc.nat(), fc.constantFrom('', '0', '9', '-', ':', 'T', 'Z', '.', '+', ' ', 'x', '١')).map(
    ([text, at, char]) => {
      const i = at % (text.length + 1);
      return at % 3 === 0 ? text.slice(0, i) + char + text.slice(i) : text.slice(0, i) + char + text.slice(i + 1);
    },
  );

  it('agrees on near-ISO strings, mutated ones and arbitrary strings (property)', () => {
    fc.assert(
      fc.property(fc.oneof(nearIso, mutated, fc.string({ maxLength: 40 }), fc.stringMatching(/^[0-9T:.Z+-]{0,36}$/)), (text) => {
        expect(parseIsoTimestamp(text)).toBe(referenceIsoTimestamp(text));
      }),
      { numRuns: 2000 },
    );
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
