import { useEffect, useState } from 'react';

/** A machine message on screen: a known label key is translated, server text shows as it is. */
export function messageText(i18n: { t(key: string): string; isKnownKey(key: string): boolean }, message: string | null): string | null {
  if (message === null || message === '') return null;
  return i18n.isKnownKey(message) ? i18n.t(message) : message;
}

/**
 * The query a payment provider or the 3-D Secure challenge sent the payer back with, read once
 * (first render) and then removed from the address bar (`history.replaceState`), so that a reload,
 * the history or a shared link does not carry it again.
 */
export function useReturnQuery(): URLSearchParams {
  const [params] = useState(() => new URLSearchParams(window.location.search));
  useEffect(() => {
    if (window.location.search === '') return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.hash}`);
  }, []);
  return params;
}
