import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Card } from '../../contracts/baskets.js';
import type { Licence } from '../../contracts/licences.js';
import { currentCardOf } from '../../domain/index.js';
import type { CardUpdateMachine } from './cardUpdate.machine.js';
import type { CardUpdateEvent, CardUpdateFailure } from './cardUpdate.types.js';

/** A running card update actor. */
export type CardUpdateActorRef = ActorRefFrom<CardUpdateMachine>;
/** A snapshot of the card update machine. */
export type CardUpdateSnapshot = SnapshotFrom<CardUpdateMachine>;

/** What PAYMENT_UPDATE needs. */
export interface CardUpdateApi {
  /**
   * `loading`, `loadFailed` (unknownError with Retry), `notHeld` (the licence is not one of the
   * account's: a not-found message), `ready` (the choice), `changed` (the confirmation).
   */
  status: 'loading' | 'loadFailed' | 'notHeld' | 'ready' | 'changed';
  /** The licence whose card changes, once loaded and held. */
  licence: Licence | null;
  /** The account's stored cards. */
  cards: Card[];
  /** The card paying for the licence now (the domain's `currentCardOf`), or null. */
  current: Card | null;
  /** The chosen card's id (`''` when none). */
  selected: string;
  /** The change is being saved. */
  busy: boolean;
  /** Why the last change was not made, or null. */
  failure: CardUpdateFailure | null;
  /** The card now paying for the licence, once changed. */
  changed: Card | null;
  select(cardId: string): void;
  submit(): void;
  retry(): void;
}

/** Turns a card update snapshot and its `send` into what PAYMENT_UPDATE needs. */
export function connectCardUpdate(snapshot: CardUpdateSnapshot, send: (event: CardUpdateEvent) => void): CardUpdateApi {
  const { context } = snapshot;
  const licence = context.licences.find((l) => l.id === context.licenceId) ?? null;
  const status =
    snapshot.matches('loading') ? 'loading'
    : snapshot.matches('loadFailed') ? 'loadFailed'
    : snapshot.matches('changed') ? 'changed'
    : licence === null ? 'notHeld'
    : 'ready';
  return {
    status,
    licence,
    cards: context.cards,
    current: licence === null ? null : (currentCardOf(context.cards, licence.id, licence) ?? null),
    selected: context.selected,
    busy: snapshot.matches('saving'),
    failure: context.failure,
    changed: context.changed,
    select: (cardId) => send({ type: 'card.select', cardId }),
    submit: () => send({ type: 'card.submit' }),
    retry: () => send({ type: 'retry' }),
  };
}
