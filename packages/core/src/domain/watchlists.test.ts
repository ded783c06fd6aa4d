import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedWatchlistActions,
  applyWatchlistReorder,
  decideWatchlistAction,
  moveWatchlistItem,
  WATCHLIST_ACTIONS,
  WATCHLIST_NAME_MAX_LENGTH,
  watchlistErrorKey,
  watchlistItemKey,
  watchlistName,
  watchlistReorder,
  watchlistShareablePath,
  watchlistShareToken,
  type WatchlistAction,
  type WatchlistItemRef,
  type WatchlistRelation,
} from './watchlists.js';

const actionArb = fc.constantFrom(...WATCHLIST_ACTIONS);
const relationArb: fc.Arbitrary<WatchlistRelation | null> = fc.oneof(
  fc.constant(null),
  fc.record({ ownership: fc.constantFrom('OWNED' as const, 'SHARED' as const), saved: fc.boolean() }),
);
const OWNER_ONLY: WatchlistAction[] = ['rename', 'delete', 'addContent', 'removeContent', 'reorder'];

/** Distinct items (distinct keys), 0 to 30 of them. */
const itemsArb: fc.Arbitrary<WatchlistItemRef[]> = fc
  .uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 6 }), type: fc.constantFrom('VOD', 'SERIES', 'LIVE', 'EPISODE') }), {
    maxLength: 30,
    selector: watchlistItemKey,
  })
  .map((items) => items);

/** A list, a prefix length and a permutation of that prefix. */
const reorderCaseArb = itemsArb.chain((items) =>
  fc.integer({ min: 0, max: items.length }).chain((n) =>
    fc.shuffledSubarray(items.slice(0, n), { minLength: n, maxLength: n }).map((prefix) => ({ items, n, prefix })),
  ),
);

describe('decideWatchlistAction (commerce §4)', () => {
  it('nobody reaches a list without a relation: 404 for every action (property)', () => {
    fc.assert(
      fc.property(actionArb, fc.constantFrom(null, undefined, {}, { ownership: 'ADMIN', saved: true }, { ownership: 'OWNED' }), (action, relation) => {
        expect(decideWatchlistAction(relation as WatchlistRelation | null, action)).toEqual({ allowed: false, status: 404, code: 'NOT_FOUND' });
      }),
    );
  });

  it('only OWNED lists are renamed, deleted or edited; SHARED ones answer 403 NOT_OWNER (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OWNER_ONLY), fc.boolean(), (action, saved) => {
        expect(decideWatchlistAction({ ownership: 'OWNED', saved }, action)).toEqual({ allowed: true, saved: true });
        expect(decideWatchlistAction({ ownership: 'SHARED', saved }, action)).toEqual({ allowed: false, status: 403, code: 'NOT_OWNER' });
      }),
    );
  });

  it('a shared list can be saved and unsaved; one\'s own list is always saved (409 on save/unsave)', () => {
    expect(decideWatchlistAction({ ownership: 'SHARED', saved: false }, 'save')).toEqual({ allowed: true, saved: true });
    expect(decideWatchlistAction({ ownership: 'SHARED', saved: true }, 'save')).toEqual({ allowed: true, saved: true });
    expect(decideWatchlistAction({ ownership: 'SHARED', saved: true }, 'unsave')).toEqual({ allowed: true, saved: false });
    expect(decideWatchlistAction({ ownership: 'OWNED', saved: true }, 'save')).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(decideWatchlistAction({ ownership: 'OWNED', saved: true }, 'unsave')).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(decideWatchlistAction({ ownership: 'SHARED', saved: false }, 'view')).toEqual({ allowed: true, saved: false });
  });

  it('a shared list never loses its saved flag except by unsave (property over any sequence of actions)', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 30 }), fc.boolean(), (actions, saved0) => {
        let relation: WatchlistRelation = { ownership: 'SHARED', saved: saved0 };
        for (const action of actions) {
          const before = relation.saved;
          const decision = decideWatchlistAction(relation, action);
          if (decision.allowed) relation = { ...relation, saved: decision.saved };
          if (action === 'delete') expect(relation.saved).toBe(before);
          if (relation.saved !== before) expect(['save', 'unsave']).toContain(action);
          expect(relation.ownership).toBe('SHARED');
        }
      }),
    );
  });

  it('unknown actions are a typed 400, never an exception', () => {
    expect(decideWatchlistAction({ ownership: 'OWNED', saved: true }, 'publish' as WatchlistAction)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });

  it('allowedWatchlistActions lists exactly the allowed decisions (property)', () => {
    fc.assert(
      fc.property(relationArb, (relation) => {
        const allowed = allowedWatchlistActions(relation);
        for (const action of WATCHLIST_ACTIONS) expect(allowed.includes(action)).toBe(decideWatchlistAction(relation, action).allowed);
      }),
    );
    expect(allowedWatchlistActions({ ownership: 'SHARED', saved: false })).toEqual(['view', 'save', 'unsave']);
    expect(allowedWatchlistActions(null)).toEqual([]);
  });
});

