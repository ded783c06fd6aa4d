import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../../api/errors.js';
import type { Playback } from '../../contracts/index.js';
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

/**
 * Loads a playable source for one content item: `loading` (actor `loadPlayback` =
 * `api.content.playback({ params: { type, id } })`) → `ready` (`context.source` = `{ url, mimeType }`), or
 * `locked` when the platform answers 403 `LICENCE_REQUIRED` (the view shows the paywall), or
 * `failed` for any other error (joined server messages or `'anErrorOccured'`). `playback.retry`
 * loads again from `failed` and from `locked` (after a purchase). Reads are not retried by
 * themselves. Content calls: docs/api.md; the paywall: issue 3.
 */
export const playbackMachine = setup({
  types: {} as { context: PlaybackContext; events: PlaybackEvent; input: PlaybackInput },
  actors: {
    /** `api.content.playback({ params: { type, id } })` → `{ url, mimeType, expiresAt? }`. */
    loadPlayback: fromPromise<Playback, PlaybackActorInput>(({ input }) =>
      input.api.content.playback({ params: { type: input.type, id: input.id } }),
    ),
  },
  actions: {
    storeSource: assign((_, params: { playback: Playback }) => ({
      source: { url: params.playback.url, mimeType: params.playback.mimeType },
      error: null,
    })),
    clearSource: assign({ source: null, error: null }),
    storeError: assign((_, params: { error: unknown }) => ({ error: joinedServerMessages(params.error) })),
  },
  guards: {
    /** The error is 403 `LICENCE_REQUIRED`. */
    licenceRequired: (_, params: { error: unknown }) => isLicenceRequired(params.error),
  },
}).createMachine({
  id: 'playback',
  description:
    'Loads a playable source for one content item (GET /api/v2/playback/{type}/{id}): ready with the source, locked on 403 LICENCE_REQUIRED (the paywall), failed on any other error; playback.retry loads again.',
  context: ({ input }) => ({ type: input.type, id: input.id, source: null, error: null, env: { api: input.api } }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking the platform for a source.',
      entry: 'clearSource',
      invoke: {
        id: 'loadPlayback',
        src: 'loadPlayback',
        input: ({ context }) => ({ api: context.env.api, type: context.type, id: context.id }),
        onDone: { target: 'ready', actions: { type: 'storeSource', params: ({ event }) => ({ playback: event.output }) } },
        onError: [
          { guard: { type: 'licenceRequired', params: ({ event }) => ({ error: event.error }) }, target: 'locked' },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ready: { description: 'A source to play is in context.source.' },
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
