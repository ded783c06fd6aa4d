import { useEffect, useRef } from 'react';

/**
 * Calls `onLeave` when the viewer navigates elsewhere in the app while the page is shown: a click
 * on an in-app link (same origin, not opening a new tab) whose path differs from the current one,
 * or the browser's back/forward buttons. The call happens in the event itself, before the router
 * renders the next page, so it never runs from an effect cleanup (core's `tvProviderSignIn`
 * note: StrictMode's re-mount must not end the flow). `onLeave` may be called more than once.
 */
export function useLeaveOnNavigation(onLeave: () => void): void {
  const latest = useRef(onLeave);
  latest.current = onLeave;
  useEffect(() => {
    const here = window.location.pathname;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin === window.location.origin && url.pathname !== here) latest.current();
    };
    const onPopState = () => {
      if (window.location.pathname !== here) latest.current();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
    };
  }, []);
}