describe('reorder payload (commerce §9 "reorder sends the first items up to lastSeen")', () => {
  it('sends the first lastSeen items, as { id, contentType }', () => {
    const items = [
      { id: 'a', type: 'VOD' },
      { id: 'b', type: 'series' },
      { id: 'c', type: 'LIVE' },
    ];
    expect(watchlistReorder(items, 2)).toEqual({
      lastSeen: 2,
      content: [
        { id: 'a', contentType: 'VOD' },
        { id: 'b', contentType: 'SERIES' },
      ],
    });
    expect(watchlistReorder(items, 10).lastSeen).toBe(3);
    expect(watchlistReorder(items, -1)).toEqual({ lastSeen: 0, content: [] });
    expect(watchlistReorder(items, 1.5)).toEqual({ lastSeen: 0, content: [] });
  });

  it('any permutation of the first lastSeen items round-trips; the rest keeps its order (property)', () => {
    fc.assert(
      fc.property(reorderCaseArb, ({ items, n, prefix }) => {
        const shown = [...prefix, ...items.slice(n)];
        const payload = watchlistReorder(shown, n);
        expect(payload.lastSeen).toBe(n);
        const outcome = applyWatchlistReorder(items, payload);
        expect(outcome).toEqual({ ok: true, items: shown });
      }),
    );
  });

  it('a payload that is not the platform\'s first items is STALE; a malformed one is refused (property)', () => {
    fc.assert(
      fc.property(reorderCaseArb, fc.string({ minLength: 1, maxLength: 4 }), ({ items, n, prefix }, stranger) => {
        fc.pre(n > 0 && !items.some((item) => item.id === `x-${stranger}`));
        const payload = watchlistReorder(prefix, n);
        const swapped = { ...payload, content: [...payload.content.slice(1), { id: `x-${stranger}`, contentType: 'VOD' }] };
        expect(applyWatchlistReorder(items, swapped)).toEqual({ ok: false, problem: 'STALE' });
        expect(applyWatchlistReorder(items, { ...payload, lastSeen: n + 1 })).toEqual({ ok: false, problem: 'LENGTH_MISMATCH' });
        const twice = { lastSeen: n + 1, content: [...payload.content, payload.content[0]!] };
        expect(applyWatchlistReorder(items, twice)).toEqual({ ok: false, problem: 'DUPLICATE' });
      }),
    );
    expect(applyWatchlistReorder([{ id: 'a', type: 'VOD' }], { lastSeen: 2, content: [{ id: 'a', contentType: 'VOD' }, { id: 'b', contentType: 'VOD' }] })).toEqual({
      ok: false,
      problem: 'STALE',
    });
  });

  it('moveWatchlistItem keeps the same items, puts the moved one at `to`, and ignores bad indexes (property)', () => {
    fc.assert(
      fc.property(itemsArb, fc.integer({ min: -2, max: 32 }), fc.integer({ min: -2, max: 32 }), (items, from, to) => {
        const moved = moveWatchlistItem(items, from, to);
        expect([...moved].sort((a, b) => watchlistItemKey(a).localeCompare(watchlistItemKey(b)))).toEqual(
          [...items].sort((a, b) => watchlistItemKey(a).localeCompare(watchlistItemKey(b))),
        );
        if (from >= 0 && from < items.length && to >= 0 && to < items.length) {
          expect(moved[to]).toBe(items[from]);
          expect(moveWatchlistItem(moved, to, from)).toEqual(items);
        } else {
          expect(moved).toEqual(items);
        }
      }),
    );
  });
});

describe('sharing, names and errors', () => {
  it('the shareable path carries the token on WATCHLISTS, and gives it back (property)', () => {
    expect(watchlistShareablePath('abc')).toBe('/watchlists?share=abc');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (token) => {
        const path = watchlistShareablePath(token);
        expect(watchlistShareToken(path.slice(path.indexOf('?')))).toBe(token);
      }),
    );
    expect(watchlistShareToken('')).toBeNull();
    expect(watchlistShareToken('?share=')).toBeNull();
    expect(watchlistShareToken('lang=es&share=t1')).toBe('t1');
  });

  it('names are trimmed, 1 to 100 characters', () => {
    expect(watchlistName('  Friday films ')).toBe('Friday films');
    expect(watchlistName('   ')).toBeNull();
    expect(watchlistName('x'.repeat(WATCHLIST_NAME_MAX_LENGTH))).toHaveLength(WATCHLIST_NAME_MAX_LENGTH);
    expect(watchlistName('x'.repeat(WATCHLIST_NAME_MAX_LENGTH + 1))).toBeNull();
    expect(watchlistName(42 as unknown as string)).toBeNull();
  });

  it('maps a failed call to a message key', () => {
    expect(watchlistErrorKey({ status: 403, code: 'NOT_OWNER' })).toBe('watchlistNotOwner');
    expect(watchlistErrorKey({ status: 404, code: 'NOT_FOUND' })).toBe('watchlistNotFound');
    expect(watchlistErrorKey({ status: 409, code: 'CONFLICT' })).toBe('watchlistChanged');
    expect(watchlistErrorKey({ status: 400 })).toBe('watchlistInvalid');
    expect(watchlistErrorKey({})).toBe('unknownError');
  });
});
