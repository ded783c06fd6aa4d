import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { matchedState } from './matchedState.js';

const machine = createMachine({
  initial: 'a',
  states: {
    a: { on: { next: 'b' } },
    b: { on: { next: 'c' } },
    c: { initial: 'inner', states: { inner: {} } },
  },
});

describe('matchedState', () => {
  it('gives the first listed state the snapshot is in, else the fallback', () => {
    const actor = createActor(machine).start();
    const seen = () => matchedState(actor.getSnapshot(), ['b', 'c'], 'other');
    expect(seen()).toBe('other');
    actor.send({ type: 'next' });
    expect(seen()).toBe('b');
    actor.send({ type: 'next' });
    // A parent state matches while one of its children is active.
    expect(seen()).toBe('c');
    expect(matchedState(actor.getSnapshot(), ['a', 'c', 'b'], 'other')).toBe('c');
  });
});
