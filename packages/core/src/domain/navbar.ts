/**
 * The navbar slice of the client state: whether the navigation menu is open and whether the
 * hamburger (mobile) layout applies. Implements commerce-and-account-data.md §4 "Navbar"
 * (toggle, open, close, mobile flag; a route change closes it unless the hash is search with the
 * hamburger layout) and §9 "Mobile breakpoint 1024 px".
 */

/** Viewport width (CSS px) from which the full navbar shows; narrower viewports get the hamburger layout (§9). */
export const NAVBAR_MOBILE_BREAKPOINT_PX = 1024;

/** The location hash of the search panel (`/any/path#search`): a route change to it keeps the hamburger menu open. */
export const NAVBAR_SEARCH_HASH = '#search';

/** The navbar slice (§4 "Navbar"). */
export interface NavbarState {
  /** The navigation menu is open (in the hamburger layout: the drawer is shown). */
  open: boolean;
  /** The hamburger layout applies (viewport narrower than {@link NAVBAR_MOBILE_BREAKPOINT_PX}). */
  mobile: boolean;
}

/** What the navbar slice reacts to (§4 "Navbar"). */
export type NavbarAction =
  /** The hamburger button: opens a closed menu, closes an open one. */
  | { type: 'navbar.toggle' }
  | { type: 'navbar.open' }
  | { type: 'navbar.close' }
  /** The layout changed; leaving the hamburger layout closes the menu (there is no drawer to keep open). */
  | { type: 'navbar.mobile'; mobile: boolean }
  /** The route changed; `hash` is the new location's hash (`'#search'`, `''`, …). */
  | { type: 'navbar.routeChange'; hash: string };

/** The navbar at start: closed, full layout (the view sends `navbar.mobile` once it knows the width). */
export const NAVBAR_INITIAL_STATE: NavbarState = Object.freeze({ open: false, mobile: false });

/**
 * True when a viewport `widthPx` CSS pixels wide gets the hamburger layout: narrower than 1024 px
 * (§9 "Mobile breakpoint 1024 px"). A width that is not a number (NaN, unknown on the server)
 * counts as mobile, the layout that works everywhere. Never throws.
 */
export function isMobileWidth(widthPx: number): boolean {
  return !(typeof widthPx === 'number' && widthPx >= NAVBAR_MOBILE_BREAKPOINT_PX);
}

/** True when `hash` is the search panel's hash (`#search`, with or without the `#`). */
export function isSearchHash(hash: unknown): boolean {
  return typeof hash === 'string' && (hash === NAVBAR_SEARCH_HASH || hash === NAVBAR_SEARCH_HASH.slice(1));
}

/**
 * The navbar slice after `action` (§4 "Navbar"): `navbar.toggle` flips `open`; `navbar.open` and
 * `navbar.close` set it; `navbar.mobile` records the layout and closes the menu when the layout
 * stops being the hamburger one; `navbar.routeChange` closes the menu unless the new hash is
 * `#search` and the hamburger layout applies (the search panel lives in the drawer). Pure; an
 * unknown action returns `state` unchanged; returns the same object when nothing changes.
 */
export function navbarReducer(state: NavbarState, action: NavbarAction): NavbarState {
  switch (action?.type) {
    case 'navbar.toggle':
      return { ...state, open: !state.open };
    case 'navbar.open':
      return state.open ? state : { ...state, open: true };
    case 'navbar.close':
      return state.open ? { ...state, open: false } : state;
    case 'navbar.mobile': {
      const mobile = action.mobile === true;
      if (mobile === state.mobile) return state;
      return { mobile, open: mobile ? state.open : false };
    }
    case 'navbar.routeChange':
      if (state.mobile && isSearchHash(action.hash)) return state;
      return state.open ? { ...state, open: false } : state;
    default:
      return state;
  }
}
