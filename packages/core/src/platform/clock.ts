import type { Clock } from './types.js';

/** The wall clock: `now()` is `Date.now()`, milliseconds since the Unix epoch. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock stopped at `ms` (milliseconds since the Unix epoch), for tests. */
export function fixedClock(ms: number): Clock {
  return { now: () => ms };
}

/** A test clock that moves only when told. */
export interface ManualClock extends Clock {
  /** Moves the clock forward by `ms` milliseconds (negative moves it back). */
  advance(ms: number): void;
  /** Sets the clock to `ms` milliseconds since the Unix epoch. */
  set(ms: number): void;
}

/** A {@link ManualClock} starting at `startMs` (milliseconds since the Unix epoch). @default 0 */
export function manualClock(startMs = 0): ManualClock {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}
