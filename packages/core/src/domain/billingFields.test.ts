import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CheckoutContext } from '../contracts/checkout.js';
import {
  billingValues,
  flagEmoji,
  initialBillingState,
  planBillingFields,
  restrictedDecision,
  stillInvalid,
  validateBilling,
  type BillingPlanInput,
  type BillingState,
} from './index.js';
import { TEST_COUNTRIES as COUNTRIES } from './test-helpers.js';

const TAX_FIELD = {
  id: 'cpf',
  type: 'taxNumber',
  functionalPurpose: ['PURCHASE'],
  addressCountryRestriction: { restrictionType: 'whitelist' as const, elements: ['BR'] },
};
const BIRTH_FIELD = { id: 'dob', type: 'birthDate', required: false, functionalPurpose: 'PURCHASE' };

const input = (over: Partial<BillingPlanInput> = {}): BillingPlanInput => ({
  missingFields: ['postalCode', 'taxNumber'],
  originalCountry: 'BR',
  country: 'BR',
  countries: COUNTRIES,
  fields: [TAX_FIELD],
  purpose: 'PURCHASE',
  ...over,
});

const state = (over: Partial<BillingState> = {}): BillingState => ({
  country: 'BR',
  text: {},
  date: { year: '', month: '', day: '' },
  phone: { region: 'BR', number: '' },
  ...over,
});

describe('planBillingFields', () => {
  it('asks for the missing fields in their order, with the country labels, the tax number Brazilian and required', () => {
    const entries = planBillingFields(input({ missingFields: ['taxNumber', 'country', 'postalCode', 'postalCode'] }));
    expect(entries).toEqual([
      { kind: 'taxNumber', name: 'taxNumber', label: 'CPF', required: true, brazilian: true },
      { kind: 'address', name: 'postalCode', field: { fieldName: 'postalCode', label: 'CEP', required: true } },
    ]);
  });

  it('hides a restricted field the rule does not allow (purpose, country) and shows one without a provider field', () => {
    expect(planBillingFields(input({ purpose: 'MARKETING' })).map((e) => e.name)).toEqual(['postalCode']);
    expect(planBillingFields(input({ missingFields: ['taxNumber'], originalCountry: 'ES', country: 'ES' }))).toEqual([]);
    expect(planBillingFields(input({ fields: [] })).map((e) => e.name)).toEqual(['postalCode', 'taxNumber']);
  });

  it('makes a restricted field optional when the rule shows it without requiring it', () => {
    const [birth] = planBillingFields(input({ missingFields: ['birthDate'], fields: [BIRTH_FIELD] }));
    expect(birth).toEqual({ kind: 'date', name: 'birthDate', required: false });
    expect(restrictedDecision('birthDate', [BIRTH_FIELD], 'OTHER', 'BR')).toEqual({ visible: false, required: false });
  });

  it('re-derives the address fields when the buyer chooses another country', () => {
    const us = planBillingFields(input({ country: 'US' }));
    expect(us.map((e) => e.name)).toEqual(['postalCode', 'administrativeLevel1']);
    expect(us[1]).toMatchObject({ kind: 'address', field: { label: 'State', options: [{ value: 'NY', label: 'New York' }] } });
    expect(planBillingFields(input({ country: 'GB' })).map((e) => e.name)).toEqual(['postalCode']);
    const toBrazil = planBillingFields(input({ missingFields: ['phoneNumber'], originalCountry: 'ES', fields: [TAX_FIELD, BIRTH_FIELD] }));
    expect(toBrazil.map((e) => e.name)).toEqual(['phoneNumber', 'postalCode', 'taxNumber']);
  });

  it('renders fields the country does not list as free text named by the field, and the phone', () => {
    expect(planBillingFields(input({ missingFields: ['line1', 'phoneNumber'] }))).toEqual([
      { kind: 'address', name: 'line1', field: { fieldName: 'line1', label: 'line1', required: true } },
      { kind: 'phone', name: 'phoneNumber', required: true },
    ]);
  });
});

