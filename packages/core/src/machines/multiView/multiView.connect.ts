import type { SnapshotFrom } from 'xstate';
import { multiViewPlayingKeys, type MultiViewDirection, type MultiViewLayout, type MultiViewTile } from '../../domain/multiView.js';
import type { MultiViewMachine } from './multiView.machine.js';
import type { MultiViewEvent, MultiViewTilePlayer } from './multiView.types.js';

/** A snapshot of the multi-view machine. */
export type MultiViewSnapshot = SnapshotFrom<MultiViewMachine>;

/** One tile as a view shows it: its place in the layout, its player, and whether it has the audio focus or plays. */
export interface MultiViewTileView extends MultiViewTile, MultiViewTilePlayer {
  focused: boolean;
  /** The tile plays now (all tiles; the enlarged one alone; the focused one alone when stacked). */
  playing: boolean;
}

/** What a multi-view page needs. */
export interface MultiViewApi {
  layout: MultiViewLayout;
  tiles: MultiViewTileView[];
  focus: string | null;
  enlarged: string | null;
  stacked: boolean;
  /** The event ids shown (the picker leaves them out). */
  eventIds: string[];
  add(eventId: string, upcoming?: boolean): void;
  remove(key: string): void;
  swap(key: string, eventId: string, upcoming?: boolean): void;
  setLayout(layout: MultiViewLayout): void;
  focusOn(key: string): void;
  move(direction: MultiViewDirection): void;
  enlarge(key: string): void;
  restore(): void;
  viewport(widthPx: number): void;
  live(eventId: string): void;
  retry(key: string): void;
  stopStream(key: string, leaseId: string): void;
  /** The viewer leaves: every lease is stopped. */
  end(): void;
}

/** Turns a multi-view snapshot and its `send` into what a page needs. */
export function connectMultiView(snapshot: MultiViewSnapshot, send: (event: MultiViewEvent) => void): MultiViewApi {
  const { view, players } = snapshot.context;
  const playing = new Set(multiViewPlayingKeys(view));
  return {
    layout: view.layout,
    tiles: view.tiles.map((tile) => ({ ...players[tile.key]!, ...tile, focused: tile.key === view.focus, playing: playing.has(tile.key) })),
    focus: view.focus,
    enlarged: view.enlarged,
    stacked: view.stacked,
    eventIds: view.tiles.map((t) => t.eventId),
    add: (eventId, upcoming) => send({ type: 'multiView.add', eventId, upcoming }),
    remove: (key) => send({ type: 'multiView.remove', key }),
    swap: (key, eventId, upcoming) => send({ type: 'multiView.swap', key, eventId, upcoming }),
    setLayout: (layout) => send({ type: 'multiView.layout', layout }),
    focusOn: (key) => send({ type: 'multiView.focus', key }),
    move: (direction) => send({ type: 'multiView.move', direction }),
    enlarge: (key) => send({ type: 'multiView.enlarge', key }),
    restore: () => send({ type: 'multiView.restore' }),
    viewport: (widthPx) => send({ type: 'multiView.viewport', widthPx }),
    live: (eventId) => send({ type: 'multiView.live', eventId }),
    retry: (key) => send({ type: 'multiView.retry', key }),
    stopStream: (key, leaseId) => send({ type: 'multiView.stopStream', key, leaseId }),
    end: () => send({ type: 'multiView.end' }),
  };
}
