import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { acceptedConsents, consentAnswers, consentPending, initialConsentChecks, isConsentValid, type ConsentTerm } from './index.js';

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

describe('consentPending (every buyer whose required consents are not recorded)', () => {
  const terms: ConsentTerm[] = [
    { fieldName: 'terms', fieldType: 'BINARY_CHOICE', required: true },
    { fieldName: 'marketing', fieldType: 'BINARY_CHOICE', required: false },
    { fieldName: 'privacy', fieldType: 'INFORMATION_TEXT', required: true },
  ];

  it('is pending until every required checkbox is recorded as accepted', () => {
    expect(consentPending(terms, [])).toBe(true);
    expect(consentPending(terms, undefined)).toBe(true);
    expect(consentPending(terms, ['marketing', 'privacy'])).toBe(true);
    expect(consentPending(terms, ['terms'])).toBe(false);
    expect(consentPending([], [])).toBe(false);
    expect(acceptedConsents([{ fieldName: 'terms', answer: true }, { fieldName: 'marketing', answer: false }, { fieldName: 'terms', answer: true }])).toEqual(['terms']);
    expect(acceptedConsents(null)).toEqual([]);
  });

  const termArb = fc.record({
    fieldName: fc.constantFrom('a', 'b', 'c', 'd'),
    fieldType: fc.constantFrom('BINARY_CHOICE', 'INFORMATION_TEXT', 'OTHER'),
    required: fc.boolean(),
  });

  it('recording the answers of a valid consent form leaves nothing pending (property)', () => {
    fc.assert(
      fc.property(fc.array(termArb, { maxLength: 6 }), fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.boolean()), (list, checked) => {
        const answers = list.map((t) => ({ fieldName: t.fieldName, answer: checked[t.fieldName] === true }));
        const recorded = acceptedConsents(answers);
        // The form is valid exactly when, once its answers are recorded, nothing is pending.
        expect(consentPending(list, recorded)).toBe(!isConsentValid(list, checked));
        // More accepted names never make consent pending again.
        expect(consentPending(list, [...recorded, 'a', 'b', 'c', 'd'])).toBe(false);
      }),
    );
  });
});
