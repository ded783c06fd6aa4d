import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LicenceAmount } from '../contracts/licences.js';
import { choosePrice, decimalText, displayAmount, formatMoney, localAmounts, periodAmount } from './index.js';

const amount = (overrides: Partial<LicenceAmount>): LicenceAmount => ({ amount: 999, currency: 'GBP', scale: 2, ...overrides });

describe('displayAmount (§3 Money)', () => {
  it('divides by ten to the power scale', () => {
    expect(displayAmount({ amount: 1299, scale: 2 })).toBe(12.99);
    expect(displayAmount({ amount: 1299, scale: 0 })).toBe(1299);
    expect(displayAmount({ amount: 5, scale: 3 })).toBe(0.005);
    expect(displayAmount({ amount: -250, scale: 2 })).toBe(-2.5);
  });

  it('treats bad input as zero or a clamped scale, never throwing', () => {
    expect(displayAmount({ amount: Number.NaN, scale: 2 })).toBe(0);
    expect(displayAmount({ amount: 100, scale: -1 })).toBe(100);
    expect(displayAmount({ amount: 100, scale: Number.NaN })).toBe(100);
    expect(displayAmount(null as unknown as { amount: number; scale: number })).toBe(0);
  });

  it('round-trips for every scale 0–4 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 4 }), (minor, scale) => {
        expect(Math.round(displayAmount({ amount: minor, scale }) * 10 ** scale)).toBe(minor);
      }),
    );
  });
});

describe('decimalText', () => {
  it('writes the exact decimal with scale digits', () => {
    expect(decimalText(1299, 2)).toBe('12.99');
    expect(decimalText(5, 3)).toBe('0.005');
    expect(decimalText(-5, 2)).toBe('-0.05');
    expect(decimalText(1299, 0)).toBe('1299');
    expect(decimalText(0, 4)).toBe('0.0000');
  });
});

describe('formatMoney', () => {
  it('formats for the locale and currency with scale decimals', () => {
    expect(formatMoney({ amount: 1299, scale: 2, currency: 'GBP' }, 'en-GB')).toBe('£12.99');
    expect(formatMoney({ amount: 1299, scale: 2, currency: 'USD' }, 'en-US')).toBe('$12.99');
    expect(formatMoney({ amount: 129_900, scale: 2, currency: 'EUR' }, 'es')).toMatch(/^1\.?299,00\s€$/);
    expect(formatMoney({ amount: 1299, scale: 0, currency: 'JPY' }, 'en-US')).toBe('¥1,299');
    expect(formatMoney({ amount: 12345, scale: 3, currency: 'USD' }, 'en-US')).toBe('$12.345');
    expect(formatMoney({ amount: 0, scale: 2, currency: 'GBP' }, 'en-GB')).toBe('£0.00');
  });

  it('falls back to "value currency" when Intl refuses the locale or currency', () => {
    expect(formatMoney({ amount: 1299, scale: 2, currency: 'X1' }, 'en')).toBe('12.99 X1');
    expect(formatMoney({ amount: 1299, scale: 2, currency: 'EUR' }, 'not a locale!')).toBe('12.99 EUR');
    expect(formatMoney({ amount: 5, scale: 4, currency: '' }, 'en')).toBe('0.0005');
    expect(formatMoney(null as never, 'en')).toBe('');
  });

  it('shows exactly scale decimals and the amount\'s digits for every scale 0–4 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom('USD', 'GBP', 'EUR', 'JPY', 'BHD'),
        (minor, scale, currency) => {
          const text = formatMoney({ amount: minor, scale, currency }, 'en-US');
          const decimals = /\.(\d+)\D*$/.exec(text)?.[1] ?? '';
          expect(decimals.length).toBe(scale);
          expect(text.replace(/\D/g, '')).toBe(decimalText(minor, scale).replace(/\D/g, ''));
        },
      ),
    );
  });

  it('gives the same text from its caches as a fresh formatter, whatever the order of calls (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amount: fc.oneof(fc.integer({ min: -100_000, max: 100_000 }), fc.constant(-0)),
            scale: fc.integer({ min: 0, max: 3 }),
            currency: fc.constantFrom('GBP', 'EUR', 'JPY', 'XX'),
            locale: fc.constantFrom('en-GB', 'es', 'pt-BR', 'ar', 'bad locale!'),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (calls) => {
          for (const { locale, ...money } of calls) {
            let expected: string;
            try {
              const fresh = new Intl.NumberFormat(locale, {
                style: 'currency',
                currency: money.currency,
                minimumFractionDigits: money.scale,
                maximumFractionDigits: money.scale,
              });
              expected = fresh.format(money.amount / 10 ** money.scale);
            } catch {
              expected = `${decimalText(money.amount, money.scale)} ${money.currency}`;
            }
            expect(formatMoney(money, locale)).toBe(expected);
          }
        },
      ),
    );
    expect(formatMoney({ amount: -0, scale: 2, currency: 'GBP' }, 'en-GB')).toBe('-£0.00');
    expect(formatMoney({ amount: 0, scale: 2, currency: 'GBP' }, 'en-GB')).toBe('£0.00');
  });

  it('never throws on arbitrary money and locales (property)', () => {
    fc.assert(
      fc.property(
        fc.record({ amount: fc.oneof(fc.integer(), fc.double()), scale: fc.integer({ min: -3, max: 30 }), currency: fc.string() }),
        fc.string(),
        (money, locale) => {
          expect(typeof formatMoney(money, locale)).toBe('string');
        },
      ),
    );
  });
});

