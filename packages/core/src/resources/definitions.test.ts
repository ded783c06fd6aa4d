import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api/errors.js';
import type { ApiClient } from '../api/types.js';
import { calls } from '../contracts/index.js';
import { CONTENT_TYPES } from '../contracts/content.js';
import type { Card } from '../contracts/baskets.js';
import { createResourceCache, type ResourceQuery } from './cache.js';
import { createResources, type Resources } from './definitions.js';
import { RESOURCE_KEYS } from './keys.js';

const quiet = { onError: () => undefined, retry: false as const };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const card = (cardId: string, isDefault = false): Card => ({ cardId, cardType: 'VISA', last4Digits: cardId.slice(-4), default: isDefault });

/** A client whose every call used here is a mock answering `answers[name]` (a value, or a function of the call's input). */
function fakeApi(answers: Record<string, unknown> = {}) {
  const called: string[] = [];
  const method = (name: string) =>
    vi.fn(async (input?: unknown) => {
      called.push(name);
      const answer = answers[name];
      return typeof answer === 'function' ? (answer as (input: unknown) => unknown)(input) : answer;
    });
  const api = {
    user: { profile: method('user.profile') },
    realm: { settings: method('realm.settings') },
    licences: { mine: method('licences.mine'), list: method('licences.list') },
    cards: { list: method('cards.list'), setDefault: method('cards.setDefault'), remove: method('cards.remove') },
    payments: { history: method('payments.history') },
    checkout: { context: method('checkout.context') },
    gifts: { plans: method('gifts.plans'), get: method('gifts.get') },
    content: { list: method('content.list'), get: method('content.get') },
    catalogue: { section: method('catalogue.section'), search: method('catalogue.search'), sections: method('catalogue.sections') },
    countries: { list: method('countries.list') },
    profiles: { list: method('profiles.list'), create: method('profiles.create'), update: method('profiles.update'), remove: method('profiles.remove') },
    download: vi.fn(async () => new Blob(['%PDF'])),
  };
  return { api, client: api as unknown as ApiClient, called };
}

/** Every read of the definitions, with the contract it sends. */
function reads(resources: Resources): Array<{ query: ResourceQuery<unknown>; call: { name: string; auth: string } }> {
  return [
    { query: resources.user.profile(), call: calls.user.profile },
    { query: resources.realm.settings(), call: calls.realm.settings },
    { query: resources.licences.mine(), call: calls.licences.mine },
    { query: resources.licences.list(), call: calls.licences.list },
    { query: resources.cards.list(), call: calls.cards.list },
    { query: resources.payments.history(), call: calls.payments.history },
    { query: resources.checkout.context(), call: calls.checkout.context },
    { query: resources.content.list(), call: calls.content.list },
    { query: resources.content.get('VOD', '42'), call: calls.content.get },
    { query: resources.gifts.plans(), call: calls.gifts.plans },
    { query: resources.gifts.get('a0a0a0a0-0000-4000-8000-000000000001'), call: calls.gifts.get },
    { query: resources.countries.list(), call: calls.countries.list },
    { query: resources.profiles.list(), call: calls.profiles.list },
  ];
}

