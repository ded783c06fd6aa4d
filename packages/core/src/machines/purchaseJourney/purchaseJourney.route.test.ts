/**
 * The purchase journey on the PURCHASE route: it loads its data, checks the account after the
 * embedded sign-in, keeps the chosen licence in the address, leaves through the navigation and
 * schedules downgrades (identity-and-routes.md §4; commerce-and-account-data.md §2, §6;
 * docs/api.md "Plan changes"). Actors are fakes (`.provide()`), except where the default actors
 * are checked against a fake client.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorLogic } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { LicenceFamily } from '../../contracts/licences.js';
import { memoryNavigation } from '../../platform/index.js';
import {
  connectPurchaseJourney,
  JourneyLoadError,
  purchaseJourneyMachine,
  readCheckoutQuery,
  type AccountCheck,
  type JourneyLoad,
  type PurchaseJourneySnapshot,
} from '../index.js';
import { checkoutContextOf, fakeActor, fakeApi } from '../test-helpers.js';

const checkoutContext = checkoutContextOf;

const plans = (held: string[] = []): LicenceFamily[] =>
  [
    {
      id: 'sports',
      licences: [
        { id: '101', name: 'Sports Basic', family: 'sports', rank: 1 },
        { id: '102', name: 'Sports Premium', family: 'sports', rank: 2 },
      ].map((l) => (held.includes(l.id) ? { ...l, status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING' } : l)),
    },
  ] as unknown as LicenceFamily[];

const loaded = (load: Partial<JourneyLoad> = {}) => fakeActor<unknown, JourneyLoad>(() => ({ context: checkoutContext(), families: plans(), ...load }));

/** The journey of `/purchase<search>` for a viewer signed in or not, with these fake actors. */
function route(search: string, signedIn: boolean, actors: Record<string, AnyActorLogic> = {}, gift = false) {
  const navigation = memoryNavigation(`/purchase${search}`);
  const machine = purchaseJourneyMachine.provide({ actors } as Parameters<typeof purchaseJourneyMachine.provide>[0]);
  const actor = createActor(machine, {
    input: { route: { ...readCheckoutQuery(search), gift }, signedIn, api: fakeApi(), navigation, locale: 'en' },
  }).start();
  const view = () => connectPurchaseJourney(actor.getSnapshot(), actor.send);
  const settled = (s: PurchaseJourneySnapshot) => !s.matches('start') && !s.matches('loading');
  return { actor, view, navigation, settled };
}

describe('purchaseJourney on the PURCHASE route: its data', () => {
  it('loads the context and the plans, then starts from them', async () => {
    const load = loaded();
    const { actor, view, settled } = route('?licenceId=102&from=%2Faccount', false, { loadJourney: load.logic });
    expect(view()).toMatchObject({ loading: true, step: null });
    await waitFor(actor, settled);
    expect(load.calls).toHaveLength(1);
    expect(view()).toMatchObject({
      loading: false,
      step: 'LOGIN',
      licenceId: '102',
      from: '/account',
      families: plans(),
      phases: ['plan', 'account', 'terms', 'payment'],
      phase: 'account',
      consentTerms: checkoutContext().consentTerms,
    });
  });

  it('a holder of a plan of the chosen family starts with an upgrade; a blocked buyer sees the modal', async () => {
    const upgrade = route('?licenceId=102', true, { loadJourney: loaded({ families: plans(['101']) }).logic });
    await waitFor(upgrade.actor, upgrade.settled);
    expect(upgrade.view()).toMatchObject({ step: 'CONSENT', upgrade: true });

    const child = route('', true, { loadJourney: loaded({ context: checkoutContext({ isChildProfile: true }) }).logic });
    await waitFor(child.actor, child.settled);
    expect(child.view()).toMatchObject({ blocked: true, blockReason: 'kidPurchasePermissionDenied' });
  });

  it('names which load failed, and retry loads again', async () => {
    const load = fakeActor<unknown, JourneyLoad>((_, n) => {
      if (n === 1) throw new JourneyLoadError('plans', new Error('offline'));
      if (n === 2) throw new JourneyLoadError('context', new Error('offline'));
      return { context: checkoutContext(), families: plans() };
    });
    const { actor, view, settled } = route('', false, { loadJourney: load.logic });
    await waitFor(actor, settled);
    expect(view()).toMatchObject({ loadFailure: 'plans', step: null });
    view().retry();
    await waitFor(actor, (s) => s.matches('loadFailed') && load.calls.length === 2);
    expect(view().loadFailure).toBe('context');
    view().retry();
    await waitFor(actor, (s) => s.matches('PACKAGE_SELECTION'));
    expect(view().loadFailure).toBeNull();
  });

  it('the default loadJourney reads the families with the account entitlements and the context', async () => {
    const queries: unknown[] = [];
    const api = fakeApi({
      licences: { families: async (input) => (queries.push(input), { licenceFamilies: plans() }) },
      checkout: { context: async () => checkoutContext({ consentTerms: [] }) },
    });
    const actor = createActor(purchaseJourneyMachine, { input: { route: readCheckoutQuery(''), signedIn: true, api } }).start();
    await waitFor(actor, (s) => s.matches('PACKAGE_SELECTION'));
    expect(queries).toEqual([{ query: { includeEntitlements: 'ALL_ACTIVE_USER_ENTITLEMENTS' } }]);

    const failing = fakeApi({ checkout: { context: async () => checkoutContext() } });
    const broken = createActor(purchaseJourneyMachine, { input: { route: readCheckoutQuery(''), signedIn: true, api: failing } }).start();
    await waitFor(broken, (s) => s.matches('loadFailed'));
    expect(connectPurchaseJourney(broken.getSnapshot(), broken.send).loadFailure).toBe('plans');
  });
});

