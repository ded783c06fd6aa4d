import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { isApiError } from '../../api/errors.js';
import type { Room } from '../../contracts/watchTogether.js';
import { reconnectDelayMs } from '../../domain/watchTogether.js';
import type { WatchTogetherCalls, WatchTogetherContext, WatchTogetherEvent, WatchTogetherInput, WatchTogetherProblem } from './watchTogether.types.js';

/** The problem an error of the platform means: 403 `LICENCE_REQUIRED` the paywall, 404 a room gone, else an error. */
export function problemOf(error: unknown): WatchTogetherProblem {
  if (isApiError(error) && error.status === 403 && error.code === 'LICENCE_REQUIRED') return 'licence';
  if (isApiError(error) && error.status === 404) return 'gone';
  return 'error';
}

/** An error after which the relay is not reconnected (the viewer lost the room or the right to it). */
const isFinalRelayError = (error: unknown) => problemOf(error) !== 'error' || (isApiError(error) && error.status === 403);

/**
 * The watch-together machine (issue 17 "Watch together"; docs/api.md "Watch together"; the rules
 * are `domain/watchTogether`): the viewer opens a room for a live event (the host) or joins one
 * from its link (a member), then follows the room's relay (server-sent events): every change
 * brings the room whole (members, the host's playback and the platform's clock, from which the
 * machine keeps `clockOffsetMs`). A relay that ends or fails is reconnected after
 * `reconnectDelayMs(attempts)` (500 ms doubling to 15 s; named delay `reconnectDelay`), the room
 * read again on reconnection; a room closed by its host ends the machine (`closed`). The host's
 * `host.update` (play, pause, seek) is sent to the room, one at a time, the latest waiting one
 * winning. A viewer without the licence ends in `locked` (the paywall), an unknown room in
 * `gone`; other failures in `failed` (`retry`). `room.leave` leaves the room (`left`).
 */
