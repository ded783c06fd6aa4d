import type { ApiClient } from '../../api/types.js';
import type { Card } from '../../contracts/baskets.js';
import type { Licence } from '../../contracts/licences.js';
import type { CardChangeFailure } from '../../domain/index.js';

/** Input of the card update machine (PAYMENT_UPDATE). */
export interface CardUpdateInput {
  /** The platform client the actors call (bearer required). */
  api: ApiClient;
  /** The licence whose card changes (the route's `:licenceId`). */
  licenceId: string;
}

/** What `loadAccount` answers: the account's licences and stored cards. */
export interface AccountCards {
  licences: Licence[];
  cards: Card[];
}

/** Why the change was not made: the domain's `cardChangeFailure`, or no card chosen. */
export type CardUpdateFailure = CardChangeFailure | { kind: 'noChoice' };

/** Context of the card update machine. */
export interface CardUpdateContext {
  /** The licence whose card changes. */
  licenceId: string;
  /** The account's licences (once loaded). */
  licences: Licence[];
  /** The account's stored cards (once loaded). */
  cards: Card[];
  /** The chosen card's id (at first the card paying for the licence, the domain's `currentCardOf`); `''` when none. */
  selected: string;
  /** The last failure, or null. */
  failure: CardUpdateFailure | null;
  /** The card now paying for the licence, once changed. */
  changed: Card | null;
  /** Internal: the client. */
  env: { api: ApiClient };
}

/** Events of the card update machine. */
export type CardUpdateEvent =
  /** Choose the stored card `cardId`. */
  | { type: 'card.select'; cardId: string }
  /** Use the chosen card for the licence. */
  | { type: 'card.submit' }
  /** Load again after a failed load. */
  | { type: 'retry' };
