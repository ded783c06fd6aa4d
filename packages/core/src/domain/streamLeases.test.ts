import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concurrentStreamLimit, DEFAULT_CONCURRENT_STREAM_LIMIT, heartbeatLease, isLeaseLive, leaseStatus, liveLeases, STREAM_HEARTBEAT_INTERVAL_MS, STREAM_LEASE_TTL_MS, streamStartDecision, type StreamLease } from './streamLeases.js';

const TTL = STREAM_LEASE_TTL_MS;
const timeArb = fc.integer({ min: 0, max: 10 * TTL });
const leaseArb: fc.Arbitrary<StreamLease> = fc.record({
  leaseId: fc.uuid(),
  startedAtMs: timeArb,
  renewedAtMs: timeArb,
  stoppedAtMs: fc.option(timeArb, { nil: null }),
});

describe('lease expiry by the clock (issue 17, §9 60000 ms)', () => {
  it('a lease renewed at r is live before r + 60 s and expired from then on', () => {
    fc.assert(
      fc.property(timeArb, fc.integer({ min: 0, max: 3 * TTL }), (renewedAtMs, after) => {
        const lease = { leaseId: 'a', startedAtMs: 0, renewedAtMs };
        expect(leaseStatus(lease, renewedAtMs + after)).toBe(after < TTL ? 'ACTIVE' : 'EXPIRED');
      }),
    );
    expect(STREAM_HEARTBEAT_INTERVAL_MS * 3).toBe(TTL);
  });

  it('a stopped lease is STOPPED whatever the clock; no lease is UNKNOWN; a clock that is not a number expires', () => {
    fc.assert(
      fc.property(leaseArb, timeArb, (lease, now) => {
        if (lease.stoppedAtMs !== null) expect(leaseStatus(lease, now)).toBe('STOPPED');
        expect(leaseStatus(undefined, now)).toBe('UNKNOWN');
        expect(isLeaseLive(lease, Number.NaN)).toBe(false);
      }),
    );
  });

  it('live leases are exactly the ACTIVE ones, oldest start first', () => {
    fc.assert(
      fc.property(fc.array(leaseArb, { maxLength: 12 }), timeArb, (leases, now) => {
        const live = liveLeases(leases, now);
        expect(live.length).toBe(leases.filter((l) => leaseStatus(l, now) === 'ACTIVE').length);
        for (let i = 1; i < live.length; i += 1) expect(live[i - 1]!.startedAtMs).toBeLessThanOrEqual(live[i]!.startedAtMs);
      }),
    );
  });
});

describe('the limit (a realm setting, default 4)', () => {
  it('a setting that is not an integer from 1 to 100 is the default', () => {
    expect(concurrentStreamLimit(undefined)).toBe(DEFAULT_CONCURRENT_STREAM_LIMIT);
    expect(DEFAULT_CONCURRENT_STREAM_LIMIT).toBe(4);
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.string(), fc.constant(null)), (setting) => {
        const limit = concurrentStreamLimit(setting);
        expect(Number.isInteger(limit) && limit >= 1 && limit <= 100).toBe(true);
        if (typeof setting === 'number' && Number.isInteger(setting) && setting >= 1 && setting <= 100) expect(limit).toBe(setting);
      }),
    );
  });

  it('refuses exactly when the limit is live, naming the live leases', () => {
    fc.assert(
      fc.property(fc.array(leaseArb, { maxLength: 12 }), timeArb, fc.integer({ min: 1, max: 6 }), (leases, now, limit) => {
        const decision = streamStartDecision(leases, now, limit);
        const live = liveLeases(leases, now);
        expect(decision.allowed).toBe(live.length < limit);
        if (!decision.allowed) expect(decision.holders).toEqual(live);
      }),
    );
  });

  /** An account's history: starts, heartbeats, stops and the clock moving, in any order. */
  const opArb = fc.oneof(
    fc.record({ kind: fc.constant('start' as const) }),
    fc.record({ kind: fc.constant('heartbeat' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('stop' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 2 * TTL }) }),
  );

  it('granting whenever the rule allows never has more than the limit live at once; a stopped or expired lease never revives', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 80 }), fc.integer({ min: 1, max: 5 }), (ops, limit) => {
        let now = 0;
        let leases: StreamLease[] = [];
        const gone = new Set<string>();
        ops.forEach((op, index) => {
          if (op.kind === 'advance') now += op.ms;
          else if (op.kind === 'start') {
            if (streamStartDecision(leases, now, limit).allowed) leases = [...leases, { leaseId: `l${index}`, startedAtMs: now, renewedAtMs: now }];
          } else if (leases.length > 0) {
            const target = leases[op.pick % leases.length]!;
            const next: StreamLease | undefined =
              op.kind === 'stop' ? { ...target, stoppedAtMs: now } : heartbeatLease(target, now).lease;
            leases = leases.map((l) => (l.leaseId === target.leaseId ? next! : l));
          }
          for (const lease of leases) {
            if (!isLeaseLive(lease, now)) gone.add(lease.leaseId);
            else expect(gone.has(lease.leaseId)).toBe(false);
          }
          expect(liveLeases(leases, now).length).toBeLessThanOrEqual(limit);
        });
      }),
    );
  });

  it('a heartbeat renews only an ACTIVE lease, to the heartbeat time', () => {
    fc.assert(
      fc.property(leaseArb, timeArb, (lease, now) => {
        const { status, lease: after } = heartbeatLease(lease, now);
        expect(status).toBe(leaseStatus(lease, now));
        if (status === 'ACTIVE') expect(after!.renewedAtMs).toBe(Math.max(lease.renewedAtMs, now));
        else expect(after).toBe(lease);
      }),
    );
  });
});