describe('createResources: reads', () => {
  it("keys each read ['area', 'call', ...args] after the call it loads, and loads with that call alone", async () => {
    const { client, api, called } = fakeApi();
    const resources = createResources(client, createResourceCache(quiet));
    for (const { query, call } of reads(resources)) {
      called.length = 0;
      expect(query.key.slice(0, 2).join('.')).toBe(call.name);
      await query.load();
      expect(called).toEqual([call.name]);
    }
    expect(resources.content.get('LIVE', 'ev-7').key).toEqual(['content', 'get', 'LIVE', 'ev-7']);
    expect(api.content.get).toHaveBeenLastCalledWith({ params: { type: 'VOD', id: '42' } });
    expect(api.gifts.get).toHaveBeenLastCalledWith({ params: { giftId: 'a0a0a0a0-0000-4000-8000-000000000001' } });
    expect(resources.gifts.get('g-1').key).toEqual(['gifts', 'get', 'g-1']);
  });

  it('reads the discovery catalogue by call name, keyed by the call and its request (one load for equal requests)', async () => {
    const { client, api, called } = fakeApi({ 'catalogue.section': { id: 'home' }, 'catalogue.sections': { sections: [] } });
    const cache = createResourceCache(quiet);
    const resources = createResources(client, cache);
    const home = resources.catalogue.read('section', { params: { id: 'home' }, query: { rpp: 5 } });
    expect(home.key).toEqual(['catalogue', 'section', JSON.stringify({ params: { id: 'home' }, query: { rpp: 5 } })]);
    expect(home.key.slice(0, 2).join('.')).toBe(calls.catalogue.section.name);
    expect(resources.catalogue.read('sections').key).toEqual(['catalogue', 'sections', 'null']);
    const again = resources.catalogue.read('section', { params: { id: 'home' }, query: { rpp: 5 } });
    expect(again.key).toEqual(home.key);
    await Promise.all([cache.fetch(home), cache.fetch(again)]);
    expect(called).toEqual(['catalogue.section']);
    expect(api.catalogue.section).toHaveBeenLastCalledWith({ params: { id: 'home' }, query: { rpp: 5 } });
    expect(resources.catalogue.read('search', { query: { q: 'derby' } }).key).not.toEqual(resources.catalogue.read('search', { query: { q: 'derbi' } }).key);
  });

  it('documents every key in RESOURCE_KEYS, and two reads of one key are the same resource', () => {
    const { client } = fakeApi();
    const resources = createResources(client, createResourceCache(quiet));
    const documented = new Set(Object.values(RESOURCE_KEYS).map((key) => JSON.stringify(key)));
    for (const { query } of reads(resources)) {
      if (query.key[1] === 'get') continue;
      expect(documented.has(JSON.stringify(query.key)), JSON.stringify(query.key)).toBe(true);
    }
    expect(resources.licences.mine().key).toEqual(RESOURCE_KEYS.licencesMine);
    expect(resources.cards.list().key).toEqual(['cards', 'list']);
  });

  it('keeps across viewers (scope realm, loaded once per page load) exactly the reads sent without a bearer', () => {
    const { client } = fakeApi();
    for (const { query, call } of reads(createResources(client, createResourceCache(quiet)))) {
      expect(query.scope ?? 'viewer', call.name).toBe(call.auth === 'none' ? 'realm' : 'viewer');
      expect(query.staleMs ?? 0, call.name).toBe(call.auth === 'none' ? Infinity : 0);
    }
  });

  it('property: a title key holds its type and id and nothing else', () => {
    const { client } = fakeApi();
    const resources = createResources(client, createResourceCache(quiet));
    fc.assert(
      fc.property(fc.constantFrom(...CONTENT_TYPES), fc.string({ minLength: 1 }), (type, id) => {
        expect(resources.content.get(type, id).key).toEqual(['content', 'get', type, id]);
      }),
    );
  });

  it('no key holds a token or an email, whoever the viewer is', async () => {
    const { client } = fakeApi({ 'user.profile': { name: 'Ana', contactEmail: 'ana@example.com' } });
    const cache = createResourceCache(quiet);
    const resources = createResources(client, cache);
    for (const { query } of reads(resources)) {
      await cache.fetch(query);
      expect(JSON.stringify(query.key)).not.toMatch(/@|eyJ|Bearer/);
    }
  });
});

