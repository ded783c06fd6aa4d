import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NAVBAR_INITIAL_STATE,
  NAVBAR_MOBILE_BREAKPOINT_PX,
  isMobileWidth,
  isSearchHash,
  navbarReducer,
  type NavbarAction,
  type NavbarState,
} from './index.js';

const state = fc.record({ open: fc.boolean(), mobile: fc.boolean() });
const hash = fc.oneof(fc.constantFrom('', '#search', 'search', '#', '#Search', '#searchx'), fc.string());
const action: fc.Arbitrary<NavbarAction> = fc.oneof(
  fc.constant({ type: 'navbar.toggle' as const }),
  fc.constant({ type: 'navbar.open' as const }),
  fc.constant({ type: 'navbar.close' as const }),
  fc.boolean().map((mobile) => ({ type: 'navbar.mobile' as const, mobile })),
  hash.map((h) => ({ type: 'navbar.routeChange' as const, hash: h })),
);

describe('isMobileWidth (§9 mobile breakpoint 1024 px)', () => {
  it('is the hamburger layout below 1024 px, the full one from 1024', () => {
    expect(isMobileWidth(390)).toBe(true);
    expect(isMobileWidth(1023)).toBe(true);
    expect(isMobileWidth(1024)).toBe(false);
    expect(isMobileWidth(1920)).toBe(false);
    expect(isMobileWidth(Number.NaN)).toBe(true);
  });

  it('agrees with the breakpoint for any width (property)', () => {
    fc.assert(
      fc.property(fc.double(), (px) => {
        expect(isMobileWidth(px)).toBe(!(px >= NAVBAR_MOBILE_BREAKPOINT_PX));
      }),
    );
  });
});

describe('navbarReducer (§4 Navbar)', () => {
  it('starts closed and opens, closes and toggles', () => {
    const opened = navbarReducer(NAVBAR_INITIAL_STATE, { type: 'navbar.open' });
    expect(opened).toEqual({ open: true, mobile: false });
    expect(navbarReducer(opened, { type: 'navbar.close' })).toEqual(NAVBAR_INITIAL_STATE);
    expect(navbarReducer(NAVBAR_INITIAL_STATE, { type: 'navbar.toggle' }).open).toBe(true);
  });

  it('closes on a route change, except to #search in the hamburger layout', () => {
    const mobileOpen: NavbarState = { open: true, mobile: true };
    expect(navbarReducer(mobileOpen, { type: 'navbar.routeChange', hash: '' }).open).toBe(false);
    expect(navbarReducer(mobileOpen, { type: 'navbar.routeChange', hash: '#search' }).open).toBe(true);
    expect(navbarReducer({ open: true, mobile: false }, { type: 'navbar.routeChange', hash: '#search' }).open).toBe(false);
    expect(isSearchHash('search')).toBe(true);
    expect(isSearchHash('#Search')).toBe(false);
  });

  it('closes when the layout leaves the hamburger', () => {
    expect(navbarReducer({ open: true, mobile: true }, { type: 'navbar.mobile', mobile: false })).toEqual({ open: false, mobile: false });
    expect(navbarReducer({ open: true, mobile: false }, { type: 'navbar.mobile', mobile: true })).toEqual({ open: true, mobile: true });
  });

  it('toggle twice is the identity (property)', () => {
    fc.assert(
      fc.property(state, (s) => {
        const twice = navbarReducer(navbarReducer(s, { type: 'navbar.toggle' }), { type: 'navbar.toggle' });
        expect(twice).toEqual(s);
      }),
    );
  });

  it('close always closes and changes nothing else (property)', () => {
    fc.assert(
      fc.property(state, (s) => {
        expect(navbarReducer(s, { type: 'navbar.close' })).toEqual({ ...s, open: false });
      }),
    );
  });

  it('a route change never opens the menu, and only #search in the hamburger layout keeps it open (property)', () => {
    fc.assert(
      fc.property(state, hash, (s, h) => {
        const next = navbarReducer(s, { type: 'navbar.routeChange', hash: h });
        expect(next.mobile).toBe(s.mobile);
        if (!s.open) expect(next.open).toBe(false);
        expect(next.open).toBe(s.open && s.mobile && isSearchHash(h));
      }),
    );
  });

  it('any sequence of actions keeps the menu closed outside the hamburger layout after a route change (property)', () => {
    fc.assert(
      fc.property(state, fc.array(action), hash, (s, actions, h) => {
        const end = navbarReducer(actions.reduce(navbarReducer, s), { type: 'navbar.routeChange', hash: h });
        if (!end.mobile) expect(end.open).toBe(false);
      }),
    );
  });

  it('ignores an unknown action', () => {
    const s: NavbarState = { open: true, mobile: true };
    expect(navbarReducer(s, { type: 'navbar.unknown' } as unknown as NavbarAction)).toBe(s);
    expect(navbarReducer(s, undefined as unknown as NavbarAction)).toBe(s);
  });
});
