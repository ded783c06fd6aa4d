/**
 * The purchase journey applies the plan-change rules (docs/api.md "Plan changes"; commerce §4
 * "Selectable"; identity §4 entry mode UPGRADE) through its `licenceHeld` guard and `choose` action.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Licence } from '../../contracts/licences.js';
import { connectPurchaseJourney, purchaseJourneyMachine, type PurchaseJourneyInput } from '../index.js';

const BASIC: Licence = { id: '101', name: 'Sports Basic', family: 'sports', rank: 1 };
const PREMIUM: Licence = { id: '102', name: 'Sports Premium', family: 'sports', rank: 2 };
const held = (l: Licence): Licence => ({ ...l, status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING' });

function start(input: Partial<PurchaseJourneyInput>) {
  const actor = createActor(purchaseJourneyMachine, { input: { entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: true, ...input } }).start();
  return () => connectPurchaseJourney(actor.getSnapshot(), actor.send);
}

describe('purchaseJourney plan changes', () => {
  it('refuses a licence the account holds active: stays on the plans with licenceAlreadyActive', () => {
    const view = start({ licences: [held(PREMIUM), BASIC] });
    view().selectPackage(PREMIUM.id);
    expect(view()).toMatchObject({ step: 'PACKAGE_SELECTION', refusal: 'licenceAlreadyActive', licenceId: null });
    // Another plan clears the refusal.
    const other = start({ licences: [held(BASIC), PREMIUM, { id: '201', name: 'Cinema', family: 'cinema', rank: 1 }] });
    other().selectPackage(BASIC.id);
    other().selectPackage('201');
    expect(other()).toMatchObject({ step: 'PAYMENT_PAGE', refusal: null, licenceId: '201', upgrade: false });
  });

  it('a signed-in start with a held licence in the address goes to the plans, not to payment', () => {
    const view = start({ licenceId: PREMIUM.id, licences: [held(PREMIUM)] });
    expect(view()).toMatchObject({ step: 'PACKAGE_SELECTION', refusal: 'licenceAlreadyActive' });
  });

  it('after signing in as its holder, the reloaded plans send the payment page back to the plans', () => {
    const view = start({ signedIn: false, licenceId: PREMIUM.id, licences: [BASIC, PREMIUM] });
    expect(view().step).toBe('LOGIN');
    view().authDone();
    expect(view().step).toBe('PAYMENT_PAGE');
    view().licencesLoaded([BASIC, PREMIUM]); // not held: stays
    expect(view().step).toBe('PAYMENT_PAGE');
    view().licencesLoaded([BASIC, held(PREMIUM)]);
    expect(view()).toMatchObject({ step: 'PACKAGE_SELECTION', refusal: 'licenceAlreadyActive' });
  });

  it('choosing a higher plan of a held family is an upgrade (entry mode UPGRADE)', () => {
    const view = start({ licences: [held(BASIC), PREMIUM] });
    expect(view().upgrade).toBe(false);
    view().selectPackage(PREMIUM.id);
    expect(view()).toMatchObject({ step: 'PAYMENT_PAGE', upgrade: true });
    // An UPGRADE entry mode from the input words the journey too.
    expect(start({ entryMode: 'UPGRADE' })().upgrade).toBe(true);
  });
});
