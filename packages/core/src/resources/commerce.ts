import type { ApiClient } from '../api/types.js';
import type { CheckoutContext } from '../contracts/checkout.js';
import type { ResourceCache, ResourceQuery } from './cache.js';
import { giftKey, RESOURCE_KEYS } from './keys.js';

/** The answer of `licences.mine` and `licences.list`, `{ licences }`. */
export type LicenceList = Awaited<ReturnType<ApiClient['licences']['mine']>>;
/** The answer of `cards.list`, `{ cards }`. */
export type CardList = Awaited<ReturnType<ApiClient['cards']['list']>>;
/** The answer of `gifts.plans`, `{ plans }`: the realm's giftable offers (docs/api.md "Gifts"). */
export type GiftPlanList = Awaited<ReturnType<ApiClient['gifts']['plans']>>;
/** The answer of `gifts.get`: one of the buyer's gifts (docs/api.md "Gifts"). */
export type GiftAnswer = Awaited<ReturnType<ApiClient['gifts']['get']>>;
/** The answer of `payments.history`, `{ items }`, newest first. */
export type PaymentHistory = Awaited<ReturnType<ApiClient['payments']['history']>>;

/**
 * The commerce area's reads and the mutations outside a flow (commerce-and-account-data.md §3
 * "Account state"). The purchase and subscription flows (machines) mutate licences, cards and
 * payments on their own; they invalidate what they change with `RESOURCE_KEYS`.
 */
export interface CommerceResources {
  licences: {
    /** The account's licences `{ licences }` (`licences.mine`, bearer required), key `['licences', 'mine']`. */
    mine(): ResourceQuery<LicenceList>;
    /** The realm's catalogue of licences `{ licences }` (`licences.list`), key `['licences', 'list']`. */
    list(): ResourceQuery<LicenceList>;
  };
  cards: {
    /** The account's stored cards `{ cards }` (`cards.list`, §3 "Card"), key `['cards', 'list']`. */
    list(): ResourceQuery<CardList>;
    /**
     * Makes `cardId` the account's default card (`cards.setDefault`), then waits for the card list
     * to answer again. Invalidates `['cards', 'list']` only: the default decides which card a new
     * purchase offers first, not which card a licence renews on. When the list cannot be read again,
     * the cached list is changed as the platform did (exactly one default: this card).
     * Resolves `'updated'`, or `'gone'` when the platform no longer has the card (404; the list is
     * read again). Errors: `ApiError`, `NetworkError` (the list stays as it was); never retried.
     */
    setDefault(cardId: string): Promise<'updated' | 'gone'>;
    /**
     * Removes `cardId` (`cards.remove`), then waits for the card list to answer again. A 404 counts
     * as done (the card is gone, which is what was asked). Invalidates `['cards', 'list']` and
     * `['licences', 'mine']`: the licences the card paid for move to the remaining default card,
     * or are left without a card when none remains, which changes what the account's licences
     * show. When the card list cannot be read again, the card is taken out of the cached list.
     * Errors: `ApiError` (other than 404), `NetworkError`; never retried.
     */
    remove(cardId: string): Promise<void>;
  };
  payments: {
    /** The account's payment history `{ items }`, newest first (`payments.history`), key `['payments', 'history']`. */
    history(): ResourceQuery<PaymentHistory>;
    /**
     * The PDF receipt at a history item's `receiptUrl`, fetched with the session's bearer in a
     * header and one renewal after a 401 (`api.download`; never cached, never retried). Errors:
     * see `ApiDownload`; `isSignedOutError(error)` tells a missing session from other failures.
     */
    receipt(receiptUrl: string): Promise<Blob>;
  };
  checkout: {
    /**
     * What the viewer may buy and the realm's consent terms (`checkout.context`, guests too),
     * key `['checkout', 'context']`.
     */
    context(): ResourceQuery<CheckoutContext>;
  };
  gifts: {
    /** The realm's giftable offers with their prices `{ plans }` (`gifts.plans`, guests too; GIFT_LIST), key `['gifts', 'plans']`. */
    plans(): ResourceQuery<GiftPlanList>;
    /**
     * One of the buyer's gifts, an UNPAID one too (`gifts.get`, bearer required; GIFT_PAY with a
     * gift id in the address), key `['gifts', 'get', giftId]`. Fails with the 404 of a gift that
     * is not the caller's.
     */
    get(giftId: string): ResourceQuery<GiftAnswer>;
  };
}

/** The commerce area's definitions over `api`; mutations invalidate through `cache`. */
export function commerceResources(api: ApiClient, cache: ResourceCache): CommerceResources {
  const cardList = (): ResourceQuery<CardList> => ({ key: RESOURCE_KEYS.cardsList, load: () => api.cards.list() });
  // The mutations load with their first use (the account page), not with the first page.
  const mutations = () => import('./cardMutations.js');

  return {
    licences: {
      mine: () => ({ key: RESOURCE_KEYS.licencesMine, load: () => api.licences.mine() }),
      list: () => ({ key: RESOURCE_KEYS.licencesList, load: () => api.licences.list() }),
    },
    cards: {
      list: cardList,
      setDefault: (cardId) => mutations().then((m) => m.setDefaultCard(api, cache, cardList(), cardId)),
      remove: (cardId) => mutations().then((m) => m.removeCard(api, cache, cardList(), cardId)),
    },
    payments: {
      history: () => ({ key: RESOURCE_KEYS.paymentHistory, load: () => api.payments.history() }),
      receipt: (receiptUrl) => api.download(receiptUrl, { accept: 'application/pdf' }),
    },
    checkout: {
      context: () => ({ key: RESOURCE_KEYS.checkoutContext, load: () => api.checkout.context() }),
    },
    gifts: {
      plans: () => ({ key: RESOURCE_KEYS.giftPlans, load: () => api.gifts.plans() }),
      get: (giftId) => ({ key: giftKey(giftId), load: () => api.gifts.get({ params: { giftId } }) }),
    },
  };
}