describe('createResources: mutations', () => {
  /** Watches every read, answers them, and counts the loads of each key. */
  async function watchingEverything(answers: Record<string, unknown>) {
    const fake = fakeApi(answers);
    const cache = createResourceCache(quiet);
    const resources = createResources(fake.client, cache);
    for (const { query } of reads(resources)) cache.subscribe(query, () => undefined);
    await flush();
    fake.called.length = 0;
    return { ...fake, cache, resources };
  }

  it('cards.remove invalidates the card list and the account licences, and nothing else; resolves once the list answered', async () => {
    let cards = [card('pd_4242', true), card('pd_4444')];
    const { resources, cache, called } = await watchingEverything({
      'cards.list': () => ({ cards }),
      'cards.remove': () => {
        cards = cards.filter((c) => c.cardId !== 'pd_4242');
        return {};
      },
      'licences.mine': { licences: [] },
    });
    await resources.cards.remove('pd_4242');
    expect(called.sort()).toEqual(['cards.list', 'cards.remove', 'licences.mine']);
    expect(cache.peek(resources.cards.list()).data?.cards.map((c) => c.cardId)).toEqual(['pd_4444']);
  });

  it("the household's profile changes invalidate the profile list only, and pass the editor's signal", async () => {
    let names = ['Ana'];
    const { resources, cache, called, api } = await watchingEverything({
      'profiles.list': () => ({ items: names.map((name) => ({ name })), currentProfileId: 'a', maxProfiles: 5 }),
      'profiles.create': () => {
        names = [...names, 'Léa'];
        return { name: 'Léa' };
      },
      'profiles.update': {},
      'profiles.remove': {},
    });
    const signal = new AbortController().signal;
    await resources.profiles.create({ body: { name: 'Léa', type: 'CHILD' }, signal });
    expect(called.sort()).toEqual(['profiles.create', 'profiles.list']);
    await vi.waitFor(() => expect(cache.peek(resources.profiles.list()).data?.items.map((p) => p.name)).toEqual(['Ana', 'Léa']));
    expect(api.profiles.create).toHaveBeenLastCalledWith({ body: { name: 'Léa', type: 'CHILD' } }, { signal });
    called.length = 0;
    await resources.profiles.update({ id: 'p', body: { name: 'Lia' } });
    await resources.profiles.remove({ id: 'p' });
    expect(called.sort()).toEqual(['profiles.list', 'profiles.list', 'profiles.remove', 'profiles.update']);
    expect(api.profiles.remove).toHaveBeenLastCalledWith({ params: { id: 'p' } }, undefined);
  });

  it('cards.remove counts a 404 as done, rejects other failures without retrying, and takes the card out when the list cannot be read again', async () => {
    const gone = new ApiError({ call: 'cards.remove', status: 404, code: 'NOT_FOUND', messages: [], requestId: 'r' });
    let listFails = false;
    const { resources, cache, api } = await watchingEverything({
      'cards.list': () => (listFails ? Promise.reject(new Error('down')) : { cards: [card('pd_4242', true), card('pd_4444')] }),
      'cards.remove': () => Promise.reject(gone),
    });
    await expect(resources.cards.remove('pd_4242')).resolves.toBeUndefined();

    api.cards.remove.mockRejectedValueOnce(new NetworkError('cards.remove', new TypeError('offline')));
    await expect(resources.cards.remove('pd_4242')).rejects.toBeInstanceOf(NetworkError);
    expect(api.cards.remove).toHaveBeenCalledTimes(2);

    listFails = true;
    api.cards.remove.mockResolvedValueOnce({});
    await resources.cards.remove('pd_4242');
    expect(cache.peek(resources.cards.list()).data?.cards.map((c) => c.cardId)).toEqual(['pd_4444']);
  });

  it('cards.setDefault invalidates the card list only; gone on a 404; marks the one default itself when the list cannot be read again', async () => {
    let listFails = false;
    const { resources, cache, called, api } = await watchingEverything({
      'cards.list': () => (listFails ? Promise.reject(new Error('down')) : { cards: [card('pd_4242', true), card('pd_4444')] }),
      'cards.setDefault': ({ params }: { params: { cardId: string } }) => card(params.cardId, true),
    });
    await expect(resources.cards.setDefault('pd_4444')).resolves.toBe('updated');
    expect(called.sort()).toEqual(['cards.list', 'cards.setDefault']);

    api.cards.setDefault.mockRejectedValueOnce(new ApiError({ call: 'cards.setDefault', status: 404, code: 'NOT_FOUND', messages: [], requestId: 'r' }));
    await expect(resources.cards.setDefault('pd_9999')).resolves.toBe('gone');

    listFails = true;
    await expect(resources.cards.setDefault('pd_4444')).resolves.toBe('updated');
    expect(cache.peek(resources.cards.list()).data?.cards.map((c) => [c.cardId, c.default])).toEqual([
      ['pd_4242', false],
      ['pd_4444', true],
    ]);
  });

  it('payments.receipt downloads the PDF with the client (never cached)', async () => {
    const { client, api } = fakeApi();
    const resources = createResources(client, createResourceCache(quiet));
    const url = 'http://platform.test/api/v2/customer/payments/p1/receipt.pdf';
    await resources.payments.receipt(url);
    await resources.payments.receipt(url);
    expect(api.download).toHaveBeenCalledTimes(2);
    expect(api.download).toHaveBeenCalledWith(url, { accept: 'application/pdf' });
  });
});