describe('choosePrice (§3 "local, else default, else zero")', () => {
  it('picks the local amount first', () => {
    const amounts = [amount({ amount: 1, default: true }), amount({ amount: 2, currency: 'EUR', local: true })];
    expect(choosePrice(amounts)).toEqual({ amount: 2, scale: 2, currency: 'EUR' });
  });

  it('falls back to the default amount', () => {
    const amounts = [amount({ amount: 1 }), amount({ amount: 3, currency: 'USD', scale: 3, default: true, sku: 's' })];
    expect(choosePrice(amounts)).toEqual({ amount: 3, scale: 3, currency: 'USD' });
  });

  it('falls back to zero in the first currency, or GBP', () => {
    expect(choosePrice([amount({ amount: 5, currency: 'EUR' })])).toEqual({ amount: 0, scale: 2, currency: 'EUR' });
    expect(choosePrice([])).toEqual({ amount: 0, scale: 2, currency: 'GBP' });
    expect(choosePrice(undefined)).toEqual({ amount: 0, scale: 2, currency: 'GBP' });
    expect(choosePrice('x' as never)).toEqual({ amount: 0, scale: 2, currency: 'GBP' });
    expect(choosePrice([null, amount({ amount: 4, local: true })] as never)).toEqual({ amount: 4, scale: 2, currency: 'GBP' });
  });

  it('always returns one of the local amounts, a default one, or zero (property)', () => {
    const arb = fc.array(
      fc.record({
        amount: fc.integer({ min: 0, max: 10_000 }),
        currency: fc.constantFrom('GBP', 'EUR'),
        scale: fc.integer({ min: 0, max: 4 }),
        local: fc.boolean(),
        default: fc.boolean(),
      }),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(arb, fc.array(fc.constantFrom(null, 7, 'x'), { maxLength: 2 }), fc.nat(), (amounts, junk, at) => {
        // Entries that are not objects, anywhere in the list, are skipped.
        const mixed = [...amounts];
        mixed.splice(at % (mixed.length + 1), 0, ...(junk as never[]));
        const price = choosePrice(mixed);
        const expected = amounts.find((a) => a.local) ?? amounts.find((a) => a.default);
        if (expected === undefined) {
          expect(price).toEqual({ amount: 0, scale: 2, currency: amounts[0]?.currency ?? 'GBP' });
        } else {
          expect(price).toEqual({ amount: expected.amount, scale: expected.scale, currency: expected.currency });
        }
      }),
    );
  });
});

describe('periodAmount', () => {
  it('gives the amount of a listed period, else null', () => {
    const a = amount({ periodAmounts: [{ period: 'P1M', amount: 999 }, { period: 'P1Y', amount: 9999 }] });
    expect(periodAmount(a, 'P1Y')).toBe(9999);
    expect(periodAmount(a, 'P1M')).toBe(999);
    expect(periodAmount(a, 'P1W')).toBeNull();
    expect(periodAmount(amount({}), 'P1M')).toBeNull();
    expect(periodAmount(null as never, 'P1M')).toBeNull();
  });
});

describe('localAmounts (§3 "A price picks the local amount")', () => {
  const gbp: LicenceAmount = { amount: 799, currency: 'GBP', scale: 2, local: true, default: false, sku: '101-gbp' };
  const eur: LicenceAmount = { amount: 899, currency: 'EUR', scale: 2, local: false, default: true, sku: '101-eur' };
  const brl = { amount: 2990, currency: 'BRL', scale: 2, local: false, default: false, sku: '101-brl', country: 'BR' } as LicenceAmount;

  it("makes the caller country's amount the local one; other callers keep the realm's flags", () => {
    expect(choosePrice(localAmounts([gbp, eur, brl], 'BR'))).toEqual({ amount: 2990, scale: 2, currency: 'BRL' });
    expect(choosePrice(localAmounts([gbp, eur, brl], ' br '))).toEqual({ amount: 2990, scale: 2, currency: 'BRL' });
    expect(choosePrice(localAmounts([gbp, eur, brl], 'GB'))).toEqual({ amount: 799, scale: 2, currency: 'GBP' });
    expect(choosePrice(localAmounts([gbp, eur], 'BR'))).toEqual({ amount: 799, scale: 2, currency: 'GBP' });
    expect(localAmounts([gbp, eur, brl], 'BR').map((a) => a.local)).toEqual([false, false, true]);
    expect(localAmounts(undefined, 'BR')).toEqual([]);
    expect(localAmounts([gbp], null as never)).toEqual([gbp]);
  });

  const amountArb = fc.record({
    amount: fc.integer({ min: 0, max: 10_000_000 }),
    currency: fc.constantFrom('GBP', 'EUR', 'BRL', 'USD'),
    scale: fc.constant(2),
    local: fc.boolean(),
    default: fc.boolean(),
    country: fc.option(fc.constantFrom('GB', 'BR', 'de', 'ES'), { nil: undefined }),
  }) as fc.Arbitrary<LicenceAmount>;

  it('at most the first amount of the country is local; the price is its amount, else the unchanged choice (property)', () => {
    fc.assert(
      fc.property(fc.array(amountArb, { maxLength: 6 }), fc.constantFrom('GB', 'BR', 'DE', 'ES', 'FR'), (amounts, country) => {
        const before = structuredClone(amounts);
        const seen = localAmounts(amounts, country);
        expect(amounts).toEqual(before);
        const mine = amounts.find((a) => (a as { country?: string }).country?.toUpperCase() === country);
        if (mine) {
          expect(seen.filter((a) => a.local === true)).toHaveLength(1);
          expect(choosePrice(seen)).toEqual({ amount: mine.amount, scale: mine.scale, currency: mine.currency });
        } else {
          expect(seen).toEqual(amounts);
          expect(choosePrice(seen)).toEqual(choosePrice(amounts));
        }
      }),
    );
  });
});
