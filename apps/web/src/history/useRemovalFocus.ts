import { useEffect, useRef, type RefObject } from 'react';

/**
 * Where focus goes after a title is removed from a list of {@link ProgressCard}s (the card of the
 * removed title is gone): to the next title's link, else the previous one's, else `fallback()`
 * (the page's heading, or its main landmark). `removed(ids, index)` is called with the list's ids as shown and the index of
 * the one removed; focus moves after the next render (`changed` is what changes then).
 */
export function useRemovalFocus(container: RefObject<HTMLElement | null>, fallback: () => HTMLElement | null, changed: unknown) {
  const target = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (target.current === undefined) return;
    const id = target.current;
    target.current = undefined;
    const link = id === null ? null : container.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"] .card-link`);
    (link ?? fallback())?.focus();
      // Runs after the render that hid the title.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changed]);
  return (ids: readonly string[], index: number) => {
    target.current = ids[index + 1] ?? ids[index - 1] ?? null;
  };
}
