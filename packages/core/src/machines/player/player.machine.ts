import { assign, fromPromise, sendTo, setup } from 'xstate';
import { isApiError } from '../../api/errors.js';
import type { StreamStart } from '../../contracts/index.js';
import { CONCURRENCY_LIMIT_CODE, concurrencyLimitDetailsSchema, type LiveStream } from '../../contracts/streamLeases.js';
import { streamLeaseMachine } from '../streamLease/streamLease.machine.js';
import type { LostLease } from '../streamLease/streamLease.types.js';
import { joinedServerMessages } from '../subscription/subscription.machine.js';
import type {
  PlaybackActorInput,
  PlaybackContext,
  PlaybackEvent,
  PlaybackInput,
} from './player.types.js';

/** Default volume (0–100) of the player slice (§3 "Client state slices: player"), also the volume an unmute at 0 restores. */
export const PLAYER_DEFAULT_VOLUME = 100;

/**
 * Clamps a volume to 0–100. NaN → `fallback` (the current volume); ±Infinity clamps. Pure.
 */
export function clampVolume(volume: number, fallback: number = PLAYER_DEFAULT_VOLUME): number {
  if (Number.isNaN(volume)) return fallback;
  return Math.min(100, Math.max(0, volume));
}

/** True for the platform's answer that no licence of the viewer grants the item: 403 `LICENCE_REQUIRED`. */
export function isLicenceRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'LICENCE_REQUIRED';
}

/** True for the platform's answer that the account already plays its limit of streams: 429 `CONCURRENCY_LIMIT`. */
export function isConcurrencyLimit(error: unknown): boolean {
  return isApiError(error) && error.status === 429 && error.code === CONCURRENCY_LIMIT_CODE;
}

/** The live streams a 429 `CONCURRENCY_LIMIT` names (`details.streams`); empty when its details are off contract. */
export function concurrencyLimitStreams(error: unknown): LiveStream[] {
  if (!isApiError(error)) return [];
  const details = concurrencyLimitDetailsSchema.safeParse(error.details);
  return details.success ? details.data.streams : [];
}

/**
 * Loads a playable source for one content item: `loading` (actor `loadPlayback` =
 * `api.content.playback({ params: { type, id } })`) → `ready` (`context.source` = `{ url, mimeType }`), or
 * `locked` when the platform answers 403 `LICENCE_REQUIRED` (the view shows the paywall), or
 * `failed` for any other error (joined server messages or `'anErrorOccured'`). `playback.retry`
 * loads again from `failed` and from `locked` (after a purchase). Reads are not retried by
 * themselves. Content calls: docs/api.md; the paywall: issue 3.
 *
 * With input `lease` (a signed-in viewer; issue 17, docs/api.md "Concurrent streams") the source
 * comes from `api.streamLeases.start` (`POST`), whose lease a child `streamLease` machine renews
 * with the heartbeat while `ready`; when the platform no longer holds it (stopped on another
 * device, expired) the machine is `stopped` (`context.lost` says why; `playback.retry` starts
 * again). A 429 `CONCURRENCY_LIMIT` is `limited` with the streams that hold the account's limit
 * (`context.streams`): `playback.stopStream` stops one of them (`stoppingStream`) and starts again.
 * `playback.end` (the viewer leaves) stops the lease on the platform before the actor stops.
 */
