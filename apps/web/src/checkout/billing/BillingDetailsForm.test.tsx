import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CheckoutContext, Country } from '@stream/core/contracts';
import { labelFor } from '@stream/core/domain';
import type { LabelsApi } from '@stream/core/machines';
import { I18nProvider } from '../../app/context';
import { BillingDetailsForm, type BillingDetailsFormProps } from './BillingDetailsForm';

const LABELS = fileURLToPath(new URL('../../../../sandbox/src/seed/labels/', import.meta.url));
const texts: Record<string, string> = {
  ...(JSON.parse(readFileSync(`${LABELS}en.json`, 'utf8')) as Record<string, string>),
  ...(JSON.parse(readFileSync(`${LABELS}billing/en.json`, 'utf8')) as Record<string, string>),
};
const labels: LabelsApi = {
  status: 'ready',
  t: (key, fallback) => labelFor(texts, key, fallback),
  isKnownKey: (key) => Object.hasOwn(texts, key),
  locale: 'en',
  defaultLocale: 'en',
  locales: ['en'],
  dir: 'ltr',
  retry: () => undefined,
};

const COUNTRIES: Country[] = [
  { name: 'United Kingdom', iso3166alpha2: 'GB', addressRequiredFields: [{ fieldName: 'postalCode', label: 'Postcode' }] },
  {
    name: 'Brazil',
    iso3166alpha2: 'BR',
    addressRequiredFields: [
      { fieldName: 'administrativeLevel1', label: 'Estado', acceptableValues: [{ value: 'SP', displayName: 'São Paulo' }] },
      { fieldName: 'postalCode', label: 'CEP' },
      { fieldName: 'taxNumber', label: 'CPF' },
    ],
  },
];
const FIELDS: CheckoutContext['fields'] = [
  { id: 'taxNumber', type: 'taxNumber', functionalPurpose: ['PURCHASE'], addressCountryRestriction: { restrictionType: 'whitelist', elements: ['BR'] } },
  { id: 'birthDate', type: 'birthDate', functionalPurpose: ['PURCHASE'], addressCountryRestriction: { restrictionType: 'whitelist', elements: ['BR'] } },
];

function render(props: Partial<BillingDetailsFormProps>): string {
  const all: BillingDetailsFormProps = {
    missingFields: ['postalCode', 'taxNumber'],
    country: 'BR',
    countries: COUNTRIES,
    fields: FIELDS,
    purpose: 'PURCHASE',
    busy: false,
    onSubmit: () => undefined,
    onCancel: () => undefined,
    ...props,
  };
  return renderToStaticMarkup(
    <I18nProvider language="en" labels={labels}>
      <BillingDetailsForm {...all} />
    </I18nProvider>,
  );
}

/** The markup parsed, to check its elements and attributes whatever the renderer's spelling. */
function parse(html: string) {
  const template = new Window().document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** The visible text of an HTML fragment, in document order. */
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('BillingDetailsForm (markup)', () => {
  it('shows the heading, why, the country and the missing fields in their order, with no error before a submit', () => {
    const html = render({ missingFields: ['taxNumber', 'administrativeLevel1', 'postalCode'] });
    const form = parse(html).firstElementChild;
    expect(form?.tagName).toBe('FORM');
    expect(form?.hasAttribute('novalidate')).toBe(true);
    const shown = text(html);
    expect(shown).toMatch(/^Billing details Your payment needs a few more details/);
    expect(shown.indexOf('Tax number (CPF)')).toBeLessThan(shown.indexOf('Estado'));
    expect(shown.indexOf('Estado')).toBeLessThan(shown.indexOf('CEP'));
    expect(form?.querySelector('option[value="BR"][selected]')?.textContent).toBe('Brazil');
    expect(form?.querySelector('input[inputmode="numeric"]')).not.toBeNull();
    expect(shown).toContain('11 digits, written 000.000.000-00.');
    expect(form?.querySelector('[aria-invalid]')).toBeNull();
    expect(shown).toContain('Save and pay');
    expect(shown).toContain('Cancel');
  });

  it('hides the tax number of a buyer the restricted-field rule does not allow (a GB buyer)', () => {
    const html = render({ country: 'GB' });
    expect(text(html)).toContain('Postcode');
    expect(text(html)).not.toMatch(/Tax number|CPF/);
  });

  it('shows the date as one fieldset with a legend and day, month, year in the locale order', () => {
    const shown = text(render({ missingFields: ['birthDate'] }));
    expect(shown).toContain('Date of birth Day Month Year');
    expect(render({ missingFields: ['birthDate'] })).toMatch(/<fieldset class="date-input"><legend>Date of birth<\/legend>/);
  });

  it('shows the phone with a calling-code dropdown named by country, the flag hidden from screen readers', () => {
    const html = render({ missingFields: ['phoneNumber'] });
    const region = parse(html).querySelector('select.phone-field__region');
    expect(region?.querySelector('option[value="BR"][selected]')?.textContent).toBe('Brazil (+55)');
    expect(region?.querySelector('option[value="GB"]:not([selected])')?.textContent).toBe('United Kingdom (+44)');
    expect(parse(html).querySelector('span.phone-field__flag[aria-hidden="true"]')?.textContent).toBe('\u{1F1E7}\u{1F1F7}');
    expect(parse(html).querySelector('input[type="tel"]')).not.toBeNull();
  });

  it('fills the form again from the values given before, and shows progress while busy', () => {
    const html = render({ initialValues: { postalCode: '01310-100', taxNumber: '12345678901' }, busy: true });
    expect(html).toContain('value="123.456.789-01"');
    expect(html).toContain('value="01310-100"');
    expect(text(html)).toContain('Paying…');
    expect(parse(html).querySelector('button[type="submit"][disabled][aria-busy="true"]')).not.toBeNull();
  });
});
