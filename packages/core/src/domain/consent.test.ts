import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { consentAnswers, initialConsentChecks, isConsentValid, type ConsentTerm } from './index.js';

const terms: ConsentTerm[] = [
  { fieldName: 'intro', fieldType: 'INFORMATION_TEXT', text: 'Read this', required: true },
  { fieldName: 'terms', fieldType: 'BINARY_CHOICE', label: 'I accept the terms', required: true },
  { fieldName: 'marketing', fieldType: 'BINARY_CHOICE', label: 'Send me news', required: false, defaultValue: 'TRUE' },
  { fieldName: 'age', fieldType: 'AGE_CHECK', label: 'I am 18', required: true, defaultValue: true },
];

describe('initialConsentChecks', () => {
  it('ticks the terms whose default value is true, skipping information text', () => {
    expect(initialConsentChecks(terms)).toEqual({ terms: false, marketing: true, age: true });
    expect(initialConsentChecks([{ fieldName: 'x', fieldType: 'BINARY_CHOICE', defaultValue: 'false' }])).toEqual({ x: false });
    expect(initialConsentChecks(null as never)).toEqual({});
  });
});

describe('isConsentValid', () => {
  it('needs every required term that is not INFORMATION_TEXT ticked', () => {
    expect(isConsentValid(terms, initialConsentChecks(terms))).toBe(false);
    expect(isConsentValid(terms, { terms: true, age: true })).toBe(true);
    expect(isConsentValid(terms, { terms: true, age: false })).toBe(false);
    expect(isConsentValid(terms, { terms: 'true' as never, age: true })).toBe(false);
    expect(isConsentValid([], {})).toBe(true);
    expect(isConsentValid([terms[0]!], {})).toBe(true);
    expect(isConsentValid(terms, null as never)).toBe(false);
  });

  const term = fc.record({
    fieldName: fc.constantFrom('a', 'b', 'c', 'd'),
    fieldType: fc.constantFrom('INFORMATION_TEXT', 'BINARY_CHOICE', 'OTHER'),
    required: fc.option(fc.boolean(), { nil: undefined }),
  });

  it('is valid exactly when no required checkbox is left unticked (property)', () => {
    fc.assert(
      fc.property(fc.array(term), fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.boolean()), (list, checked) => {
        const blocking = list.filter((t) => t.required === true && t.fieldType !== 'INFORMATION_TEXT' && checked[t.fieldName] !== true);
        expect(isConsentValid(list, checked)).toBe(blocking.length === 0);
        // Ticking everything always makes the form valid.
        expect(isConsentValid(list, { a: true, b: true, c: true, d: true })).toBe(true);
      }),
    );
  });
});

describe('consentAnswers', () => {
  it('answers each BINARY_CHOICE term once, in order', () => {
    expect(consentAnswers(terms, { terms: true })).toEqual([
      { fieldName: 'terms', answer: true },
      { fieldName: 'marketing', answer: false },
    ]);
    expect(consentAnswers([...terms, { fieldName: 'terms', fieldType: 'BINARY_CHOICE' }], { terms: true, marketing: true })).toEqual([
      { fieldName: 'terms', answer: true },
      { fieldName: 'marketing', answer: true },
    ]);
    expect(consentAnswers(undefined as never, {})).toEqual([]);
  });
});
