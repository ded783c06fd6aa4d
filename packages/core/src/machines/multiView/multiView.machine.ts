import { enqueueActions, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import { initialMultiView, multiViewReduce, multiViewStreamingKeys, type MultiViewAction, type MultiViewActionFields, type MultiViewLayoutState } from '../../domain/multiView.js';
import { isConcurrencyLimit, concurrencyLimitStreams, isLicenceRequired } from '../player/player.machine.js';
import { streamLeaseMachine } from '../streamLease/streamLease.machine.js';
import type { MultiViewContext, MultiViewEvent, MultiViewInput, MultiViewLayoutEvent, MultiViewTilePlayer } from './multiView.types.js';

/** A start to send: the tile, the token of this start, and a stream of another device to stop first. */
interface PlannedStart {
  key: string;
  token: number;
  stopFirst?: string | undefined;
}

const freshPlayer = (eventId: string, upcoming: boolean): MultiViewTilePlayer => ({ eventId, status: 'idle', upcoming, source: null, leaseId: null, streams: [], token: 0 });

/**
 * Brings the tiles' players in line with the layout slice: a tile that should hold a stream (see
 * `multiViewStreamingKeys`) and is idle starts (or waits for its event when upcoming); a tile that
 * should not play lets its lease go and is idle; a tile gone lets its lease go. Pure: it returns
 * the new players, the starts to send and the leases to release.
 */
export function reconcileMultiView(view: MultiViewLayoutState, players: Readonly<Record<string, MultiViewTilePlayer>>, seq: number) {
  const wanted = new Set(multiViewStreamingKeys(view));
  const next: Record<string, MultiViewTilePlayer> = {};
  const starts: PlannedStart[] = [];
  const releases: string[] = [];
  let counter = seq;
  for (const tile of view.tiles) {
    let player = players[tile.key] ?? freshPlayer(tile.eventId, false);
    if (wanted.has(tile.key)) {
      if (player.status === 'idle' || (player.status === 'waiting' && !player.upcoming)) {
        if (player.upcoming) player = { ...player, status: 'waiting' };
        else {
          counter += 1;
          player = { ...player, status: 'loading', token: counter, streams: [] };
          starts.push({ key: tile.key, token: counter });
        }
      }
    } else if (player.status !== 'idle') {
      if (player.leaseId) releases.push(player.leaseId);
      counter += 1;
      player = { ...player, status: 'idle', source: null, leaseId: null, streams: [], token: counter };
    }
    next[tile.key] = player;
  }
  for (const [key, player] of Object.entries(players)) if (!(key in next) && player.leaseId) releases.push(player.leaseId);
  return { players: next, starts, releases, seq: counter };
}

/** Every action type of the layout slice (the record's type makes sure none is missing). */
const LAYOUT_ACTION_TYPES: Record<keyof MultiViewActionFields, true> = { add: true, remove: true, swap: true, layout: true, focus: true, move: true, enlarge: true, restore: true, viewport: true };
const LAYOUT_EVENT_PREFIX = 'multiView.';

/** The layout action of a public event (`multiView.<type>` with the action's fields; `upcoming` is the machine's), or null for the others. */
function layoutAction(event: MultiViewEvent): MultiViewAction | null {
  const type = event.type.startsWith(LAYOUT_EVENT_PREFIX) ? event.type.slice(LAYOUT_EVENT_PREFIX.length) : '';
  if (!Object.hasOwn(LAYOUT_ACTION_TYPES, type)) return null;
  const { type: _event, upcoming: _upcoming, ...fields } = event as MultiViewLayoutEvent & { upcoming?: boolean | undefined };
  return { ...fields, type } as MultiViewAction;
}

/** Starts one tile's stream (after stopping another device's stream when asked) and tells the machine how it went. */
function launch(api: ApiClient, signal: AbortSignal, eventId: string, start: PlannedStart, send: (event: MultiViewEvent) => void): void {
  void (async () => {
    try {
      if (start.stopFirst) await api.streamLeases.stop({ params: { leaseId: start.stopFirst } }).catch(() => undefined);
      const answer = await api.streamLeases.start({ params: { type: 'LIVE', id: eventId } }, { signal });
      send({
        type: 'tile.started',
        key: start.key,
        token: start.token,
        source: { url: answer.url, mimeType: answer.mimeType },
        leaseId: answer.leaseId ?? null,
        heartbeatIntervalMs: answer.heartbeatIntervalMs ?? null,
      });
    } catch (error) {
      if (!signal.aborted) send({ type: 'tile.failed', key: start.key, token: start.token, error });
    }
  })();
}

/**
 * The multi-view machine (issue 17 "Multi-view"; identity-and-routes.md §2 MULTI_VIEW; the
 * multi-video client state slice of commerce-and-account-data.md §3): the layout, the tiles, the
 * audio focus and the enlarged tile (the pure `multiViewReduce` of `domain/multiView`), and each
 * tile's player (`players`, see `MultiViewTileStatus`).
 *
 * Every tile that streams (all of them, also while one is enlarged; the focused one alone when
 * stacked below 1024 px) starts a stream of its event (`api.streamLeases.start`, `POST
 * /api/v2/playback/LIVE/{id}`): each tile holds one lease, one stream of the account's limit. ONE
 * child stream-lease machine renews all the tiles' leases with one heartbeat (`POST
 * /api/v1/multiviewHeartbeat` `{ leaseIds }`); a tile whose lease the platform no longer holds is
 * `stopped`. A tile that stops streaming (removed, swapped, not focused in a stacked view)
 * releases its lease at once. Past the limit a tile is `limited` with the streams that hold it:
 * `multiView.stopStream` stops one and starts the tile. An upcoming event's tile waits
 * (`waiting`) until `multiView.live`. `multiView.end` stops every lease (final `ended`).
 */
export const multiViewMachine = setup({
  types: {} as { context: MultiViewContext; events: MultiViewEvent; input: MultiViewInput },
  actors: { streamLease: streamLeaseMachine },
  actions: {
    /**
     * The event's change, then the players brought in line: starts sent, leases released, and a
     * new lease renewed by the stream-lease machine (spawned at the first lease, again after it ended).
     */
    update: enqueueActions(({ context, event, enqueue, self }) => {
      let view = context.view;
      let players: Record<string, MultiViewTilePlayer> = { ...context.players };
      const extraStarts: PlannedStart[] = [];
      let seq = context.seq;
      const stopNow: string[] = [];
      const newLeases: { leaseId: string; intervalMs: number | null }[] = [];
      const action = layoutAction(event);
      if (action) {
        view = multiViewReduce(view, action);
        const upcoming = (event.type === 'multiView.add' || event.type === 'multiView.swap') && event.upcoming === true;
        for (const tile of view.tiles) if (!players[tile.key]) players[tile.key] = freshPlayer(tile.eventId, upcoming);
      }
      switch (event.type) {
        case 'multiView.live':
          for (const [key, p] of Object.entries(players)) if (p.eventId === event.eventId && p.upcoming) players[key] = { ...p, upcoming: false };
          break;
        case 'multiView.retry': {
          const p = players[event.key];
          if (p && ['failed', 'limited', 'stopped', 'locked'].includes(p.status)) players[event.key] = { ...p, status: 'idle' };
          break;
        }
        case 'multiView.stopStream': {
          const p = players[event.key];
          if (p && p.status === 'limited') {
            seq += 1;
            players[event.key] = { ...p, status: 'loading', streams: [], token: seq };
            extraStarts.push({ key: event.key, token: seq, stopFirst: event.leaseId });
          }
          break;
        }
        case 'tile.started': {
          const p = players[event.key];
          if (p && p.token === event.token && p.status === 'loading') {
            players[event.key] = { ...p, status: 'playing', source: event.source, leaseId: event.leaseId };
            if (event.leaseId) newLeases.push({ leaseId: event.leaseId, intervalMs: event.heartbeatIntervalMs });
          } else if (event.leaseId) stopNow.push(event.leaseId);
          break;
        }
        case 'tile.failed': {
          const p = players[event.key];
          if (p && p.token === event.token && p.status === 'loading') {
            const status = isConcurrencyLimit(event.error) ? 'limited' : isLicenceRequired(event.error) ? 'locked' : 'failed';
            players[event.key] = { ...p, status, streams: status === 'limited' ? concurrencyLimitStreams(event.error) : [] };
          }
          break;
        }
        case 'leases.answer': {
          const gone = new Set(event.leases.filter((l) => l.status !== 'ACTIVE').map((l) => l.leaseId));
          for (const [key, p] of Object.entries(players)) {
            if (p.leaseId && gone.has(p.leaseId)) players[key] = { ...p, status: 'stopped', source: null, leaseId: null };
          }
          break;
        }
      }
      const plan = reconcileMultiView(view, players, seq);
      players = plan.players;
      seq = plan.seq;
      enqueue.assign({ view, players, seq });
      const { api, abort } = context.env;
      for (const start of [...extraStarts, ...plan.starts]) {
        const eventId = players[start.key]!.eventId;
        enqueue(() => launch(api, abort.signal, eventId, start, (e) => self.send(e)));
      }
      for (const leaseId of stopNow) enqueue(() => void api.streamLeases.stop({ params: { leaseId } }, { keepalive: true }).catch(() => undefined));
      let leases = context.leases;
      const alive = leases !== null && leases.getSnapshot().status === 'active';
      for (const leaseId of plan.releases) if (alive) enqueue.sendTo(leases!, { type: 'lease.release', leaseId });
      if (newLeases.length > 0) {
        if (alive) for (const { leaseId } of newLeases) enqueue.sendTo(leases!, { type: 'lease.add', leaseId });
        else {
          enqueue.assign({
            leases: ({ spawn }) =>
              spawn('streamLease', {
                id: `leases-${seq}`,
                input: {
                  leaseIds: newLeases.map((l) => l.leaseId),
                  intervalMs: newLeases[0]!.intervalMs ?? undefined,
                  heartbeat: async ({ leaseIds, signal }) => {
                    const answer = await api.streamLeases.heartbeat({ body: { leaseIds } }, { signal });
                    self.send({ type: 'leases.answer', leases: answer.leases });
                    return answer;
                  },
                  stop: ({ leaseId }) => api.streamLeases.stop({ params: { leaseId } }, { keepalive: true }),
                },
              }) as ActorRefFrom<typeof streamLeaseMachine>,
          });
          leases = null;
        }
      }
    }),
    /**
     * The viewer leaves: starts on the way are aborted, every lease is stopped on the platform at
     * once (`keepalive`: the page may be going away; not through the stream-lease machine, which
     * stops with this one before it could send them), and the heartbeat stops.
     */
    end: enqueueActions(({ context, enqueue }) => {
      context.env.abort.abort();
      const { api } = context.env;
      const held = Object.values(context.players).flatMap((p) => (p.leaseId ? [p.leaseId] : []));
      for (const leaseId of held) enqueue(() => void api.streamLeases.stop({ params: { leaseId } }, { keepalive: true }).catch(() => undefined));
      if (context.leases) enqueue.stopChild(context.leases);
    }),
  },
}).createMachine({
  id: 'multiView',
  description:
    'Multi-view (issue 17; MULTI_VIEW /multi-video/:eventId): layout, tiles, audio focus, enlarged tile and each tile\'s player; every playing tile holds a lease, all renewed by one stream-lease machine ({ leaseIds }); a tile whose lease is lost stops.',
  context: ({ input }) => {
    const view = initialMultiView(input.eventId, input.widthPx ?? undefined, input.layout);
    return {
      view,
      players: { [view.tiles[0]!.key]: freshPlayer(input.eventId, input.upcoming === true) },
      leases: null,
      seq: 0,
      env: { api: input.api, abort: new AbortController() },
    };
  },
  initial: 'active',
  states: {
    active: {
      description: 'The tiles play; every event updates the slice and the players.',
      entry: 'update',
      on: {
        'multiView.end': { target: 'ended', actions: 'end' },
        '*': { actions: 'update' },
      },
    },
    ended: {
      description: 'The viewer left; the leases are let go.',
      type: 'final',
    },
  },
});

/** The multi-view machine's type. */
export type MultiViewMachine = typeof multiViewMachine;

