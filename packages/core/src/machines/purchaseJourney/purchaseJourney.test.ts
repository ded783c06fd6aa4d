import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectPurchaseJourney, purchaseJourneyMachine, type PurchaseJourneyInput } from '../index.js';

const terms = [{ fieldName: 'tos', fieldType: 'BINARY_CHOICE', required: true }];

function start(input: PurchaseJourneyInput) {
  const actor = createActor(purchaseJourneyMachine, { input }).start();
  const view = () => connectPurchaseJourney(actor.getSnapshot(), actor.send);
  return { actor, view };
}

describe('purchaseJourney', () => {
  it('guest purchase: PACKAGE_SELECTION → LOGIN → CONSENT → PAYMENT_PAGE → CREDIT_CARD_PAYMENT → PAYMENT_COMPLETE', () => {
    const { view, actor } = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: false, consentTerms: terms });
    const steps = [view().step];
    view().selectPackage('lic-9');
    steps.push(view().step);
    view().authDone();
    steps.push(view().step);
    view().acceptConsent({ tos: false });
    expect(view().step).toBe('CONSENT');
    view().acceptConsent({ tos: true });
    steps.push(view().step);
    view().chooseMethod('card');
    steps.push(view().step);
    view().paymentDone();
    steps.push(view().step);
    expect(steps).toEqual(['PACKAGE_SELECTION', 'LOGIN', 'CONSENT', 'PAYMENT_PAGE', 'CREDIT_CARD_PAYMENT', 'PAYMENT_COMPLETE']);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({ signedIn: true, licenceId: 'lic-9', paymentMethod: 'card', consentChecked: { tos: true } });
  });

  it('sign-up flow: SIGNUP → CONSENT → PACKAGE_SELECTION → PAYMENT_PAGE', () => {
    const { view } = start({ entryMode: 'SIGNUP', flowType: 'signup', signedIn: false, consentTerms: terms });
    const steps = [view().step];
    view().authDone();
    steps.push(view().step);
    view().acceptConsent({ tos: true });
    steps.push(view().step);
    view().selectPackage('lic-3');
    steps.push(view().step);
    expect(steps).toEqual(['SIGNUP', 'CONSENT', 'PACKAGE_SELECTION', 'PAYMENT_PAGE']);
  });

  it('without consent terms the CONSENT step is skipped', () => {
    const withLicence = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: false, licenceId: 'lic-1' });
    expect(withLicence.view().step).toBe('LOGIN');
    withLicence.view().authDone(null);
    expect(withLicence.view().step).toBe('PAYMENT_PAGE');
    const signingUp = start({ entryMode: 'SIGNUP', flowType: 'signup', signedIn: false, consentTerms: [] });
    signingUp.view().authDone();
    expect(signingUp.view().step).toBe('PACKAGE_SELECTION');
  });

  it('entry mode SIGNUP starts at SIGNUP; auth.switch swaps LOGIN and SIGNUP', () => {
    const { view } = start({ entryMode: 'SIGNUP', flowType: 'signup', signedIn: false, consentTerms: terms });
    expect(view().step).toBe('SIGNUP');
    view().switchAuth();
    expect(view().step).toBe('LOGIN');
    view().switchAuth();
    expect(view().step).toBe('SIGNUP');
    view().authDone();
    expect(view().step).toBe('CONSENT');
  });

  it('consent with a licence already chosen goes to PAYMENT_PAGE', () => {
    const { view } = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: false, licenceId: 'lic-1', consentTerms: terms });
    view().authDone();
    expect(view().step).toBe('CONSENT');
    view().acceptConsent({ tos: true });
    expect(view().step).toBe('PAYMENT_PAGE');
  });

  it('signed in: PACKAGE_SELECTION, or PAYMENT_PAGE with a chosen licence; paypal and new methods', () => {
    const a = start({ entryMode: 'UPGRADE', flowType: 'purchase', signedIn: true });
    expect(a.view().step).toBe('PACKAGE_SELECTION');
    const b = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: true, licenceId: 'lic-2' });
    expect(b.view().step).toBe('PAYMENT_PAGE');
    b.view().chooseMethod('paypal');
    expect(b.view().step).toBe('PAYPAL_PAYMENT');
    b.view().back();
    expect(b.view()).toMatchObject({ step: 'PAYMENT_PAGE', paymentMethod: null });
    b.view().chooseMethod('new');
    expect(b.view().step).toBe('NEW_PAYMENT');
    b.view().paymentDone();
    expect(b.view().step).toBe('PAYMENT_COMPLETE');
  });

  it('terms for every buyer: a signed-in buyer whose required consent is not recorded gets CONSENT, once', () => {
    // With a licence chosen (from the query): CONSENT first, then the payment page.
    const a = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: true, licenceId: 'lic-2', consentTerms: terms });
    expect(a.view().step).toBe('CONSENT');
    a.view().acceptConsent({ tos: false });
    expect(a.view().step).toBe('CONSENT');
    a.view().acceptConsent({ tos: true });
    expect(a.view().step).toBe('PAYMENT_PAGE');
    expect(a.actor.getSnapshot().context.consentChecked).toEqual({ tos: true });
    // Choosing on the plans: CONSENT, then back on the plans another choice goes straight to pay.
    const b = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: true, consentTerms: terms });
    b.view().selectPackage('lic-3');
    expect(b.view().step).toBe('CONSENT');
    b.view().acceptConsent({ tos: true });
    expect(b.view().step).toBe('PAYMENT_PAGE');
    b.view().back();
    b.view().selectPackage('lic-4');
    expect(b.view().step).toBe('PAYMENT_PAGE');
    // An account that has accepted the terms goes straight to pay.
    const c = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: true, licenceId: 'lic-2', consentTerms: terms, acceptedConsents: ['tos'] });
    expect(c.view().step).toBe('PAYMENT_PAGE');
    const d = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: true, consentTerms: terms, acceptedConsents: ['tos'] });
    d.view().selectPackage('lic-3');
    expect(d.view().step).toBe('PAYMENT_PAGE');
    // Optional terms alone never stop a buyer.
    const e = start({
      entryMode: 'ACCOUNT',
      flowType: 'purchase',
      signedIn: true,
      licenceId: 'lic-2',
      consentTerms: [{ fieldName: 'news', fieldType: 'BINARY_CHOICE', required: false }],
    });
    expect(e.view().step).toBe('PAYMENT_PAGE');
  });

  it('a zero balance pays from the payment page', () => {
    const { view } = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: true, licenceId: 'lic-2' });
    view().paymentDone();
    expect(view().step).toBe('PAYMENT_COMPLETE');
  });

  it('blocked: the given reason, or the domain reason from the visitor facts; back exits', () => {
    const a = start({ entryMode: 'SIGNUP', flowType: 'signup', signedIn: false, blockReason: 'vpnErrorMessage' });
    expect(a.view()).toMatchObject({ step: null, blocked: true, blockReason: 'vpnErrorMessage' });
    a.view().authDone();
    expect(a.view().blocked).toBe(true);
    a.view().back();
    expect(a.view().exited).toBe(true);

    const b = start({
      entryMode: 'ACCOUNT',
      flowType: 'purchase',
      signedIn: true,
      visitor: { isChildProfile: true, inAllowedTerritory: true, onVpn: false, realmAllowsVpn: false },
    });
    expect(b.view()).toMatchObject({ blocked: true, blockReason: 'kidPurchasePermissionDenied' });

    const c = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: false, licenceId: 'lic-1' });
    expect(c.view().step).toBe('LOGIN');
    c.view().authDone('kidPurchasePermissionDenied');
    expect(c.view()).toMatchObject({ blocked: true, blockReason: 'kidPurchasePermissionDenied' });
  });

  it('a sign-in-only flow is never blocked and ends at signedIn', () => {
    const { view } = start({
      entryMode: 'ACCOUNT',
      flowType: 'signin_to_watch',
      signedIn: false,
      licenceId: 'lic-1',
      blockReason: 'signupGeoRestriction',
    });
    expect(view().step).toBe('LOGIN');
    view().authDone();
    expect(view()).toMatchObject({ signedIn: true, step: null });
    const login = start({ entryMode: 'SIGNUP', flowType: 'login', signedIn: false });
    login.view().authDone('kidPurchasePermissionDenied');
    expect(login.view().signedIn).toBe(true);
  });

  it('back walks the steps back and exits from the first one', () => {
    const { view } = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: true });
    view().selectPackage('lic-1');
    view().chooseMethod('card');
    const seen: Array<string | null> = [];
    for (let i = 0; i < 3; i += 1) {
      view().back();
      seen.push(view().step);
    }
    expect(seen).toEqual(['PAYMENT_PAGE', 'PACKAGE_SELECTION', null]);
    expect(view().exited).toBe(true);

    for (const first of [
      start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: false }),
      start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: false, licenceId: 'lic-1' }),
      start({ entryMode: 'SIGNUP', flowType: 'signup', signedIn: false }),
    ]) {
      first.view().back();
      expect(first.view().exited).toBe(true);
    }
    const consent = start({ entryMode: 'SIGNUP', flowType: 'signup', signedIn: false, consentTerms: terms });
    consent.view().authDone();
    expect(consent.view().step).toBe('CONSENT');
    consent.view().back();
    expect(consent.view().exited).toBe(true);
  });

  it('events out of step do nothing', () => {
    const { view } = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: false, licenceId: 'lic-1', consentTerms: terms });
    view().selectPackage('x');
    view().chooseMethod('card');
    view().paymentDone();
    view().acceptConsent({ tos: true });
    expect(view()).toMatchObject({ step: 'LOGIN', licenceId: 'lic-1' });
    const plans = start({ entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: false });
    plans.view().authDone();
    plans.view().chooseMethod('card');
    plans.view().acceptConsent({});
    expect(plans.view().step).toBe('PACKAGE_SELECTION');
  });
});
