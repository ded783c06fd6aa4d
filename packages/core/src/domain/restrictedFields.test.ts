import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { restrictedFieldRule, type ProviderField } from './index.js';

const taxNumber = (extra: Partial<ProviderField> = {}): ProviderField => ({ id: 'taxNumber', type: 'taxNumber', ...extra });

describe('restrictedFieldRule', () => {
  it('shows a Brazilian tax number for a whitelisted purchase and makes it required', () => {
    const field = taxNumber({
      functionalPurpose: ['PURCHASE'],
      addressCountryRestriction: { restrictionType: 'whitelist', elements: ['BR'] },
    });
    expect(restrictedFieldRule(field, { purpose: 'PURCHASE', country: 'BR' })).toEqual({ visible: true, required: true });
    expect(restrictedFieldRule(field, { purpose: 'purchase', country: 'br' })).toEqual({ visible: true, required: true });
    expect(restrictedFieldRule(field, { purpose: 'PURCHASE', country: 'GB' })).toEqual({ visible: false, required: false });
    expect(restrictedFieldRule(field, { purpose: 'REGISTRATION', country: 'BR' })).toEqual({ visible: false, required: false });
  });

  it('hides a blacklisted country and keeps the field requirement elsewhere', () => {
    const field: ProviderField = {
      id: 'dob',
      type: 'birthDate',
      functionalPurpose: 'REGISTRATION, PURCHASE',
      addressCountryRestriction: { restrictionType: 'blacklist', elements: ['de'] },
    };
    expect(restrictedFieldRule(field, { purpose: 'PURCHASE', country: 'DE' })).toEqual({ visible: false, required: false });
    expect(restrictedFieldRule(field, { purpose: 'PURCHASE', country: 'ES' })).toEqual({ visible: true, required: false });
    expect(restrictedFieldRule({ ...field, required: true }, { purpose: 'REGISTRATION', country: 'ES' })).toEqual({
      visible: true,
      required: true,
    });
  });

  it('always allows other fields, required as the field says', () => {
    const phone: ProviderField = {
      id: 'phone',
      type: 'phoneNumber',
      required: true,
      functionalPurpose: ['NOTHING'],
      addressCountryRestriction: { restrictionType: 'whitelist', elements: [] },
    };
    expect(restrictedFieldRule(phone, { purpose: 'PURCHASE', country: 'GB' })).toEqual({ visible: true, required: true });
    expect(restrictedFieldRule({ id: 'n', type: 'name' }, { purpose: '', country: '' })).toEqual({ visible: true, required: false });
  });

  it('treats a missing restriction as none, an empty whitelist as nobody, and never throws', () => {
    expect(restrictedFieldRule(taxNumber(), { purpose: 'X', country: 'BR' })).toEqual({ visible: true, required: false });
    expect(
      restrictedFieldRule(taxNumber({ addressCountryRestriction: { restrictionType: 'whitelist', elements: [] } }), { purpose: 'X', country: 'BR' }),
    ).toEqual({ visible: false, required: false });
    expect(
      restrictedFieldRule(taxNumber({ addressCountryRestriction: { restrictionType: 'whitelist', elements: ['BR'] } }), { purpose: 'X', country: '' }),
    ).toEqual({ visible: false, required: false });
    expect(restrictedFieldRule(null as never, { purpose: 'X', country: 'BR' })).toEqual({ visible: false, required: false });
    expect(restrictedFieldRule(taxNumber({ required: true }), null as never)).toEqual({ visible: true, required: true });
  });

  // The truth table of identity-and-routes.md §5, written out: restriction × listed → outcome.
  const countryTable = {
    none: { listed: 'field', unlisted: 'field' },
    whitelist: { listed: 'required', unlisted: 'hidden' },
    blacklist: { listed: 'hidden', unlisted: 'field' },
  } as const;

  it('matches the whitelist/blacklist truth table for every combination', () => {
    const types = ['birthDate', 'date', 'taxNumber', 'text', 'phoneNumber'];
    const purposeSpecs = ['absent', 'empty', 'listed', 'unlisted', 'listedString', 'unlistedString'] as const;
    const restrictions = ['none', 'whitelist', 'blacklist'] as const;
    const requireds = [true, false, undefined];
    let cases = 0;
    for (const type of types)
      for (const purposeSpec of purposeSpecs)
        for (const restriction of restrictions)
          for (const listed of [true, false])
            for (const required of requireds)
              for (const lowerCountry of [true, false]) {
                const functionalPurpose = {
                  absent: undefined,
                  empty: [],
                  listed: ['SIGNUP', 'PURCHASE'],
                  unlisted: ['SIGNUP'],
                  listedString: 'PURCHASE',
                  unlistedString: 'SIGNUP',
                }[purposeSpec];
                const field: ProviderField = {
                  id: 'f',
                  type,
                  ...(required === undefined ? {} : { required }),
                  ...(functionalPurpose === undefined ? {} : { functionalPurpose }),
                  ...(restriction === 'none'
                    ? {}
                    : { addressCountryRestriction: { restrictionType: restriction, elements: listed ? ['FR', 'BR'] : ['FR'] } }),
                };
                const country = lowerCountry ? 'br' : 'BR';
                const restricted = ['birthDate', 'date', 'taxNumber'].includes(type);
                const purposeOk = !['unlisted', 'unlistedString'].includes(purposeSpec);
                const outcome = !restricted ? 'field' : !purposeOk ? 'hidden' : countryTable[restriction][listed ? 'listed' : 'unlisted'];
                const expected = {
                  field: { visible: true, required: required === true },
                  required: { visible: true, required: true },
                  hidden: { visible: false, required: false },
                }[outcome];
                expect(restrictedFieldRule(field, { purpose: 'PURCHASE', country }), JSON.stringify({ field, country })).toEqual(expected);
                cases += 1;
              }
    expect(cases).toBe(5 * 6 * 3 * 2 * 3 * 2);
  });

  it('never requires a hidden field and compares countries case-insensitively (property)', () => {
    const code = fc.stringMatching(/^[A-Za-z]{2}$/);
    fc.assert(
      fc.property(
        fc.constantFrom('birthDate', 'date', 'taxNumber', 'text'),
        fc.option(fc.array(fc.constantFrom('A', 'B', 'purchase')), { nil: undefined }),
        fc.constantFrom('whitelist', 'blacklist') as fc.Arbitrary<'whitelist' | 'blacklist'>,
        fc.array(code, { maxLength: 4 }),
        code,
        fc.option(fc.boolean(), { nil: undefined }),
        (type, functionalPurpose, restrictionType, elements, country, required) => {
          const field: ProviderField = { id: 'f', type, required, functionalPurpose, addressCountryRestriction: { restrictionType, elements } };
          const decision = restrictedFieldRule(field, { purpose: 'PURCHASE', country });
          if (!decision.visible) expect(decision.required).toBe(false);
          expect(restrictedFieldRule(field, { purpose: 'Purchase', country: country.toLowerCase() })).toEqual(
            restrictedFieldRule(field, { purpose: 'PURCHASE', country: country.toUpperCase() }),
          );
        },
      ),
    );
  });
});
