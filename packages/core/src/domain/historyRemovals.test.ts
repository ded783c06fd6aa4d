import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRemoved, NO_REMOVALS, removalReducer, type RemovalEvent } from './historyRemovals.js';

describe('removalReducer', () => {
  it('hides a title at once, keeps it hidden once removed, and names it', () => {
    let state = removalReducer(NO_REMOVALS, { type: 'start', id: 'a', title: 'Alpha' });
    expect(isRemoved(state, 'a')).toBe(true);
    state = removalReducer(state, { type: 'done', id: 'a' });
    expect(isRemoved(state, 'a')).toBe(true);
    expect(state).toMatchObject({ removing: [], removed: ['a'], done: { id: 'a', title: 'Alpha' }, refused: null });
  });

  it('shows a refused title again, with its name, until dismissed or tried again', () => {
    let state = removalReducer(NO_REMOVALS, { type: 'start', id: 'a', title: 'Alpha' });
    state = removalReducer(state, { type: 'failed', id: 'a' });
    expect(isRemoved(state, 'a')).toBe(false);
    expect(state.refused).toEqual({ id: 'a', title: 'Alpha' });
    expect(removalReducer(state, { type: 'dismiss' }).refused).toBeNull();
    const again = removalReducer(state, { type: 'start', id: 'a', title: 'Alpha' });
    expect(again.refused).toBeNull();
    expect(isRemoved(again, 'a')).toBe(true);
  });

  it('ignores answers for titles it is not removing; a title is removed at most once', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ type: fc.constant('start' as const), id: fc.constantFrom('a', 'b', 'c'), title: fc.constant('T') }),
            fc.record({ type: fc.constantFrom('done' as const, 'failed' as const), id: fc.constantFrom('a', 'b', 'c') }),
            fc.constant({ type: 'dismiss' as const }),
          ),
        ),
        (events: RemovalEvent[]) => {
          const state = events.reduce(removalReducer, NO_REMOVALS);
          expect(new Set(state.removed).size).toBe(state.removed.length);
          expect(state.removing.filter((id) => state.removed.includes(id))).toEqual([]);
          // Removed only after a start then a done.
          for (const id of state.removed) {
            const start = events.findIndex((e) => e.type === 'start' && e.id === id);
            expect(start).toBeGreaterThanOrEqual(0);
            expect(events.slice(start).some((e) => e.type === 'done' && e.id === id)).toBe(true);
          }
        },
      ),
    );
  });
});
