import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../api/errors.js';
import type { CancellationPromo, Licence } from '../../contracts/index.js';
import {
  connectSubscription,
  joinedServerMessages,
  subscriptionMachine,
  type LicenceActorInput,
  type PauseActorInput,
} from '../index.js';
import { fakeApi } from '../test-helpers.js';

const licence: Licence = {
  id: 'lic-1',
  name: 'Monthly',
  licenceStatus: { status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING', pauseState: 'ALLOWED' },
};
const paused: Licence = { ...licence, licenceStatus: { status: 'ACTIVE', pauseState: 'PAUSED' } };
const cancelled: Licence = { ...licence, licenceStatus: { status: 'ACTIVE', autoRenewingStatus: 'NOT_AUTO_RENEWING' } };
const discounted: Licence = { ...licence, discounts: [{ type: 'PERCENTAGE', percentage: 50, state: 'UPCOMING' }] };
const promo: CancellationPromo = {
  available: true,
  discount: { type: 'PERCENTAGE', percentage: 50, state: 'UPCOMING', lifeTimeRepeat: 3 },
  description: 'Half price for three months',
};

type Updated = { licence: Licence };

const apiError = (messages: string[], status = 409) =>
  new ApiError({ call: 'licences.cancel', status, code: 'CONFLICT', messages, requestId: 'r-1' });

/** Records the calls the fake actors receive, in order: `name:licenceId[:resumeAfter]`. */
function recorder() {
  const calls: string[] = [];
  const answer = <T>(name: string, result: (input: LicenceActorInput) => T | Promise<T>) =>
    fromPromise<T, LicenceActorInput>(async ({ input }) => {
      calls.push(`${name}:${input.licenceId}`);
      return result(input);
    });
  return { calls, answer };
}

function start(actors: Parameters<typeof subscriptionMachine.provide>[0]['actors']) {
  const actor = createActor(subscriptionMachine.provide({ actors }), { input: { api: fakeApi(), licence } }).start();
  const view = () => connectSubscription(actor.getSnapshot(), actor.send);
  return { actor, view };
}

describe('subscription', () => {
  it('starts idle with the licence, nothing busy', () => {
    const { view, actor } = start({});
    expect(actor.getSnapshot().value).toBe('idle');
    expect(view()).toMatchObject({ licence, busy: null, promo: null, error: null, justUpdated: false, offeringPromo: false });
  });

  it('pause → pausing (with resumeAfter) → updated with the answer', async () => {
    const seen: PauseActorInput[] = [];
    const { actor, view } = start({
      pauseLicence: fromPromise<{ licence: Licence }, PauseActorInput>(async ({ input }) => {
        seen.push(input);
        return { licence: paused };
      }),
    });
    view().pause('2026-12-01T00:00:00Z');
    expect(view().busy).toBe('pausing');
    await waitFor(actor, (s) => s.matches('updated'));
    expect(seen.map(({ licenceId, resumeAfter }) => ({ licenceId, resumeAfter }))).toEqual([
      { licenceId: 'lic-1', resumeAfter: '2026-12-01T00:00:00Z' },
    ]);
    expect(view()).toMatchObject({ licence: paused, busy: null, justUpdated: true, error: null });
  });

  it('pause without a date sends no resumeAfter', async () => {
    const seen: PauseActorInput[] = [];
    const { actor, view } = start({
      pauseLicence: fromPromise<{ licence: Licence }, PauseActorInput>(async ({ input }) => {
        seen.push(input);
        return { licence: paused };
      }),
    });
    view().pause();
    await waitFor(actor, (s) => s.matches('updated'));
    expect('resumeAfter' in (seen[0] ?? {})).toBe(false);
  });

  it('downgrade.withdraw withdraws the scheduled downgrade and replaces the licence; a failure shows the server message', async () => {
    const { calls, answer } = recorder();
    const kept: Licence = { ...licence, name: 'Kept' };
    let fail = true;
    const { actor, view } = start({
      withdrawDowngrade: answer<Updated>('withdrawDowngrade', () => {
        if (fail) throw apiError(['No downgrade is scheduled'], 404);
        return { licence: kept };
      }),
    });
    view().withdrawDowngrade();
    expect(view().busy).toBe('withdrawingDowngrade');
    await waitFor(actor, (s) => s.matches('error'));
    expect(view().error).toBe('No downgrade is scheduled');
    expect(view().licence).toBe(licence);
    fail = false;
    view().withdrawDowngrade();
    await waitFor(actor, (s) => s.matches('updated'));
    expect(view()).toMatchObject({ licence: kept, busy: null, error: null, justUpdated: true });
    expect(calls).toEqual(['withdrawDowngrade:lic-1', 'withdrawDowngrade:lic-1']);
  });

  it('resume and reactivate replace the licence; updated accepts the next action', async () => {
    const { calls, answer } = recorder();
    const { actor, view } = start({
      resumeLicence: answer<Updated>('resume', () => ({ licence })),
      reactivateLicence: answer<Updated>('reactivate', () => ({ licence: { ...licence, name: 'Reactivated' } })),
    });
    view().resume();
    expect(view().busy).toBe('resuming');
    await waitFor(actor, (s) => s.matches('updated'));
    view().reactivate();
    expect(view().busy).toBe('reactivating');
    expect(view().justUpdated).toBe(false);
    await waitFor(actor, (s) => s.matches('updated'));
    expect(view().licence.name).toBe('Reactivated');
    expect(calls).toEqual(['resume:lic-1', 'reactivate:lic-1']);
  });

  it('cancel with a promo available: verify → offeringPromo → refuse → cancelling → updated', async () => {
    const { calls, answer } = recorder();
    let releaseCancel!: () => void;
    const cancelGate = new Promise<void>((resolve) => (releaseCancel = resolve));
    const { actor, view } = start({
      verifyPromo: answer<CancellationPromo>('verify', () => promo),
      refusePromo: answer<unknown>('refuse', () => ({})),
      cancelLicence: answer<Updated>('cancel', async () => {
        await cancelGate;
        return { licence: cancelled };
      }),
    });
    view().cancel();
    expect(actor.getSnapshot().value).toBe('verifyingPromo');
    expect(view().busy).toBe('cancelling');
    await waitFor(actor, (s) => s.matches('offeringPromo'));
    expect(view()).toMatchObject({ promo, offeringPromo: true, busy: null });
    view().refusePromo();
    await waitFor(actor, (s) => s.matches('cancelling'));
    expect(view()).toMatchObject({ busy: 'cancelling', promo: null, offeringPromo: false });
    releaseCancel();
    await waitFor(actor, (s) => s.matches('updated'));
    expect(view().licence).toEqual(cancelled);
    expect(calls).toEqual(['verify:lic-1', 'refuse:lic-1', 'cancel:lic-1']);
  });

  it('cancel with a promo: redeem → updated with the discounted licence, no cancel sent', async () => {
    const { calls, answer } = recorder();
    const { actor, view } = start({
      verifyPromo: answer<CancellationPromo>('verify', () => promo),
      redeemPromo: answer<Updated>('redeem', () => ({ licence: discounted })),
      cancelLicence: answer<Updated>('cancel', () => ({ licence: cancelled })),
    });
    view().cancel();
    await waitFor(actor, (s) => s.matches('offeringPromo'));
    view().redeemPromo();
    expect(actor.getSnapshot().value).toBe('redeemingPromo');
    expect(view().promo).toEqual(promo);
    await waitFor(actor, (s) => s.matches('updated'));
    expect(view()).toMatchObject({ licence: discounted, promo: null, justUpdated: true });
    expect(calls).toEqual(['verify:lic-1', 'redeem:lic-1']);
  });

  it('cancel with a promo: keepLicence → idle, nothing more sent', async () => {
    const { calls, answer } = recorder();
    const { actor, view } = start({ verifyPromo: answer<CancellationPromo>('verify', () => promo) });
    view().cancel();
    await waitFor(actor, (s) => s.matches('offeringPromo'));
    view().keepLicence();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(view()).toMatchObject({ licence, promo: null });
    expect(calls).toEqual(['verify:lic-1']);
  });

  it('cancel with no promo available asks first: confirmingCancel → confirm → cancelling → updated', async () => {
    const { calls, answer } = recorder();
    const { actor, view } = start({
      verifyPromo: answer<CancellationPromo>('verify', () => ({ available: false })),
      cancelLicence: answer<Updated>('cancel', () => ({ licence: cancelled })),
    });
    const states: string[] = [];
    actor.subscribe((s) => states.push(String(s.value)));
    view().cancel();
    await waitFor(actor, (s) => s.matches('confirmingCancel'));
    // Nothing is cancelled until the viewer confirms.
    expect(view()).toMatchObject({ confirmingCancel: true, busy: null, promo: null });
    expect(calls).toEqual(['verify:lic-1']);
    view().confirmCancel();
    await waitFor(actor, (s) => s.matches('updated'));
    expect(states).not.toContain('offeringPromo');
    expect(states).toContain('cancelling');
    expect(calls).toEqual(['verify:lic-1', 'cancel:lic-1']);
    expect(view().licence).toEqual(cancelled);
  });

  it('cancel with no promo: keepLicence at the confirmation → idle, nothing cancelled', async () => {
    const { calls, answer } = recorder();
    const { actor, view } = start({
      verifyPromo: answer<CancellationPromo>('verify', () => ({ available: false })),
      cancelLicence: answer<Updated>('cancel', () => ({ licence: cancelled })),
    });
    view().cancel();
    await waitFor(actor, (s) => s.matches('confirmingCancel'));
    view().keepLicence();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(view().confirmingCancel).toBe(false);
    expect(calls).toEqual(['verify:lic-1']);
  });

  it('a failed cancel shows the server messages joined; dismiss → idle; cancel again retries', async () => {
    let attempts = 0;
    const { answer } = recorder();
    const { actor, view } = start({
      verifyPromo: answer<CancellationPromo>('verify', () => ({ available: false })),
      cancelLicence: answer<Updated>('cancel', () => {
        attempts += 1;
        if (attempts === 1) throw apiError(['licenceAlreadyCancelled', 'Contact support.']);
        return { licence: cancelled };
      }),
    });
    const cancelConfirmed = async () => {
      view().cancel();
      await waitFor(actor, (s) => s.matches('confirmingCancel'));
      view().confirmCancel();
    };
    await cancelConfirmed();
    await waitFor(actor, (s) => s.matches('error'));
    expect(view()).toMatchObject({ error: 'licenceAlreadyCancelled Contact support.', busy: null, licence });
    view().dismissError();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(view().error).toBeNull();

    // A retry straight from error clears the error while it runs.
    attempts = 0;
    await cancelConfirmed();
    await waitFor(actor, (s) => s.matches('error'));
    view().cancel();
    expect(view().error).toBeNull();
    await waitFor(actor, (s) => s.matches('confirmingCancel'));
    view().confirmCancel();
    await waitFor(actor, (s) => s.matches('updated'));
    expect(view().licence).toEqual(cancelled);
  });

  it('a failed verify shows the error and does not cancel', async () => {
    const { calls, answer } = recorder();
    const { actor, view } = start({
      verifyPromo: answer<CancellationPromo>('verify', () => {
        throw new NetworkError('promos.verify', new TypeError('fetch failed'));
      }),
      cancelLicence: answer<Updated>('cancel', () => ({ licence: cancelled })),
    });
    view().cancel();
    await waitFor(actor, (s) => s.matches('error'));
    expect(view().error).toBe('anErrorOccured');
    expect(calls).toEqual(['verify:lic-1']);
  });

  it('a failed refuse or redeem ends in error with the promo cleared', async () => {
    const { answer } = recorder();
    const { actor, view } = start({
      verifyPromo: answer<CancellationPromo>('verify', () => promo),
      refusePromo: answer<unknown>('refuse', () => {
        throw apiError(['promoExpired']);
      }),
    });
    view().cancel();
    await waitFor(actor, (s) => s.matches('offeringPromo'));
    view().refusePromo();
    await waitFor(actor, (s) => s.matches('error'));
    expect(view()).toMatchObject({ error: 'promoExpired', promo: null });
  });

  it('ignores actions while a call runs (no double submit)', async () => {
    const { calls, answer } = recorder();
    const { actor, view } = start({
      pauseLicence: answer<Updated>('pause', () => ({ licence: paused })),
      resumeLicence: answer<Updated>('resume', () => ({ licence })),
    });
    view().pause();
    view().pause();
    view().resume();
    await waitFor(actor, (s) => s.matches('updated'));
    expect(calls).toEqual(['pause:lic-1']);
  });

  it('promo events outside the offer do nothing', () => {
    const { actor, view } = start({});
    view().redeemPromo();
    view().refusePromo();
    view().keepLicence();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('the real actors call the client with the licence id', async () => {
    const api = fakeApi({
      licences: {
        pause: async ({ params, body }) => ({ licence: { ...paused, id: String(params.id), name: body?.config?.resumeAfter ?? 'none' } }),
        cancel: async ({ params, query }) => ({ licence: { ...cancelled, id: String(params.id), name: String(query?.cancellationDiscount) } }),
      },
      promos: { verify: async () => ({ available: false }) },
    });
    const actor = createActor(subscriptionMachine, { input: { api, licence } }).start();
    actor.send({ type: 'licence.pause', resumeAfter: '2027-01-01T00:00:00Z' });
    await waitFor(actor, (s) => s.matches('updated'));
    expect(actor.getSnapshot().context.licence.name).toBe('2027-01-01T00:00:00Z');
    actor.send({ type: 'licence.cancel' });
    await waitFor(actor, (s) => s.matches('confirmingCancel'));
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (s) => s.matches('updated') && s.context.licence.name !== '2027-01-01T00:00:00Z');
    // The plain cancel: never cancellationDiscount=IGNORE.
    expect(actor.getSnapshot().context.licence.name).toBe('undefined');
  });
});

describe('joinedServerMessages', () => {
  it('joins the messages with one space, else anErrorOccured', () => {
    expect(joinedServerMessages(apiError(['a', 'b c']))).toBe('a b c');
    expect(joinedServerMessages(apiError([' a ', '', 'b']))).toBe('a b');
    expect(joinedServerMessages(apiError([]))).toBe('anErrorOccured');
    expect(joinedServerMessages(new NetworkError('x', null))).toBe('anErrorOccured');
    expect(joinedServerMessages({ status: 400, code: 'BAD_REQUEST', messages: ['bad'] })).toBe('bad');
    expect(joinedServerMessages(null)).toBe('anErrorOccured');
    expect(joinedServerMessages('boom')).toBe('anErrorOccured');
  });
});
