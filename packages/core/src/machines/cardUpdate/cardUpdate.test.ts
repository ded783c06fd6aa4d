import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorLogic } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { Card } from '../../contracts/baskets.js';
import type { Licence } from '../../contracts/licences.js';
import { cardUpdateMachine, connectCardUpdate, type AccountCards } from '../index.js';
import { fakeActor, fakeApi } from '../test-helpers.js';

const visa: Card = { cardId: 'pd_visa', cardType: 'VISA', last4Digits: '4242', licences: ['101'] };
const master: Card = { cardId: 'pd_master', cardType: 'MASTERCARD', last4Digits: '4444', licences: [] };
const basic: Licence = { id: '101', name: 'Sports Basic' };

const apiError = (status: number, code: string, messages: string[] = [], details?: Record<string, unknown>) =>
  new ApiError({ call: 'cards.attachToLicence', status, code, messages, requestId: 'r', ...(details ? { details } : {}) });

/** A fake promise actor answering from `answer`, recording every input. */
function run(licenceId: string, actors: Record<string, AnyActorLogic>) {
  const machine = cardUpdateMachine.provide({ actors } as Parameters<typeof cardUpdateMachine.provide>[0]);
  const actor = createActor(machine, { input: { api: fakeApi(), licenceId } }).start();
  return { actor, view: () => connectCardUpdate(actor.getSnapshot(), actor.send) };
}

const account = (cards: Card[] = [visa, master]) => fakeActor<unknown, AccountCards>(() => ({ licences: [basic], cards }));

describe('cardUpdate (PAYMENT_UPDATE)', () => {
  it('loads the licence and the cards with the current card chosen, and changes it', async () => {
    const attach = fakeActor<{ licenceId: string; cardId: string }, unknown>(() => ({}));
    const { actor, view } = run('101', { loadAccount: account().logic, attachCard: attach.logic });
    expect(view().status).toBe('loading');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({ status: 'ready', licence: basic, current: visa, selected: 'pd_visa', failure: null });
    view().select('pd_master');
    view().submit();
    expect(view().busy).toBe(true);
    await waitFor(actor, (s) => s.matches('changed'));
    expect(attach.calls[0]).toMatchObject({ licenceId: '101', cardId: 'pd_master' });
    expect(view()).toMatchObject({ status: 'changed', changed: master });
  });

  it('a licence the account does not hold is notHeld; a failed load offers retry', async () => {
    const notHeld = run('999', { loadAccount: account().logic });
    await waitFor(notHeld.actor, (s) => s.matches('ready'));
    expect(notHeld.view().status).toBe('notHeld');

    const load = fakeActor<unknown, AccountCards>((_, n) => {
      if (n === 1) throw new Error('offline');
      return { licences: [basic], cards: [visa] };
    });
    const { actor, view } = run('101', { loadAccount: load.logic });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(view().status).toBe('loadFailed');
    view().retry();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(load.calls).toHaveLength(2);
  });

  it('without a card chosen nothing is sent', async () => {
    const attach = fakeActor<unknown, unknown>(() => ({}));
    const { actor, view } = run('101', { loadAccount: account([{ ...master }]).logic, attachCard: attach.logic });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().selected).toBe('');
    view().submit();
    expect(view().failure).toEqual({ kind: 'noChoice' });
    expect(attach.calls).toHaveLength(0);
  });

  it('a 424 asks for the billing details; a server message shows as is', async () => {
    const attach = fakeActor<unknown, unknown>((_, n) => {
      throw n === 1 ? apiError(424, 'BASKET_REQUIREMENTS_FAILED', [], { missingFields: ['postalCode'] }) : apiError(402, 'card_declined', ['Declined.']);
    });
    const { actor, view } = run('101', { loadAccount: account().logic, attachCard: attach.logic });
    await waitFor(actor, (s) => s.matches('ready'));
    view().submit();
    await waitFor(actor, (s) => s.matches('ready') && attach.calls.length === 1);
    expect(view().failure).toEqual({ kind: 'missingFields', fields: ['postalCode'] });
    view().submit();
    await waitFor(actor, (s) => s.matches('ready') && attach.calls.length === 2);
    expect(view().failure).toEqual({ kind: 'text', text: 'Declined.' });
  });

  it('a 404 reads the account again, keeping the failure and the choice', async () => {
    const load = fakeActor<unknown, AccountCards>((_, n) => ({ licences: [basic], cards: n === 1 ? [visa, master] : [visa] }));
    const attach = fakeActor<unknown, unknown>(() => {
      throw apiError(404, 'NOT_FOUND', ['No card pd_master on this account']);
    });
    const { actor, view } = run('101', { loadAccount: load.logic, attachCard: attach.logic });
    await waitFor(actor, (s) => s.matches('ready'));
    view().select('pd_master');
    view().submit();
    await waitFor(actor, (s) => s.matches('ready') && load.calls.length === 2);
    expect(view()).toMatchObject({ failure: { kind: 'notFound' }, cards: [visa], selected: 'pd_master' });
  });

  it('the default actors read the account and attach with checkBillingDetails', async () => {
    const attached: unknown[] = [];
    const api = fakeApi({
      licences: { mine: async () => ({ licences: [basic] }) },
      cards: { list: async () => ({ cards: [visa, master] }), attachToLicence: async (input) => (attached.push(input), {}) },
    });
    const actor = createActor(cardUpdateMachine, { input: { api, licenceId: '101' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'card.select', cardId: 'pd_master' });
    actor.send({ type: 'card.submit' });
    await waitFor(actor, (s) => s.matches('changed'));
    expect(attached).toEqual([{ params: { licenceId: '101', cardId: 'pd_master' }, query: { checkBillingDetails: 'true' } }]);
  });
});
