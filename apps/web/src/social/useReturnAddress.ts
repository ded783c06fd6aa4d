import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** What {@link useReturnAddress} follows: a sign-in view back from an external provider. */
export interface ReturnAddressView {
  /** The in-app address without the provider's answer (`code`, `id_token`, `state`), else null. */
  cleanUrl: string | null;
  /** True while the machine waits for the address to be replaced before it uses the answer. */
  waitingForAddress: boolean;
  /** Tells the machine the address now shows `cleanUrl`. */
  urlReplaced(): void;
}

/**
 * The address bar of a page an external provider sends the browser back to: puts the view's
 * `cleanUrl` in place of the current history entry (so no code or token stays in the address or
 * the history), once per value, then tells the machine (`urlReplaced`) when it waits for it. Once
 * signed in, the session takes the viewer on. Used by the social sign-in page; the OpenID and
 * OAuth pages do the same by hand.
 */
export function useReturnAddress(view: ReturnAddressView): void {
  const [, navigate] = useLocation();
  const replaced = useRef<string | null>(null);
  const { cleanUrl, waitingForAddress, urlReplaced } = view;
  useEffect(() => {
    if (cleanUrl === null || replaced.current === cleanUrl) return;
    replaced.current = cleanUrl;
    navigate(cleanUrl, { replace: true });
    if (waitingForAddress) urlReplaced();
  }, [cleanUrl, waitingForAddress, urlReplaced, navigate]);
}
