/**
 * The card mutations of `resources.cards` (documented there), in a module of their own so that
 * the first page does not load them: each runs through `cache.mutate` (never retried), then waits
 * for the card list `list` to answer again.
 */
import { isApiError } from '../api/errors.js';
import type { ApiClient } from '../api/types.js';
import type { Card } from '../contracts/baskets.js';
import type { ResourceCache, ResourceQuery } from './cache.js';
import { RESOURCE_KEYS } from './keys.js';

/** The answer of `cards.list`, `{ cards }` (`CardList` of `commerce.ts`, which imports this module). */
type CardList = Awaited<ReturnType<ApiClient['cards']['list']>>;

const notFound = (error: unknown) => isApiError(error) && error.status === 404;

/** Waits for the card list's reload; applies `change` to the cached list when that reload failed. */
async function reflect(cache: ResourceCache, list: ResourceQuery<CardList>, change: (cards: Card[]) => Card[]): Promise<void> {
  const state = await cache.settled(list);
  if (state.error !== undefined) cache.update(list, (answer) => ({ ...answer, cards: change(answer.cards) }));
}

/** `resources.cards.setDefault`: invalidates the card list only. */
export async function setDefaultCard(api: ApiClient, cache: ResourceCache, list: ResourceQuery<CardList>, cardId: string): Promise<'updated' | 'gone'> {
  try {
    await cache.mutate(() => api.cards.setDefault({ params: { cardId } }), [RESOURCE_KEYS.cardsList]);
  } catch (error) {
    if (!notFound(error)) throw error;
    await cache.settled(list);
    return 'gone';
  }
  // The platform keeps exactly one default.
  await reflect(cache, list, (cards) => cards.map((card) => ({ ...card, default: card.cardId === cardId })));
  return 'updated';
}

/** `resources.cards.remove`: invalidates the card list and the account's licences; a 404 counts as done. */
export async function removeCard(api: ApiClient, cache: ResourceCache, list: ResourceQuery<CardList>, cardId: string): Promise<void> {
  try {
    await cache.mutate(() => api.cards.remove({ params: { cardId } }), [RESOURCE_KEYS.cardsList, RESOURCE_KEYS.licencesMine]);
  } catch (error) {
    if (!notFound(error)) throw error;
  }
  await reflect(cache, list, (cards) => cards.filter((card) => card.cardId !== cardId));
}
