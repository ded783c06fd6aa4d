import { assign, fromPromise, setup } from 'xstate';
import { STREAM_HEARTBEAT_INTERVAL_MS } from '../../domain/streamLeases.js';
import type { LostLease, StreamHeartbeatAnswer, StreamHeartbeatFunction, StreamLeaseContext, StreamLeaseEvent, StreamLeaseInput, StreamLeaseOutput, StreamStopFunction } from './streamLease.types.js';

/** An interval the machine uses: a finite one from 1 s to 10 min, else {@link STREAM_HEARTBEAT_INTERVAL_MS}. */
const intervalOf = (ms: number | undefined) => (typeof ms === 'number' && Number.isFinite(ms) && ms >= 1000 && ms <= 600_000 ? ms : STREAM_HEARTBEAT_INTERVAL_MS);

/**
 * The stream-lease machine a player runs while it plays (issue 17; docs/api.md "Concurrent
 * streams"; the rules are `domain/streamLeases`): every `heartbeatIntervalMs` (20 s; named delay
 * `heartbeatInterval`) it renews the player's leases with one heartbeat (`POST
 * /api/v1/multiviewHeartbeat`: all the tiles of a multi-view at once, or the one lease of a single
 * player). A lease the platform answers as not `ACTIVE` (stopped from another device, expired,
 * unknown) moves to `lost` and is no longer renewed: the player stops that video and says why;
 * when no lease is left the machine is `stopped` (final). A heartbeat that fails is retried at
 * the next interval (`failures` counts them; a lease lives 60 s, three intervals).
 *
 * `lease.add` adds a lease (a tile started), `lease.release` stops one on the platform (a tile
 * closed), `lease.end` stops them all and ends the machine (`ended`, final): the place is free at
 * once rather than after 60 s. A machine left with no lease the player did not release itself is
 * `ended` too (never `stopped`).
 */
export const streamLeaseMachine = setup({
  types: {} as { context: StreamLeaseContext; events: StreamLeaseEvent; input: StreamLeaseInput; output: StreamLeaseOutput },
  actors: {
    /** One heartbeat of the leases. */
    heartbeat: fromPromise<StreamHeartbeatAnswer, { heartbeat: StreamHeartbeatFunction; leaseIds: string[] }>(({ input, signal }) =>
      input.heartbeat({ leaseIds: input.leaseIds, signal }),
    ),
    /** Stops leases (best effort: a failure is ignored, the lease then expires by itself). */
    stopLeases: fromPromise<void, { stop: StreamStopFunction | undefined; leaseIds: string[] }>(async ({ input }) => {
      if (!input.stop) return;
      await Promise.allSettled(input.leaseIds.map((leaseId) => input.stop!({ leaseId })));
    }),
  },
  actions: {
    addLease: assign(({ context }, params: { leaseId: string }) =>
      context.leaseIds.includes(params.leaseId) || context.lost.some((l) => l.leaseId === params.leaseId) ? {} : { leaseIds: [...context.leaseIds, params.leaseId] },
    ),
    dropLease: assign(({ context }, params: { leaseId: string }) => ({ leaseIds: context.leaseIds.filter((id) => id !== params.leaseId) })),
    /** Takes a heartbeat's answer: leases not ACTIVE are lost; a lease the answer leaves out is kept (asked again next time). */
    recordAnswer: assign(({ context }, params: { answer: StreamHeartbeatAnswer }) => {
      const gone: LostLease[] = [];
      for (const lease of params.answer.leases) {
        if (lease.status !== 'ACTIVE' && context.leaseIds.includes(lease.leaseId)) gone.push({ leaseId: lease.leaseId, status: lease.status });
      }
      return {
        leaseIds: context.leaseIds.filter((id) => !gone.some((l) => l.leaseId === id)),
        lost: [...context.lost, ...gone],
        intervalMs: params.answer.heartbeatIntervalMs === undefined ? context.intervalMs : intervalOf(params.answer.heartbeatIntervalMs),
        beats: context.beats + 1,
        failures: 0,
      };
    }),
    recordFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    /** Stops one lease on the platform, in the background (not awaited, never fails the machine). */
    stopInBackground: ({ context }, params: { leaseId: string }) => {
      void context.env.stop?.({ leaseId: params.leaseId })?.catch(() => undefined);
    },
  },
  guards: {
    /** No lease left, and the platform took at least one: the player is stopped. */
    allLost: ({ context }) => context.leaseIds.length === 0 && context.lost.length > 0,
    /** No lease left, all released by the player (or none given). */
    noLeaseLeft: ({ context }) => context.leaseIds.length === 0,
  },
  delays: {
    /** The interval of the start's (or last heartbeat's) answer, 20 s by default. */
    heartbeatInterval: ({ context }) => context.intervalMs,
  },
}).createMachine({
  id: 'streamLease',
  description:
    'The stream-lease machine (issue 17; docs/api.md "Concurrent streams"): the leases of a player renewed by one heartbeat every 20 s (named delay heartbeatInterval); a lease the platform answers stopped, expired or unknown is lost; no lease left is stopped; lease.end stops them all.',
  context: ({ input }) => ({
    leaseIds: [...new Set(input.leaseIds)],
    lost: [],
    intervalMs: intervalOf(input.intervalMs),
    beats: 0,
    failures: 0,
    env: { heartbeat: input.heartbeat, stop: input.stop },
  }),
  output: ({ context }) => ({ stopped: context.leaseIds.length === 0 && context.lost.length > 0, lost: context.lost }),
  initial: 'waiting',
  on: {
    'lease.add': { actions: { type: 'addLease', params: ({ event }) => event } },
    'lease.release': {
      actions: [
        { type: 'dropLease', params: ({ event }) => event },
        { type: 'stopInBackground', params: ({ event }) => event },
      ],
    },
    'lease.end': { target: '.ending' },
  },
  states: {
    waiting: {
      description: 'Until the next heartbeat.',
      always: [
        { guard: 'allLost', target: 'stopped' },
        { guard: 'noLeaseLeft', target: 'ended' },
      ],
      after: { heartbeatInterval: { target: 'beating' } },
    },
    beating: {
      description: 'One heartbeat of every lease held on its way.',
      invoke: {
        src: 'heartbeat',
        input: ({ context }) => ({ heartbeat: context.env.heartbeat, leaseIds: context.leaseIds }),
        onDone: { target: 'waiting', actions: { type: 'recordAnswer', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'waiting', actions: 'recordFailure' },
      },
    },
    ending: {
      description: 'The player ends: its leases are stopped on the platform.',
      on: { 'lease.add': {}, 'lease.release': {}, 'lease.end': {} },
      invoke: {
        src: 'stopLeases',
        input: ({ context }) => ({ stop: context.env.stop, leaseIds: context.leaseIds }),
        onDone: { target: 'ended' },
        onError: { target: 'ended' },
      },
    },
    ended: {
      description: 'The player ended and let its leases go.',
      type: 'final',
    },
    stopped: {
      description: 'The platform holds none of the leases any more (stopped elsewhere, expired or unknown: `lost` says which): the player stops.',
      type: 'final',
    },
  },
});

/** The stream-lease machine's type. */
export type StreamLeaseMachine = typeof streamLeaseMachine;
