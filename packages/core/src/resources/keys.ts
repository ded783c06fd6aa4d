import type { ContentType } from '../contracts/content.js';

/**
 * Every key of the resource definitions, in one place: the area, then the call, then the call's
 * arguments (ids only: a key never holds a token, an email or anything else personal, since it
 * may be logged). A mutation invalidates keys by prefix: `RESOURCE_KEYS.cards` covers every read
 * of the cards area. Flows that change a resource (a payment, a licence action) invalidate the
 * keys listed here through the cache: `cache.invalidate(RESOURCE_KEYS.licencesMine)`.
 */
export const RESOURCE_KEYS = {
  /** `['user', 'profile']`: the signed-in account's details (`user.profile`). */
  profile: ['user', 'profile'],
  /** `['realm', 'settings']`: the realm's sign-in settings (`realm.settings`); the same for every viewer. */
  realmSettings: ['realm', 'settings'],
  /** `['licences']`: every read of the licences area. */
  licences: ['licences'],
  /** `['licences', 'mine']`: the account's licences (`licences.mine`). */
  licencesMine: ['licences', 'mine'],
  /** `['licences', 'list']`: the realm's catalogue of licences (`licences.list`). */
  licencesList: ['licences', 'list'],
  /** `['cards']`: every read of the cards area. */
  cards: ['cards'],
  /** `['cards', 'list']`: the account's stored cards (`cards.list`). */
  cardsList: ['cards', 'list'],
  /** `['payments', 'history']`: the account's payment history (`payments.history`). */
  paymentHistory: ['payments', 'history'],
  /** `['checkout', 'context']`: what the viewer may buy and the consent terms (`checkout.context`). */
  checkoutContext: ['checkout', 'context'],
  /** `['gifts', 'plans']`: the realm's giftable offers (`gifts.plans`). */
  giftPlans: ['gifts', 'plans'],
  /** `['content']`: every read of the content catalogue. */
  content: ['content'],
  /** `['content', 'list']`: the content catalogue (`content.list`). */
  contentList: ['content', 'list'],
  /** `['countries', 'list']`: the countries (`countries.list`); the same for every viewer. */
  countries: ['countries', 'list'],
  /** `['favourites']`: every read of the favourites area (a heart's change invalidates it). */
  favourites: ['favourites'],
  /** `['history']`: every read of the history area, continue watching included (a report or a removal invalidates it). */
  history: ['history'],
  /** `['watchlists']`: every read of the watchlists library (`watchlists.list`); a create, rename, save, unsave or delete invalidates it. */
  watchlists: ['watchlists'],
  /** `['preferences']`: every read of the session profile's preferences (a saved change invalidates it). */
  preferences: ['preferences'],
  /** `['preferences', 'get']`: the session profile's preferences (`preferences.get`). */
  preferencesGet: ['preferences', 'get'],
  /** `['profiles']`: every read of the household's profiles (a create, change or delete invalidates it). */
  profiles: ['profiles'],
  /** `['profiles', 'list']`: the account's profiles (`profiles.list`). */
  profilesList: ['profiles', 'list'],
} as const satisfies Record<string, readonly string[]>;

/** `['gifts', 'get', giftId]`: one of the buyer's gifts, unpaid ones too (`gifts.get`; GIFT_PAY). */
export function giftKey(giftId: string): readonly ['gifts', 'get', string] {
  return ['gifts', 'get', giftId];
}

/** `['content', 'get', type, id]`: one title (`content.get`). */
export function contentItemKey(type: ContentType, id: string): readonly ['content', 'get', ContentType, string] {
  return ['content', 'get', type, id];
}