describe('validateBilling', () => {
  const entries = planBillingFields(input({ missingFields: ['postalCode', 'taxNumber', 'birthDate', 'phoneNumber'], fields: [TAX_FIELD] }));

  it('reports every empty required field with its {fieldName}FieldIsRequired key', () => {
    expect(validateBilling(entries, state({ country: '' }))).toEqual({
      country: 'countryFieldIsRequired',
      postalCode: 'postalCodeFieldIsRequired',
      taxNumber: 'taxNumberFieldIsRequired',
      birthDate: 'birthDateFieldIsRequired',
      phoneNumber: 'phoneNumberFieldIsRequired',
    });
  });

  it('refuses a short Brazilian tax number, an incomplete date and an unreadable phone', () => {
    const errors = validateBilling(
      entries,
      state({ text: { postalCode: '01310-100', taxNumber: '123.456.789-0' }, date: { year: '1990', month: '', day: '4' }, phone: { region: 'BR', number: '12' } }),
    );
    expect(errors).toEqual({ taxNumber: 'taxNumberFieldIsInvalid', birthDate: 'birthDateFieldIsRequired', phoneNumber: 'phoneNumberFieldIsInvalid' });
  });

  it('accepts complete values and an optional empty date, but not an optional half-typed one', () => {
    const valid = state({
      text: { postalCode: '01310-100', taxNumber: '123.456.789-09' },
      date: { year: '1990', month: '1', day: '15' },
      phone: { region: 'BR', number: '11 91234 5678' },
    });
    expect(validateBilling(entries, valid)).toEqual({});
    const optional = planBillingFields(input({ missingFields: ['birthDate'], fields: [BIRTH_FIELD] }));
    expect(validateBilling(optional, state())).toEqual({});
    expect(validateBilling(optional, state({ date: { year: '', month: '2', day: '' } }))).toEqual({ birthDate: 'birthDateFieldIsInvalid' });
  });

  it('checks a dropdown address value against its options', () => {
    const us = planBillingFields(input({ country: 'US' }));
    expect(validateBilling(us, state({ country: 'US', text: { postalCode: '10001', administrativeLevel1: 'XX' } }))).toEqual({
      administrativeLevel1: 'administrativeLevel1FieldIsInvalid',
    });
  });
});

describe('stillInvalid', () => {
  it('drops the errors of corrected fields, updates the others and adds none', () => {
    const shown = { postalCode: 'postalCodeFieldIsRequired', taxNumber: 'taxNumberFieldIsRequired' };
    expect(stillInvalid(shown, { taxNumber: 'taxNumberFieldIsInvalid', city: 'cityFieldIsRequired' })).toEqual({ taxNumber: 'taxNumberFieldIsInvalid' });
    expect(stillInvalid(shown, { ...shown })).toBe(shown);
    expect(stillInvalid(shown, {})).toEqual({});
  });
});

describe('billingValues', () => {
  it('sends the platform field names: the formatted tax number, birthDate, E.164 phone, and country only when changed', () => {
    const entries = planBillingFields(input({ missingFields: ['postalCode', 'taxNumber', 'date', 'phoneNumber'] }));
    const values = billingValues(
      entries,
      state({
        text: { postalCode: ' 01310-100 ', taxNumber: '123.456.789-09', ignored: 'x' },
        date: { year: '1990', month: '1', day: '5' },
        phone: { region: 'GB', number: '+44 07911 123456' },
      }),
      'BR',
    );
    expect(values).toEqual({ postalCode: '01310-100', taxNumber: '123.456.789-09', birthDate: '1990-01-05', phoneNumber: '+447911123456' });
    const gb = planBillingFields(input({ country: 'GB' }));
    expect(billingValues(gb, state({ country: 'GB', text: { postalCode: 'SW1A 1AA' } }), 'BR')).toEqual({ country: 'GB', postalCode: 'SW1A 1AA' });
  });
});

describe('initialBillingState', () => {
  it('fills the form again from the values sent before', () => {
    const values = { country: 'br', postalCode: '01310-100', taxNumber: '12345678909', birthDate: '1990-01-05', phoneNumber: '+5511912345678' };
    expect(initialBillingState('GB', values)).toEqual({
      country: 'BR',
      text: { postalCode: '01310-100', taxNumber: '123.456.789-09' },
      date: { year: '1990', month: '01', day: '05' },
      phone: { region: 'BR', number: '11912345678' },
    });
    expect(initialBillingState('gb')).toEqual(state({ country: 'GB', phone: { region: 'GB', number: '' } }));
  });
});

