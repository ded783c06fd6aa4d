import { useEffect, useRef, type MutableRefObject } from 'react';

/**
 * A ref whose function (set it on each render, for example to a machine's `end`) is called when
 * the component unmounts and on `pagehide` (a reload or a navigation away from the app): a
 * player's leases are let go at once (issue 17). Call it before the machine's hook, so that its
 * clean-up runs first, while the machine still runs.
 */
export function useEndOnLeave(): MutableRefObject<(() => void) | null> {
  const end = useRef<(() => void) | null>(null);
  useEffect(() => {
    const onPageHide = () => end.current?.();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      end.current?.();
    };
  }, []);
  return end;
}
