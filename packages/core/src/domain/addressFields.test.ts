import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addressFieldsFor, validateAddress } from './index.js';
import { SPAIN_WITH_ODD_FIELDS as spain } from './test-helpers.js';

describe('addressFieldsFor', () => {
  it('turns the country requirements into required fields, dropdowns for listed values', () => {
    expect(addressFieldsFor(spain)).toEqual([
      { fieldName: 'line1', label: 'Address', required: true },
      { fieldName: 'postalCode', label: 'postalCode', required: true },
      {
        fieldName: 'administrativeLevel1',
        label: 'Province',
        required: true,
        options: [
          { value: 'M', label: 'Madrid' },
          { value: 'B', label: 'Barcelona' },
        ],
      },
    ]);
    expect(addressFieldsFor(undefined)).toEqual([]);
    expect(addressFieldsFor({ name: 'Germany', iso3166alpha2: 'DE' })).toEqual([]);
    expect(addressFieldsFor({ name: 'X', iso3166alpha2: 'XX', addressRequiredFields: [{ fieldName: 'a', acceptableValues: [] }] })).toEqual([
      { fieldName: 'a', label: 'a', required: true },
    ]);
  });
});

describe('validateAddress', () => {
  const fields = addressFieldsFor(spain);

  it('keys messages {fieldName}FieldIsRequired and {fieldName}FieldIsInvalid', () => {
    expect(validateAddress(fields, {})).toEqual({
      line1: 'line1FieldIsRequired',
      postalCode: 'postalCodeFieldIsRequired',
      administrativeLevel1: 'administrativeLevel1FieldIsRequired',
    });
    expect(validateAddress(fields, { line1: 'Calle Mayor 1', postalCode: '   ', administrativeLevel1: 'Madrid' })).toEqual({
      postalCode: 'postalCodeFieldIsRequired',
      administrativeLevel1: 'administrativeLevel1FieldIsInvalid',
    });
    expect(validateAddress(fields, { line1: 'Calle Mayor 1', postalCode: '28013', administrativeLevel1: 'M', other: '' })).toEqual({});
    expect(validateAddress(fields, null as never)).toEqual(validateAddress(fields, {}));
    expect(validateAddress(null as never, {})).toEqual({});
  });

  it('answers one of the two keys, or nothing, for any value (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('line1', 'postalCode', 'administrativeLevel1'), fc.oneof(fc.string(), fc.constantFrom('M', 'B'))), (values) => {
        const errors = validateAddress(fields, values);
        for (const field of fields) {
          const value = (values[field.fieldName] ?? '').trim();
          const expected =
            value === '' ? `${field.fieldName}FieldIsRequired` : field.options && !['M', 'B'].includes(value) ? `${field.fieldName}FieldIsInvalid` : undefined;
          expect(errors[field.fieldName]).toBe(expected);
        }
      }),
    );
  });
});