export const playbackMachine = setup({
  types: {} as { context: PlaybackContext; events: PlaybackEvent; input: PlaybackInput },
  actors: {
    /** `api.content.playback({ params: { type, id } })` → `{ url, mimeType, expiresAt? }`. */
    loadPlayback: fromPromise<StreamStart, PlaybackActorInput>(({ input }) =>
      input.lease
        ? input.api.streamLeases.start({ params: { type: input.type, id: input.id } })
        : input.api.content.playback({ params: { type: input.type, id: input.id } }),
    ),
    /** `api.streamLeases.stop({ params: { leaseId } })`: another stream of the account, chosen by the viewer. */
    stopStream: fromPromise<unknown, { api: PlaybackActorInput['api']; leaseId: string }>(({ input }) =>
      input.api.streamLeases.stop({ params: { leaseId: input.leaseId } }),
    ),
    /** The lease's heartbeat (`streamLease` machine). */
    streamLease: streamLeaseMachine,
  },
  actions: {
    storeSource: assign((_, params: { playback: StreamStart }) => ({
      source: { url: params.playback.url, mimeType: params.playback.mimeType },
      leaseId: params.playback.leaseId ?? null,
      heartbeatIntervalMs: params.playback.heartbeatIntervalMs ?? null,
      error: null,
    })),
    clearSource: assign({ source: null, error: null, leaseId: null, heartbeatIntervalMs: null, streams: [], stopping: null, lost: [] }),
    storeStreams: assign((_, params: { error: unknown }) => ({ streams: concurrencyLimitStreams(params.error) })),
    storeStopping: assign((_, params: { leaseId: string }) => ({ stopping: params.leaseId })),
    storeLost: assign((_, params: { lost: LostLease[] }) => ({ lost: params.lost })),
    storeError: assign((_, params: { error: unknown }) => ({ error: joinedServerMessages(params.error) })),
  },
  guards: {
    /** The error is 403 `LICENCE_REQUIRED`. */
    licenceRequired: (_, params: { error: unknown }) => isLicenceRequired(params.error),
    /** The error is 429 `CONCURRENCY_LIMIT`. */
    concurrencyLimit: (_, params: { error: unknown }) => isConcurrencyLimit(params.error),
    /** The playback holds a lease (renewed while ready). */
    leased: ({ context }) => context.leaseId !== null,
    /** The lease machine ended because the platform no longer holds the lease. */
    leaseLost: (_, params: { stopped: boolean }) => params.stopped,
  },
}).createMachine({
  id: 'playback',
  description:
    'Loads a playable source for one content item (GET /api/v2/playback/{type}/{id}): ready with the source, locked on 403 LICENCE_REQUIRED (the paywall), failed on any other error; playback.retry loads again.',
  context: ({ input }) => ({
    type: input.type,
    id: input.id,
    source: null,
    error: null,
    lease: input.lease === true,
    leaseId: null,
    heartbeatIntervalMs: null,
    streams: [],
    stopping: null,
    lost: [],
    env: { api: input.api },
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking the platform for a source.',
      entry: 'clearSource',
      invoke: {
        id: 'loadPlayback',
        src: 'loadPlayback',
        input: ({ context }) => ({ api: context.env.api, type: context.type, id: context.id, lease: context.lease }),
        onDone: { target: 'ready', actions: { type: 'storeSource', params: ({ event }) => ({ playback: event.output }) } },
        onError: [
          { guard: { type: 'licenceRequired', params: ({ event }) => ({ error: event.error }) }, target: 'locked' },
          {
            guard: { type: 'concurrencyLimit', params: ({ event }) => ({ error: event.error }) },
            target: 'limited',
            actions: { type: 'storeStreams', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ready: {
      description: 'A source to play is in context.source; a leased one is renewed by the heartbeat.',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'With a lease the heartbeat runs; without one there is nothing to renew.',
          always: [{ guard: 'leased', target: 'leased' }, { target: 'free' }],
        },
        free: { description: 'No lease (a guest, or a playback started with GET).' },
        leased: {
          description: 'The lease is renewed every heartbeat interval (child streamLease machine); playback.end stops it on the platform.',
          on: { 'playback.end': { actions: sendTo('streamLease', { type: 'lease.end' }) } },
          invoke: {
            id: 'streamLease',
            src: 'streamLease',
            input: ({ context }) => ({
              leaseIds: [context.leaseId!],
              intervalMs: context.heartbeatIntervalMs ?? undefined,
              heartbeat: ({ leaseIds, signal }) => context.env.api.streamLeases.heartbeat({ body: { leaseIds } }, { signal }),
              // Outlives the page: the viewer may be leaving it.
              stop: ({ leaseId }) => context.env.api.streamLeases.stop({ params: { leaseId } }, { keepalive: true }),
            }),
            onDone: {
              guard: { type: 'leaseLost', params: ({ event }) => ({ stopped: event.output.stopped }) },
              target: '#playback.stopped',
              actions: { type: 'storeLost', params: ({ event }) => ({ lost: event.output.lost }) },
            },
          },
        },
      },
    },
    limited: {
      description: 'The account already plays its limit of streams (429 CONCURRENCY_LIMIT): context.streams names them; playback.stopStream stops one and starts again.',
      on: {
        'playback.stopStream': { target: 'stoppingStream', actions: { type: 'storeStopping', params: ({ event }) => event } },
        'playback.retry': { target: 'loading' },
      },
    },
    stoppingStream: {
      description: 'Stopping the stream the viewer chose, then starting again (if it was gone already, the start says so).',
      invoke: {
        src: 'stopStream',
        input: ({ context }) => ({ api: context.env.api, leaseId: context.stopping! }),
        onDone: { target: 'loading' },
        onError: { target: 'loading' },
      },
    },
    stopped: {
      description: 'The platform no longer holds the lease (stopped on another device, or expired): context.lost says why; playback.retry starts again.',
      on: { 'playback.retry': { target: 'loading' } },
    },
    locked: {
      description: 'No licence of the viewer grants the item: the paywall. playback.retry after a purchase.',
      on: { 'playback.retry': { target: 'loading' } },
    },
    failed: {
      description: 'The source could not be loaded; playback.retry tries again.',
      on: { 'playback.retry': { target: 'loading' } },
    },
  },
});

/** The playback machine's type. */
export type PlaybackMachine = typeof playbackMachine;