describe('flagEmoji', () => {
  it('builds the regional-indicator pair of an alpha-2 code', () => {
    expect(flagEmoji('br')).toBe('\u{1F1E7}\u{1F1F7}');
    expect(flagEmoji('GBR')).toBe('');
  });
});

describe('properties', () => {
  const FIELD_NAMES = ['postalCode', 'line1', 'city', 'administrativeLevel1', 'taxNumber', 'birthDate', 'date', 'phoneNumber', 'country'];
  const fieldName = fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string());
  const countryCode = fc.oneof(fc.constantFrom('BR', 'br', ' GB ', 'US', 'ES', 'FR', ''), fc.string());
  const providerField = fc.record({
    id: fc.string({ minLength: 1 }),
    type: fc.oneof(fc.constantFrom('taxNumber', 'birthDate', 'date', 'text'), fc.string()),
    required: fc.option(fc.boolean(), { nil: undefined }),
    functionalPurpose: fc.option(fc.oneof(fc.string(), fc.array(fc.constantFrom('PURCHASE', 'MARKETING', ''))), { nil: undefined }),
    addressCountryRestriction: fc.option(
      fc.record({ restrictionType: fc.constantFrom('whitelist' as const, 'blacklist' as const), elements: fc.array(countryCode) }),
      { nil: undefined },
    ),
  });
  const planInput = fc.record({
    missingFields: fc.array(fieldName, { maxLength: 12 }),
    originalCountry: countryCode,
    country: countryCode,
    countries: fc.constant(COUNTRIES),
    fields: fc.array(providerField, { maxLength: 4 }) as fc.Arbitrary<CheckoutContext['fields']>,
    purpose: fc.oneof(fc.constantFrom('PURCHASE', 'purchase', 'MARKETING'), fc.string()),
  });

  it('planBillingFields never throws, never lists a field twice, and keeps the listed order of the same country', () => {
    fc.assert(
      fc.property(planInput, (plan) => {
        const entries = planBillingFields(plan);
        const names = entries.map((e) => e.name);
        expect(new Set(names).size).toBe(names.length);
        for (const name of names) expect(name.trim()).not.toBe('');
        if (plan.country.trim().toUpperCase() === plan.originalCountry.trim().toUpperCase()) {
          expect(names).not.toContain('country');
          const listed = [...new Set(plan.missingFields.filter((n) => n.trim() !== '' && n !== 'country'))];
          expect(names).toEqual(listed.filter((n) => names.includes(n)));
        }
      }),
    );
  });

  it('billingValues never builds a blank value, whatever the buyer typed', () => {
    const typed = fc.oneof(fc.string(), fc.constantFrom('', '   ', '01310-100', '123.456.789-01', '11 91234 5678', '+44 07911 123456'));
    const datePart = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('', '1990', '1', '15', '31', '02'));
    fc.assert(
      fc.property(
        planInput,
        fc.dictionary(fc.constantFrom(...FIELD_NAMES), typed),
        fc.record({ year: datePart, month: datePart, day: datePart }),
        fc.record({ region: countryCode, number: typed }),
        (plan, text, date, phone) => {
          const entries = planBillingFields(plan);
          const values = billingValues(entries, { country: plan.country, text, date, phone }, plan.originalCountry);
          for (const value of Object.values(values)) expect(value.trim()).not.toBe('');
          const sendable = new Set([...entries.map((e) => (e.kind === 'date' ? 'birthDate' : e.name)), 'country']);
          for (const key of Object.keys(values)) expect(sendable.has(key)).toBe(true);
        },
      ),
      // A field named like an Object.prototype member ("valueOf") once produced a function value.
      {
        examples: [
          [
            { missingFields: ['valueOf', 'toString'], originalCountry: '', country: '', countries: COUNTRIES, fields: [], purpose: '' },
            {},
            { year: '', month: '', day: '' },
            { region: 'BR', number: '' },
          ],
        ],
      },
    );
  });
});
