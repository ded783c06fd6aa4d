import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idempotencyKeyStep, type IdempotencyEvent, type IdempotencyState } from './index.js';

/** Plays `events` from the start with keys k1, k2, …; the key each attempt sends, with its index in `events`. */
function play(events: readonly IdempotencyEvent[]) {
  let n = 1;
  let key = 'k1';
  let state: IdempotencyState = { lastMethod: undefined };
  const sent: { index: number; key: string; method: string }[] = [];
  const keys = new Set([key]);
  events.forEach((event, index) => {
    const step = idempotencyKeyStep(state, event);
    if (step.renew) {
      n += 1;
      key = `k${n}`;
      keys.add(key);
    }
    state = { lastMethod: step.lastMethod };
    if (event.type === 'attempt') sent.push({ index, key, method: event.method });
  });
  return { sent, keys };
}

const event: fc.Arbitrary<IdempotencyEvent> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('pd_1', 'pd_2', 'ZERO_BALANCE', '').map((method) => ({ type: 'attempt' as const, method })) },
  { weight: 2, arbitrary: fc.constant({ type: 'failed' as const }) },
  fc.constantFrom<IdempotencyEvent>({ type: 'methodChanged' }, { type: 'basketChanged' }, { type: 'succeeded' }),
);

describe('idempotencyKeyStep', () => {
  it('keeps the key for a retry, renews it for another method, a method or basket change, and after a success', () => {
    expect(idempotencyKeyStep({ lastMethod: undefined }, { type: 'attempt', method: 'pd_1' })).toEqual({ renew: false, lastMethod: 'pd_1' });
    expect(idempotencyKeyStep({ lastMethod: 'pd_1' }, { type: 'attempt', method: 'pd_1' })).toEqual({ renew: false, lastMethod: 'pd_1' });
    expect(idempotencyKeyStep({ lastMethod: 'pd_1' }, { type: 'attempt', method: 'pd_2' })).toEqual({ renew: true, lastMethod: 'pd_2' });
    expect(idempotencyKeyStep({ lastMethod: 'pd_1' }, { type: 'failed' })).toEqual({ renew: false, lastMethod: 'pd_1' });
    expect(idempotencyKeyStep({ lastMethod: 'pd_1' }, { type: 'methodChanged' })).toEqual({ renew: true, lastMethod: undefined });
    expect(idempotencyKeyStep({ lastMethod: 'pd_1' }, { type: 'basketChanged' })).toEqual({ renew: true, lastMethod: 'pd_1' });
    expect(idempotencyKeyStep({ lastMethod: 'pd_1' }, { type: 'succeeded' })).toEqual({ renew: true, lastMethod: 'pd_1' });
    expect(idempotencyKeyStep({ lastMethod: 'pd_1' }, { type: 'other' } as unknown as IdempotencyEvent)).toEqual({ renew: false, lastMethod: 'pd_1' });
  });

  it('two attempts send the same key exactly when nothing renewed it between them and they pay with one method (property)', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const { sent } = play(events);
        for (let i = 0; i < sent.length; i += 1) {
          for (let j = i + 1; j < sent.length; j += 1) {
            const a = sent[i]!;
            const b = sent[j]!;
            const between = events.slice(a.index + 1, b.index);
            const renewed = between.some((e) => e.type === 'methodChanged' || e.type === 'basketChanged' || e.type === 'succeeded');
            const oneMethod = sent.slice(i, j + 1).every((s) => s.method === a.method);
            expect(a.key === b.key, JSON.stringify({ a, b, between })).toBe(!renewed && oneMethod);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a failure never changes the key, and a renewed key was never used before (property)', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let state: IdempotencyState = { lastMethod: undefined };
        for (const e of events) {
          const step = idempotencyKeyStep(state, e);
          if (e.type === 'failed') expect(step).toEqual({ renew: false, lastMethod: state.lastMethod });
          state = { lastMethod: step.lastMethod };
        }
        const { sent, keys } = play(events);
        // Keys are handed out in order: a key, once left, never comes back.
        const order = sent.map((s) => Number(s.key.slice(1)));
        expect([...order].sort((x, y) => x - y)).toEqual(order);
        expect(keys.size).toBeGreaterThanOrEqual(new Set(sent.map((s) => s.key)).size);
      }),
    );
  });
});