export const watchTogetherMachine = setup({
  types: {} as { context: WatchTogetherContext; events: WatchTogetherEvent; input: WatchTogetherInput },
  actors: {
    open: fromPromise<Room, { calls: WatchTogetherCalls; titleId: string }>(({ input }) => input.calls.open({ titleId: input.titleId })),
    join: fromPromise<Room, { calls: WatchTogetherCalls; roomId: string }>(({ input }) => input.calls.join({ roomId: input.roomId })),
    leave: fromPromise<unknown, { calls: WatchTogetherCalls; roomId: string | null }>(async ({ input }) => {
      if (input.roomId) await input.calls.leave({ roomId: input.roomId }).catch(() => undefined);
    }),
    publish: fromPromise<Room, { calls: WatchTogetherCalls; roomId: string; state: 'PLAYING' | 'PAUSED'; positionMs: number }>(({ input }) =>
      input.calls.publish({ roomId: input.roomId, state: input.state, positionMs: input.positionMs }),
    ),
    /** Reads the relay and tells the machine each event; `relay.lost` when it ends or fails. */
    relay: fromCallback<EventObject, { calls: WatchTogetherCalls; roomId: string }>(({ input, sendBack }) => {
      const controller = new AbortController();
      void (async () => {
        try {
          const events = await input.calls.subscribe({ roomId: input.roomId, signal: controller.signal });
          for await (const event of events) {
            if (controller.signal.aborted) return;
            if (event.type === 'closed') {
              sendBack({ type: 'relay.closed' });
              return;
            }
            sendBack({ type: 'relay.room', room: event.room });
          }
          if (!controller.signal.aborted) sendBack({ type: 'relay.lost', error: new Error('The relay ended') });
        } catch (error) {
          if (!controller.signal.aborted) sendBack({ type: 'relay.lost', error });
        }
      })();
      return () => controller.abort();
    }),
  },
  actions: {
    /** Keeps a room the platform sent (a newer version than the one held, or the first) and the clock offset. */
    takeRoom: assign(({ context }, params: { room: Room }) => {
      if (context.room && context.room.roomId === params.room.roomId && params.room.version < context.room.version) return {};
      const platformMs = Date.parse(params.room.now);
      return {
        room: params.room,
        roomId: params.room.roomId,
        clockOffsetMs: Number.isFinite(platformMs) ? platformMs - context.env.now() : context.clockOffsetMs,
      };
    }),
    connected: assign({ attempts: 0 }),
    countFailure: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    queueUpdate: assign((_, params: { state: 'PLAYING' | 'PAUSED'; positionMs: number }) => ({ pendingUpdate: { state: params.state, positionMs: params.positionMs } })),
    takePendingUpdate: assign(({ context }) => ({ pendingUpdate: null, sendingUpdate: context.pendingUpdate })),
    setProblem: assign((_, params: { error: unknown }) => ({ problem: problemOf(params.error) })),
    clearProblem: assign({ problem: null }),
  },
  guards: {
    joining: ({ context }) => context.roomId !== null,
    isHost: ({ context }) => context.room !== null && context.room.hostId === context.userId,
    hasPendingUpdate: ({ context }) => context.pendingUpdate !== null,
    finalRelayError: (_, params: { error: unknown }) => isFinalRelayError(params.error),
    licenceError: (_, params: { error: unknown }) => problemOf(params.error) === 'licence',
    goneError: (_, params: { error: unknown }) => problemOf(params.error) === 'gone',
  },
  delays: {
    /** The backoff of the relay's reconnection: 500 ms doubling to 15 s (`reconnectDelayMs`). */
    reconnectDelay: ({ context }) => reconnectDelayMs(context.attempts),
  },
}).createMachine({
  id: 'watchTogether',
  description:
    'Watch together (issue 17; docs/api.md "Watch together"): open a room (host) or join one, follow its relay (server-sent events; reconnected with backoff, named delay reconnectDelay), send the host\'s play, pause and seek; locked without the licence, gone for an unknown room, closed when the host leaves.',
  context: ({ input }) => ({
    titleId: input.titleId,
    roomId: input.roomId ?? null,
    userId: input.userId,
    room: null,
    clockOffsetMs: 0,
    attempts: 0,
    pendingUpdate: null,
    sendingUpdate: null,
    problem: null,
    env: { open: input.open, join: input.join, leave: input.leave, publish: input.publish, subscribe: input.subscribe, now: input.now ?? (() => Date.now()) },
  }),
  initial: 'entering',
  states: {
    entering: {
      description: 'A room id given: join it; none: open one and host it.',
      always: [{ guard: 'joining', target: 'joining' }, { target: 'opening' }],
    },
    opening: {
      invoke: {
        src: 'open',
        input: ({ context }) => ({ calls: context.env, titleId: context.titleId }),
        onDone: { target: 'inRoom', actions: { type: 'takeRoom', params: ({ event }) => ({ room: event.output }) } },
        onError: [
          { guard: { type: 'licenceError', params: ({ event }) => ({ error: event.error }) }, target: 'locked', actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    joining: {
      invoke: {
        src: 'join',
        input: ({ context }) => ({ calls: context.env, roomId: context.roomId! }),
        onDone: { target: 'inRoom', actions: { type: 'takeRoom', params: ({ event }) => ({ room: event.output }) } },
        onError: [
          { guard: { type: 'licenceError', params: ({ event }) => ({ error: event.error }) }, target: 'locked', actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) } },
          { guard: { type: 'goneError', params: ({ event }) => ({ error: event.error }) }, target: 'gone', actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    inRoom: {
      description: 'In the room: the relay followed, the host\'s updates sent.',
      type: 'parallel',
      on: {
        'room.leave': { target: 'leaving' },
        'relay.closed': { target: 'closed' },
        'relay.room': { actions: [{ type: 'takeRoom', params: ({ event }) => ({ room: event.room }) }, 'connected'] },
      },
      states: {
        relay: {
          initial: 'connecting',
          states: {
            connecting: {
              description: 'The relay open (or opening); it sends the room at once.',
              invoke: { src: 'relay', input: ({ context }) => ({ calls: context.env, roomId: context.roomId! }) },
              on: {
                'relay.lost': [
                  { guard: { type: 'finalRelayError', params: ({ event }) => ({ error: event.error }) }, target: '#watchTogether.gone', actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) } },
                  { target: 'waiting', actions: 'countFailure' },
                ],
              },
            },
            waiting: {
              description: 'The relay was lost: reconnect after the backoff.',
              after: { reconnectDelay: { target: 'connecting' } },
            },
          },
        },
        publisher: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'host.update': { guard: 'isHost', target: 'sending', actions: { type: 'queueUpdate', params: ({ event }) => event } },
              },
            },
            sending: {
              description: 'The host\'s latest update on its way; a newer one waits (latest wins).',
              entry: 'takePendingUpdate',
              invoke: {
                src: 'publish',
                input: ({ context }) => ({ calls: context.env, roomId: context.roomId!, ...context.sendingUpdate! }),
                onDone: [
                  { guard: 'hasPendingUpdate', target: 'sending', reenter: true, actions: { type: 'takeRoom', params: ({ event }) => ({ room: event.output }) } },
                  { target: 'idle', actions: { type: 'takeRoom', params: ({ event }) => ({ room: event.output }) } },
                ],
                onError: [{ guard: 'hasPendingUpdate', target: 'sending', reenter: true }, { target: 'idle' }],
              },
              on: {
                'host.update': { guard: 'isHost', actions: { type: 'queueUpdate', params: ({ event }) => event } },
              },
            },
          },
        },
      },
    },
    leaving: {
      invoke: {
        src: 'leave',
        input: ({ context }) => ({ calls: context.env, roomId: context.roomId }),
        onDone: { target: 'left' },
        onError: { target: 'left' },
      },
    },
    left: { description: 'The viewer left the room.', type: 'final' },
    closed: { description: 'The host closed the room.', type: 'final' },
    locked: { description: 'No licence for the event (403 LICENCE_REQUIRED): the paywall.', type: 'final' },
    gone: { description: 'No such room (or the viewer lost it).', type: 'final' },
    failed: {
      description: 'Opening or joining failed; retry.',
      on: { retry: { target: 'entering', actions: 'clearProblem' } },
    },
  },
});

/** The watch-together machine's type. */
export type WatchTogetherMachine = typeof watchTogetherMachine;
