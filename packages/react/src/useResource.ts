import { useCallback, useSyncExternalStore } from 'react';
import type { ResourceQuery, ResourceState } from '@stream/core/resources';
import { useStream } from './provider';

/** What {@link useResource} gives a view: the resource's state and a way to load it again. */
export interface ResourceView<T> extends ResourceState<T> {
  /** Loads again; the current data stays on screen meanwhile. */
  reload(): void;
}

/**
 * Watches one read of the resource cache: the first watcher loads it, every view of the same key
 * shares one load and one answer, and a mutation that invalidates the key reloads it. Pass
 * `null` while the read cannot be made yet (the view shows `loading`).
 */
export function useResource<T>(query: ResourceQuery<T> | null): ResourceView<T> {
  const { resources } = useStream();
  const hash = query ? JSON.stringify(query.key) : '';
  // The key decides identity: a new query object for the same key must not resubscribe.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const subscribe = useCallback((listener: () => void) => (query ? resources.subscribe(query, listener) : () => undefined), [resources, hash]);
  const snapshot = () => (query ? resources.peek(query) : IDLE);
  const state = useSyncExternalStore(subscribe, snapshot, snapshot) as ResourceState<T>;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const reload = useCallback(() => (query ? resources.invalidate(query.key) : undefined), [resources, hash]);
  return { ...state, reload };
}

const IDLE: ResourceState<never> = Object.freeze({ status: 'loading', data: undefined, error: undefined, reloading: false });
