import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { flattenLabelsByLocale, missingLabelKeys } from './index.js';

const table = fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }));

describe('labelSets', () => {
  it('flattenLabelsByLocale: the selected text, else the default one, else nothing', () => {
    const flat = flattenLabelsByLocale({ ar: { a: 'أ', b: '' }, en: { a: 'A', b: 'B', c: 'C' } }, 'ar', 'en');
    expect(flat).toEqual({ a: 'أ', b: 'B', c: 'C' });
    expect(flattenLabelsByLocale({ en: { a: 'A' } }, 'xx', 'yy')).toEqual({});
    expect(flattenLabelsByLocale({ en: { a: 'A' } }, 'constructor', 'toString')).toEqual({});
    const proto = flattenLabelsByLocale({ en: JSON.parse('{"__proto__":"P"}') as Record<string, string> }, 'en', 'en');
    expect(Object.hasOwn(proto, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });

  it('flattenLabelsByLocale: every key of either locale with a non-empty text, the selected one winning', () => {
    fc.assert(
      fc.property(table, table, (selected, fallback) => {
        const flat = flattenLabelsByLocale({ s: selected, f: fallback }, 's', 'f');
        for (const [key, text] of Object.entries(flat)) {
          expect(text).not.toBe('');
          expect(text).toBe(Object.hasOwn(selected, key) && selected[key] !== '' ? selected[key] : fallback[key]);
        }
        for (const key of [...Object.keys(selected), ...Object.keys(fallback)]) {
          if ((selected[key] ?? '') !== '' || (fallback[key] ?? '') !== '') expect(Object.hasOwn(flat, key)).toBe(true);
        }
      }),
    );
  });

  it('missingLabelKeys: each wanted key neither known nor asked, once, in order', () => {
    expect(missingLabelKeys(['a', 'b', 'a', 'c', '', 'd'], { b: 'B' }, new Set(['c']))).toEqual(['a', 'd']);
    expect(missingLabelKeys(['a', 'constructor'], {}, { a: true })).toEqual(['constructor']);
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 })), table, fc.array(fc.string({ maxLength: 4 })), (wanted, known, asked) => {
        const missing = missingLabelKeys(wanted, known, new Set(asked));
        expect(new Set(missing).size).toBe(missing.length);
        for (const key of missing) {
          expect(wanted).toContain(key);
          expect(Object.hasOwn(known, key) || asked.includes(key) || key === '').toBe(false);
        }
        for (const key of wanted) {
          if (key !== '' && !Object.hasOwn(known, key) && !asked.includes(key)) expect(missing).toContain(key);
        }
      }),
    );
  });
});