describe('purchaseJourney on the PURCHASE route: signing in inside the journey', () => {
  it('checks the account with the new session before going on', async () => {
    let release: (check: AccountCheck) => void = () => undefined;
    const check = fakeActor<unknown, AccountCheck>(() => new Promise((resolve) => (release = resolve)));
    const { actor, view, settled } = route('?licenceId=102', false, { loadJourney: loaded().logic, checkAccount: check.logic });
    await waitFor(actor, settled);
    view().authDone();
    expect(view()).toMatchObject({ step: 'LOGIN', authCheck: 'checking' });
    await waitFor(actor, () => check.calls.length === 1);
    release({ blockReason: null, families: plans() });
    await waitFor(actor, (s) => s.matches('CONSENT'));
    expect(view()).toMatchObject({ authCheck: 'idle', licenceId: '102' });
  });

  it('a child profile ends at the restricted modal; a holder of the chosen plan goes back to the plans', async () => {
    const child = route('?licenceId=102', false, {
      loadJourney: loaded().logic,
      checkAccount: fakeActor<unknown, AccountCheck>(() => ({ blockReason: 'kidPurchasePermissionDenied', families: null })).logic,
    });
    await waitFor(child.actor, child.settled);
    child.view().authDone();
    await waitFor(child.actor, (s) => s.matches('blocked'));
    expect(child.view().blockReason).toBe('kidPurchasePermissionDenied');

    const holder = route('?licenceId=102', false, {
      loadJourney: loaded().logic,
      checkAccount: fakeActor<unknown, AccountCheck>(() => ({ blockReason: null, families: plans(['102']) })).logic,
    });
    await waitFor(holder.actor, holder.settled);
    holder.view().authDone();
    await waitFor(holder.actor, (s) => s.matches('PACKAGE_SELECTION'));
    expect(holder.view()).toMatchObject({ refusal: 'licenceAlreadyActive', licenceId: null, families: plans(['102']) });
    // The address no longer names the licence.
    expect(holder.navigation.current().search).toBe('');
  });

  it("gift mode: the buyer's own plans never refuse the gift's licence nor make it an upgrade", async () => {
    const held = route('?licenceId=102', true, { loadJourney: loaded({ families: plans(['102']) }).logic }, true);
    await waitFor(held.actor, held.settled);
    expect(held.view()).toMatchObject({ step: 'CONSENT', licenceId: '102', refusal: null, upgrade: false });

    const sameFamily = route('?licenceId=102', true, { loadJourney: loaded({ families: plans(['101']) }).logic }, true);
    await waitFor(sameFamily.actor, sameFamily.settled);
    expect(sameFamily.view()).toMatchObject({ step: 'CONSENT', upgrade: false });

    const guest = route('?licenceId=102', false, {
      loadJourney: loaded().logic,
      checkAccount: fakeActor<unknown, AccountCheck>(() => ({ blockReason: null, families: plans(['102']) })).logic,
    }, true);
    await waitFor(guest.actor, guest.settled);
    expect(guest.view().step).toBe('LOGIN');
    guest.view().authDone();
    await waitFor(guest.actor, (s) => s.matches('CONSENT'));
    expect(guest.view()).toMatchObject({ refusal: null, licenceId: '102' });
  });

  it('a failed check offers retry; signing up switches the same way', async () => {
    const check = fakeActor<unknown, AccountCheck>((_, n) => {
      if (n === 1) throw new Error('offline');
      return { blockReason: null, families: null };
    });
    const { actor, view, settled } = route('?entry=signup', false, { loadJourney: loaded().logic, checkAccount: check.logic });
    await waitFor(actor, settled);
    expect(view().step).toBe('SIGNUP');
    view().authDone();
    await waitFor(actor, () => view().authCheck === 'failed');
    expect(view().step).toBe('SIGNUP');
    view().retry();
    await waitFor(actor, (s) => s.matches('CONSENT'));
    expect(check.calls).toHaveLength(2);
  });
});

