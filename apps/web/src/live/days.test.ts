import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, comingDays } from './days';

describe('comingDays', () => {
  it('gives consecutive distinct days from today in the zone, across DST changes', () => {
    const zones = ['UTC', 'Europe/Madrid', 'America/New_York', 'Pacific/Auckland', 'Asia/Kolkata'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) }), fc.constantFrom(...zones), (now, zone) => {
        const days = comingDays(now, zone, 14);
        expect(days).toHaveLength(14);
        expect(new Set(days).size).toBe(14);
        days.slice(1).forEach((day, i) => expect(day).toBe(addDays(days[i]!, 1)));
        expect(days[0]).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now));
      }),
    );
  });

  it('crosses months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('is empty for an instant that is not finite', () => {
    expect(comingDays(Number.NaN, 'UTC', 14)).toEqual([]);
  });
});
