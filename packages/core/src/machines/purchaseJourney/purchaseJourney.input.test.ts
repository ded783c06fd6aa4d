import { describe, expect, it } from 'vitest';
import type { LicenceFamily } from '../../contracts/licences.js';
import { journeyEntryMode, journeyInput, journeyPhases, phaseOf, queryWithLicence, readCheckoutQuery } from '../index.js';
import { checkoutContextOf } from '../test-helpers.js';

const context = checkoutContextOf;

const families = [
  {
    id: 'sports',
    licences: [
      { id: '101', name: 'Sports Basic', status: 'ACTIVE' },
      { id: '102', name: 'Sports Premium' },
    ],
  },
  { id: 'cinema', licences: [{ id: '201', name: 'Cinema' }] },
] as unknown as LicenceFamily[];

describe('readCheckoutQuery', () => {
  it('reads licenceId, a safe from and the sign-up entry', () => {
    expect(readCheckoutQuery('?licenceId=102&from=%2Faccount&entry=signup')).toEqual({
      licenceId: '102',
      from: '/account',
      signUpEntry: true,
    });
    expect(readCheckoutQuery('licenceId=&from=https://evil.example')).toEqual({ licenceId: null, from: null, signUpEntry: false });
    expect(readCheckoutQuery('from=//evil.example').from).toBeNull();
  });

  it('queryWithLicence sets or removes licenceId and keeps the rest', () => {
    const query = new URLSearchParams(queryWithLicence('from=%2Fhome&licenceId=1', '102'));
    expect(query.get('licenceId')).toBe('102');
    expect(query.get('from')).toBe('/home');
    expect(queryWithLicence('licenceId=1&from=%2Fhome', null)).toBe('from=%2Fhome');
  });
});

describe('journeyEntryMode and journeyInput', () => {
  it('SIGNUP from the sign-up link, UPGRADE when the chosen family holds an active licence, else ACCOUNT', () => {
    expect(journeyEntryMode(readCheckoutQuery('entry=signup&licenceId=102'), families)).toBe('SIGNUP');
    expect(journeyEntryMode(readCheckoutQuery('licenceId=102'), families)).toBe('UPGRADE');
    expect(journeyEntryMode(readCheckoutQuery('licenceId=201'), families)).toBe('ACCOUNT');
    expect(journeyEntryMode(readCheckoutQuery(''), families)).toBe('ACCOUNT');
    expect(journeyEntryMode(readCheckoutQuery('licenceId=999'), families)).toBe('ACCOUNT');
  });

  it('builds the machine input with the block reason of the context', () => {
    expect(journeyInput(readCheckoutQuery('licenceId=201'), true, context(), families)).toEqual({
      entryMode: 'ACCOUNT',
      flowType: 'purchase',
      signedIn: true,
      licenceId: '201',
      consentTerms: context().consentTerms,
      acceptedConsents: [],
      blockReason: null,
    });
    // The consents the account has accepted reach the machine.
    expect(journeyInput(readCheckoutQuery('licenceId=201'), true, context({ recordedConsents: ['terms'] }), families).acceptedConsents).toEqual(['terms']);
    expect(journeyInput(readCheckoutQuery(''), true, context({ isChildProfile: true }), families).blockReason).toBe(
      'kidPurchasePermissionDenied',
    );
    expect(journeyInput(readCheckoutQuery(''), false, context({ inAllowedTerritory: false }), families).blockReason).toBe(
      'signupGeoRestriction',
    );
  });
});

describe('journeyPhases and phaseOf', () => {
  const base = { entryMode: 'ACCOUNT', flowType: 'purchase', consentTerms: context().consentTerms } as const;
  it('orders the phases by who starts the journey, without terms when there are none', () => {
    // A signed-in buyer accepts the terms while a required one is not yet recorded.
    const required = base.consentTerms.filter((t) => t.required === true && t.fieldType !== 'INFORMATION_TEXT').map((t) => t.fieldName);
    expect(required.length).toBeGreaterThan(0);
    expect(journeyPhases({ ...base, signedIn: true })).toEqual(['plan', 'terms', 'payment']);
    expect(journeyPhases({ ...base, signedIn: true, acceptedConsents: required })).toEqual(['plan', 'payment']);
    expect(journeyPhases({ ...base, signedIn: false })).toEqual(['plan', 'account', 'terms', 'payment']);
    expect(journeyPhases({ ...base, entryMode: 'SIGNUP', signedIn: false })).toEqual(['account', 'terms', 'plan', 'payment']);
    expect(journeyPhases({ ...base, signedIn: false, consentTerms: [] })).toEqual(['plan', 'account', 'payment']);
  });

  it('maps every step to its phase; the confirmation to none', () => {
    expect(phaseOf('LOGIN')).toBe('account');
    expect(phaseOf('SIGNUP')).toBe('account');
    expect(phaseOf('CONSENT')).toBe('terms');
    expect(phaseOf('PACKAGE_SELECTION')).toBe('plan');
    for (const step of ['PAYMENT_PAGE', 'CREDIT_CARD_PAYMENT', 'PAYPAL_PAYMENT', 'NEW_PAYMENT'] as const) expect(phaseOf(step)).toBe('payment');
    expect(phaseOf('PAYMENT_COMPLETE')).toBeNull();
  });
});
