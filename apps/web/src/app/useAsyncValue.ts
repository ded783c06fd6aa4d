import { useCallback, useEffect, useRef, useState } from 'react';

/** What {@link useAsyncValue} gives a view. */
export interface AsyncValue<T> {
  /** `loading` until the first answer; `ready` keeps showing the last data while it reloads. */
  status: 'loading' | 'ready' | 'failed';
  /** The last data loaded, or undefined before the first success. */
  data: T | undefined;
  /** The failure of the last load (for the console; views show a label). */
  error: unknown;
  /** True while a reload runs after a first success. */
  reloading: boolean;
  /** Loads again; the current data stays on screen meanwhile. */
  reload(): void;
}

/**
 * Runs `load` when the component mounts and whenever `key` changes or `reload()` is called; a
 * late answer of an older load is dropped. For values that are not platform reads (a module
 * loaded on demand, such as the Firebase SDK's adapter): platform reads go through the resource
 * layer (`@stream/react`'s `useResource`), mutations through the machines.
 */
export function useAsyncValue<T>(load: () => Promise<T>, key = ''): AsyncValue<T> {
  const [state, setState] = useState<{ status: AsyncValue<T>['status']; data: T | undefined; error: unknown; reloading: boolean }>({
    status: 'loading',
    data: undefined,
    error: undefined,
    reloading: false,
  });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let current = true;
    setState((previous) =>
      previous.status === 'ready' ? { ...previous, reloading: true } : { ...previous, status: 'loading', error: undefined },
    );
    loadRef.current().then(
      (data) => {
        if (current) setState({ status: 'ready', data, error: undefined, reloading: false });
      },
      (error: unknown) => {
        if (!current) return;
        console.error(error);
        // A failed reload keeps the data on screen.
        setState((previous) =>
          previous.data !== undefined
            ? { ...previous, error, reloading: false }
            : { status: 'failed', data: undefined, error, reloading: false },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [key, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { ...state, reload };
}
