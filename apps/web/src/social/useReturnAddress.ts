import { useLayoutEffect, useRef } from 'react';
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
 * signed in, the session takes the viewer on. The address changes in the same task as the render
 * that first knows `cleanUrl` (a layout effect), so no screen (an error alert included) is ever
 * shown with the answer still in the address bar. Used by the social, OPIN, OpenID and OAuth
 * sign-in pages.
 */
export function useReturnAddress(view: ReturnAddressView): void {
  const [, navigate] = useLocation();
  const replaced = useRef<string | null>(null);
  const { cleanUrl, waitingForAddress, urlReplaced } = view;
  useLayoutEffect(() => {
    if (cleanUrl === null || replaced.current === cleanUrl) return;
    replaced.current = cleanUrl;
    navigate(cleanUrl, { replace: true });
    if (waitingForAddress) urlReplaced();
  }, [cleanUrl, waitingForAddress, urlReplaced, navigate]);
}
