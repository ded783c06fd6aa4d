import { useCallback, useEffect, useReducer, useRef, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { NAVBAR_INITIAL_STATE, NAVBAR_MOBILE_BREAKPOINT_PX, navbarReducer, type NavbarState } from '@stream/core/domain';

/** The media query of the hamburger layout: narrower than 1024 px (commerce-and-account-data.md §9). */
export const NAVBAR_MOBILE_QUERY = `(max-width: ${NAVBAR_MOBILE_BREAKPOINT_PX - 0.02}px)`;

export interface Navbar {
  state: NavbarState;
  /** The hamburger button: opens a closed drawer, closes an open one. */
  toggle(): void;
  /** Escape inside the header: closes an open drawer and returns focus to the button. */
  onKeyDown(event: KeyboardEvent): void;
  /** Goes on the hamburger button (focus returns to it). */
  buttonRef: React.RefObject<HTMLButtonElement | null>;
}

/** The slice at start, in the layout of the current width (no flash of the full navbar on a phone). */
function initialState(state: NavbarState): NavbarState {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return state;
  return navbarReducer(state, { type: 'navbar.mobile', mobile: window.matchMedia(NAVBAR_MOBILE_QUERY).matches });
}

/**
 * The navbar slice (§4 "Navbar") for the site header: `navbarReducer` over the viewport width
 * (`matchMedia`, §9 breakpoint) and the route (a route change closes the drawer, unless to
 * `#search` in the hamburger layout).
 */
export function useNavbar(): Navbar {
  const [state, dispatch] = useReducer(navbarReducer, NAVBAR_INITIAL_STATE, initialState);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [pathname] = useLocation();

  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(NAVBAR_MOBILE_QUERY);
    const update = () => dispatch({ type: 'navbar.mobile', mobile: query.matches });
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    dispatch({ type: 'navbar.routeChange', hash: typeof window === 'undefined' ? '' : window.location.hash });
  }, [pathname]);

  const toggle = useCallback(() => dispatch({ type: 'navbar.toggle' }), []);
  const open = state.open;
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return;
      dispatch({ type: 'navbar.close' });
      buttonRef.current?.focus();
    },
    [open],
  );
  return { state, toggle, onKeyDown, buttonRef };
}
