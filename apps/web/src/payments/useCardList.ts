import { useCallback, useEffect, useRef, useState } from 'react';
import type { Card } from '@stream/core/contracts';
import { useServices } from '../app/context';

/** What {@link useCardList} gives a view. */
export interface CardList {
  /** `loading` until the first answer; `ready` keeps the last list while it reloads. */
  status: 'loading' | 'ready' | 'failed';
  cards: Card[];
  /** Loads the list again; resolves once it has answered: true, or false when it failed (the list is kept). */
  reload(): Promise<boolean>;
  /** Changes the list shown without asking the platform (after a call whose reload failed). */
  update(change: (cards: Card[]) => Card[]): void;
}

/**
 * The account's stored cards (`cards.list()`, commerce-and-account-data.md §3 "Card"), loaded
 * on mount. `reload()` returns a promise, so an action can wait for the list to reflect it before
 * moving focus or announcing the result. A late answer of an older load is dropped.
 */
export function useCardList(): CardList {
  const { api } = useServices();
  const [state, setState] = useState<{ status: CardList['status']; cards: Card[] }>({ status: 'loading', cards: [] });
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const { cards } = await api.cards.list();
      if (mine === generation.current) setState({ status: 'ready', cards });
      return true;
    } catch (error) {
      console.error(error);
      if (mine === generation.current) setState((previous) => (previous.status === 'ready' ? previous : { status: 'failed', cards: [] }));
      return false;
    }
  }, [api]);

  useEffect(() => {
    void reload();
    return () => {
      generation.current++;
    };
  }, [reload]);

  const retry = useCallback(() => {
    setState((previous) => (previous.status === 'failed' ? { status: 'loading', cards: [] } : previous));
    return reload();
  }, [reload]);

  const update = useCallback((change: (cards: Card[]) => Card[]) => {
    setState((previous) => (previous.status === 'ready' ? { ...previous, cards: change(previous.cards) } : previous));
  }, []);

  return { ...state, reload: retry, update };
}