describe('purchaseJourney on the PURCHASE route: the address and leaving', () => {
  it('puts the chosen licence in the address and removes it back at the plans', async () => {
    const { actor, view, navigation, settled } = route('?from=%2Faccount', true, {
      loadJourney: loaded({ context: checkoutContext({ consentTerms: [] }) }).logic,
    });
    await waitFor(actor, settled);
    view().selectPackage('102');
    expect(view().step).toBe('PAYMENT_PAGE');
    expect(navigation.calls.at(-1)).toEqual({ type: 'navigate', path: '/purchase?from=%2Faccount&licenceId=102', replace: true });
    view().back();
    expect(view().step).toBe('PACKAGE_SELECTION');
    expect(navigation.calls.at(-1)).toEqual({ type: 'navigate', path: '/purchase?from=%2Faccount', replace: true });
    view().back();
    expect(view().exited).toBe(true);
    expect(navigation.calls.at(-1)).toEqual({ type: 'navigate', path: '/account', replace: true });
  });

  it('leaving without a safe from goes to the default menu page', async () => {
    const { actor, view, navigation, settled } = route('?from=https%3A%2F%2Fevil.example%2F', true, { loadJourney: loaded().logic });
    await waitFor(actor, settled);
    view().back();
    expect(navigation.calls.at(-1)).toEqual({ type: 'navigate', path: '/home', replace: true });
  });

  it('keeps what the payment confirmation shows', async () => {
    const { actor, view, settled } = route('?licenceId=101', true, {
      loadJourney: loaded({ context: checkoutContext({ recordedConsents: ['termsOfUse'] }) }).logic,
    });
    await waitFor(actor, settled);
    expect(view().step).toBe('PAYMENT_PAGE');
    const completion = { licenceName: 'Sports Basic', paid: { amount: 649, scale: 2, currency: 'GBP' }, status: 'succeeded' };
    actor.send({ type: 'payment.done', completion });
    expect(view()).toMatchObject({ step: 'PAYMENT_COMPLETE', completion, phase: null });
  });
});

describe('purchaseJourney on the PURCHASE route: downgrades', () => {
  it('schedules the downgrade at renewal, then goes to the account page', async () => {
    const schedule = fakeActor<{ licenceId: string; fromId: string }, unknown>(() => ({}));
    const { actor, view, navigation, settled } = route('', true, { loadJourney: loaded({ families: plans(['102']) }).logic, scheduleDowngrade: schedule.logic });
    await waitFor(actor, settled);
    view().downgrade('101', '102');
    expect(view()).toMatchObject({ step: 'PACKAGE_SELECTION', downgrading: '101' });
    await waitFor(actor, (s) => s.matches({ PACKAGE_SELECTION: 'downgraded' }));
    expect(schedule.calls[0]).toMatchObject({ licenceId: '101', fromId: '102' });
    expect(navigation.calls.at(-1)).toEqual({ type: 'navigate', path: '/account', replace: false });
  });

  it('a refused downgrade shows the server messages and the plans again', async () => {
    const schedule = fakeActor<unknown, unknown>(() => {
      throw new ApiError({ call: 'licences.scheduleDowngrade', status: 409, code: 'CONFLICT', messages: ['Not now.', 'Later.'], requestId: 'r' });
    });
    const { actor, view, settled } = route('', true, { loadJourney: loaded({ families: plans(['102']) }).logic, scheduleDowngrade: schedule.logic });
    await waitFor(actor, settled);
    view().downgrade('101', '102');
    await waitFor(actor, (s) => s.matches({ PACKAGE_SELECTION: 'choosing' }));
    expect(view()).toMatchObject({ downgrading: null, downgradeError: 'Not now. Later.' });
  });

  it('the default scheduleDowngrade posts to the held licence', async () => {
    const posted: unknown[] = [];
    const api = fakeApi({
      licences: {
        families: async () => ({ licenceFamilies: plans(['102']) }),
        scheduleDowngrade: async (input) => (posted.push(input), { licence: { id: '102', name: 'Sports Premium' } }),
      },
      checkout: { context: async () => checkoutContext() },
    });
    const navigation = memoryNavigation('/purchase');
    const actor = createActor(purchaseJourneyMachine, { input: { route: readCheckoutQuery(''), signedIn: true, api, navigation } }).start();
    await waitFor(actor, (s) => s.matches('PACKAGE_SELECTION'));
    actor.send({ type: 'plan.downgrade', licenceId: '101', fromId: '102' });
    await waitFor(actor, (s) => s.matches({ PACKAGE_SELECTION: 'downgraded' }));
    expect(posted).toEqual([{ params: { id: '102' }, body: { licenceId: '101' } }]);
  });
});
