import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { HISTORY_REPORT_INTERVAL_MS, isTrackedTitleType } from '../../domain/history.js';
import { systemClock } from '../../platform/clock.js';
import type { HistoryReport, HistoryReportActorInput, HistoryReporterContext, HistoryReporterEvent, HistoryReporterInput } from './historyReporter.types.js';

/** Two reports that say the same (position, duration and end). */
const sameReport = (a: HistoryReport | null, b: HistoryReport) =>
  a !== null && a.positionSeconds === b.positionSeconds && a.durationSeconds === b.durationSeconds && a.ended === b.ended;

/** A finite, non-negative number of seconds, else 0. */
const secondsOf = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/**
 * The history reporter the player uses (issue 15, docs/api.md "Favourites, history and continue
 * watching"; the rules are `domain/history`): it reports the position of the title being played
 * every {@link HISTORY_REPORT_INTERVAL_MS} (10 s, named delay `historyReportInterval`) while it
 * plays, and on pause, page hide and end, with the device's time as `updatedAt` (the platform
 * merges reports of several devices by it). A live stream is not tracked (`isTrackedTitleType`):
 * the machine stays `untracked` and reports nothing. Nothing is reported before the duration is
 * known, nor a report that would say the same as the last one.
 *
 * Reports go out one at a time through the input's `report` (region `reporting`); while one is on
 * its way only the newest next one is kept, except the report of `history.hidden` (the viewer
 * leaves), which goes at once. A failed report is dropped (the next one carries the newer
 * position). Stopping the machine aborts the report on its way: send `history.hidden` before
 * stopping it when the viewer leaves (the web's `report` is sent with keepalive and not aborted).
 */
export const historyReporterMachine = setup({
  types: {} as { context: HistoryReporterContext; events: HistoryReporterEvent; input: HistoryReporterInput },
  actors: {
    /** `report({ id, ...body, signal })` of the input; the output is the report sent. */
    report: fromPromise<HistoryReport, HistoryReportActorInput>(async ({ input, signal }) => {
      await input.report({ id: input.id, ...input.body, signal });
      return input.body;
    }),
  },
  actions: {
    position: assign((_, params: { positionSeconds: number; durationSeconds: number }) => ({
      positionSeconds: secondsOf(params.positionSeconds),
      durationSeconds: secondsOf(params.durationSeconds),
    })),
    /** Makes a report of the position now, unless it says what the last one said (or the duration is unknown). */
    queueReport: assign(({ context }) => {
      if (context.durationSeconds <= 0) return {};
      const ended = context.ended;
      const report: HistoryReport = {
        positionSeconds: ended ? context.durationSeconds : Math.min(context.positionSeconds, context.durationSeconds),
        durationSeconds: context.durationSeconds,
        updatedAt: new Date(context.env.clock.now()).toISOString(),
        ended,
      };
      if (sameReport(context.lastReport, report)) return {};
      return { queued: report, lastReport: report };
    }),
    /**
     * The viewer leaves (page hide, or the player goes) while a report is on its way: the report
     * of the position now goes at once too, instead of waiting behind it (the machine may be
     * stopped next, and a waiting report would be lost). Two reports on their way are safe: the
     * platform merges by `updatedAt`.
     */
    sendQueuedAtOnce: enqueueActions(({ context, enqueue }) => {
      if (context.inFlight === null || context.queued === null) return;
      const body = context.queued;
      enqueue.spawnChild('report', { input: { report: context.env.report, id: context.id, body } });
      enqueue.assign({ queued: null });
    }),
    markEnded: assign({ ended: true }),
    markPlaying: assign({ ended: false }),
    takeQueued: assign(({ context }) => ({ inFlight: context.queued, queued: null })),
    recordSent: assign(({ context }) => ({ inFlight: null, sent: context.sent + 1, error: null })),
    recordFailure: assign((_, params: { error: unknown }) => ({ inFlight: null, lastReport: null, error: params.error })),
  },
  guards: {
    tracked: ({ context }) => context.tracked,
    reportQueued: ({ context }) => context.queued !== null,
  },
  delays: {
    /** {@link HISTORY_REPORT_INTERVAL_MS}. */
    historyReportInterval: HISTORY_REPORT_INTERVAL_MS,
  },
}).createMachine({
  id: 'historyReporter',
  description:
    'The history reporter (issue 15; docs/api.md "Favourites, history and continue watching"): the position of an on-demand title reported every 10 s while playing (named delay historyReportInterval) and on pause, page hide and end, one report at a time, the newest kept; a live stream is not tracked.',
  context: ({ input }) => ({
    id: input.id,
    tracked: isTrackedTitleType(input.type),
    positionSeconds: 0,
    durationSeconds: 0,
    ended: false,
    queued: null,
    inFlight: null,
    lastReport: null,
    sent: 0,
    error: null,
    env: { report: input.report, clock: input.clock ?? systemClock },
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'A live stream is not tracked; an on-demand title is.',
      always: [{ guard: 'tracked', target: 'tracking' }, { target: 'untracked' }],
    },
    untracked: {
      description: 'A live stream: nothing is reported.',
    },
    tracking: {
      description: 'An on-demand title: what the player does (playback) and the reports on their way (reporting).',
      type: 'parallel',
      on: {
        'history.position': { actions: { type: 'position', params: ({ event }) => event } },
        'history.hidden': { actions: ['queueReport', 'sendQueuedAtOnce'] },
      },
      states: {
        playback: {
          description: 'What the player does: paused, playing (reported every 10 s) or ended.',
          initial: 'paused',
          states: {
            paused: {
              description: 'Not playing (before the start or paused). The end arrives here too: a browser fires pause before ended.',
              on: {
                'history.play': { target: 'playing', actions: 'markPlaying' },
                'history.ended': { target: 'ended', actions: ['markEnded', 'queueReport'] },
              },
            },
            playing: {
              description: 'Playing: the position is reported every 10 s.',
              after: { historyReportInterval: { target: 'playing', reenter: true, actions: 'queueReport' } },
              on: {
                'history.pause': { target: 'paused', actions: 'queueReport' },
                'history.ended': { target: 'ended', actions: ['markEnded', 'queueReport'] },
              },
            },
            ended: {
              description: 'The player reached the end (reported as ended); playing again starts over.',
              on: { 'history.play': { target: 'playing', actions: 'markPlaying' } },
            },
          },
        },
        reporting: {
          description: 'The reports: one on its way at a time, the newest waiting.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No report on its way; a queued one is sent at once.',
              always: { guard: 'reportQueued', target: 'sending' },
            },
            sending: {
              description: 'One report on its way; a newer one waits (only the newest is kept).',
              entry: 'takeQueued',
              invoke: {
                id: 'report',
                src: 'report',
                input: ({ context }) => ({ report: context.env.report, id: context.id, body: context.inFlight! }),
                onDone: { target: 'idle', actions: 'recordSent' },
                onError: { target: 'idle', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});

/** The history reporter's type. */
export type HistoryReporterMachine = typeof historyReporterMachine;
