import { isOneOf } from './oneOf.js';

/**
 * Multi-view (identity-and-routes.md §2 MULTI_VIEW `/multi-video/:eventId`): several videos on one
 * screen. Implements commerce-and-account-data.md §3 "Multi-view layouts: twoUp, pip, threeUp,
 * quad with video counts 2, 2, 3, 4; default twoUp" and §9 "Multi-video: default layout twoUp;
 * size constants 1024, 600, 1000; 20 items; 200, 112, 100, 56 sizing values".
 *
 * The spec gives §9's numbers without their meaning; this project reads them as follows (each
 * constant says so): 1024 px the viewport width below which every layout stacks its videos in one
 * column; 600 px the width below which the video picker uses compact tiles; 1000 px the widest the
 * picker panel grows; 20 the most events the picker lists; 200×112 px the picker's tile and
 * 100×56 px its compact tile (both 16:9 thumbnails).
 */

/** The layouts (§3), in the order a layout menu offers them. */
export const MULTI_VIEW_LAYOUTS = ['twoUp', 'pip', 'threeUp', 'quad'] as const;

/** One layout of {@link MULTI_VIEW_LAYOUTS}. */
export type MultiViewLayout = (typeof MULTI_VIEW_LAYOUTS)[number];

/** How many videos each layout shows (§3): twoUp 2 side by side, pip 2 (one inset in the other), threeUp 3, quad 4. */
export const MULTI_VIEW_VIDEO_COUNTS: Readonly<Record<MultiViewLayout, number>> = Object.freeze({
  twoUp: 2,
  pip: 2,
  threeUp: 3,
  quad: 4,
});

/** The layout at start (§3, §9). */
export const MULTI_VIEW_DEFAULT_LAYOUT: MultiViewLayout = 'twoUp';

/** Viewport width (CSS px) below which every layout falls back to one column of stacked videos (§9 "1024"). */
export const MULTI_VIEW_STACKED_BELOW_PX = 1024;

/** Viewport width (CSS px) below which the video picker shows compact tiles (§9 "600"). */
export const MULTI_VIEW_COMPACT_BELOW_PX = 600;

/** The widest (CSS px) the video picker panel grows (§9 "1000"). */
export const MULTI_VIEW_PICKER_MAX_WIDTH_PX = 1000;

/** The most events the video picker lists (§9 "20 items"). */
export const MULTI_VIEW_PICKER_ITEMS = 20;

/** Width (CSS px) of a picker tile (§9 "200"). */
export const MULTI_VIEW_TILE_WIDTH_PX = 200;
/** Height (CSS px) of a picker tile (§9 "112"), 16:9 with its width. */
export const MULTI_VIEW_TILE_HEIGHT_PX = 112;
/** Width (CSS px) of a compact picker tile (§9 "100"). */
export const MULTI_VIEW_COMPACT_TILE_WIDTH_PX = 100;
/** Height (CSS px) of a compact picker tile (§9 "56"), 16:9 with its width. */
export const MULTI_VIEW_COMPACT_TILE_HEIGHT_PX = 56;

/** True when `value` is one of {@link MULTI_VIEW_LAYOUTS}. */
export function isMultiViewLayout(value: unknown): value is MultiViewLayout {
  return isOneOf(MULTI_VIEW_LAYOUTS, value);
}

/** The layout `value` names (for example a `?layout=` parameter), else the default `twoUp`. Never throws. */
export function multiViewLayout(value: unknown): MultiViewLayout {
  return isMultiViewLayout(value) ? value : MULTI_VIEW_DEFAULT_LAYOUT;
}

/** How many videos `layout` shows (§3); an unknown layout counts as the default's (2). */
export function multiViewVideoCount(layout: unknown): number {
  return MULTI_VIEW_VIDEO_COUNTS[multiViewLayout(layout)];
}

/**
 * The layout for `count` chosen videos: `preferred` when it shows that many, else the first layout
 * of {@link MULTI_VIEW_LAYOUTS} that does (2 → twoUp, 3 → threeUp, 4 → quad); fewer than 2 counts
 * as 2 and more than 4 as 4 (the extra videos are not shown). Never throws.
 */
export function multiViewLayoutFor(count: number, preferred: unknown = MULTI_VIEW_DEFAULT_LAYOUT): MultiViewLayout {
  const wanted = Number.isFinite(count) ? Math.min(4, Math.max(2, Math.floor(count))) : 2;
  if (isMultiViewLayout(preferred) && MULTI_VIEW_VIDEO_COUNTS[preferred] === wanted) return preferred;
  return MULTI_VIEW_LAYOUTS.find((layout) => MULTI_VIEW_VIDEO_COUNTS[layout] === wanted) ?? MULTI_VIEW_DEFAULT_LAYOUT;
}

/**
 * True when a viewport `widthPx` wide shows the videos stacked in one column instead of the
 * layout (below {@link MULTI_VIEW_STACKED_BELOW_PX}); an unknown width (NaN) counts as narrow.
 */
export function isMultiViewStacked(widthPx: number): boolean {
  return !(typeof widthPx === 'number' && widthPx >= MULTI_VIEW_STACKED_BELOW_PX);
}

/** The size of a picker tile, in CSS px. */
export interface MultiViewTileSize {
  width: number;
  height: number;
}

/**
 * The picker's tile size for a viewport `widthPx` wide: 100×56 below
 * {@link MULTI_VIEW_COMPACT_BELOW_PX} (and for an unknown width), else 200×112.
 */
export function multiViewPickerTile(widthPx: number): MultiViewTileSize {
  return typeof widthPx === 'number' && widthPx >= MULTI_VIEW_COMPACT_BELOW_PX
    ? { width: MULTI_VIEW_TILE_WIDTH_PX, height: MULTI_VIEW_TILE_HEIGHT_PX }
    : { width: MULTI_VIEW_COMPACT_TILE_WIDTH_PX, height: MULTI_VIEW_COMPACT_TILE_HEIGHT_PX };
}

/**
 * Which rendition height (px) a multi-view tile may load at most, for a tile `tileHeightPx` CSS px
 * high on a screen of `devicePixelRatio`: the smallest of `heights` (the stream's renditions, in
 * px) that covers the tile's device pixels, capped below 720 for a tile of a layout of 3 or more
 * videos (`layoutVideoCount`; issue 17 "a quad tile never loads the 720p rendition"). Returns the
 * chosen height, or null when `heights` is empty. Bad numbers (NaN, ≤ 0) count as the smallest
 * tile (the lowest rendition). Pure and total.
 */
export function multiViewRenditionCap(heights: readonly number[], tileHeightPx: number, layoutVideoCount: number, devicePixelRatio = 1): number | null {
  const valid = [...new Set(heights.filter((h) => Number.isFinite(h) && h > 0))].sort((a, b) => a - b);
  if (valid.length === 0) return null;
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const need = Number.isFinite(tileHeightPx) && tileHeightPx > 0 ? tileHeightPx * ratio : 0;
  const allowed = layoutVideoCount >= 3 ? valid.filter((h) => h < MULTI_VIEW_SMALL_TILE_MAX_HEIGHT) : valid;
  const pool = allowed.length > 0 ? allowed : [valid[0]!];
  return pool.find((h) => h >= need) ?? pool[pool.length - 1]!;
}

/** The rendition height (px) a tile of a layout of 3 or 4 videos never reaches (issue 17: "a quad tile never loads the 720p rendition"). */
export const MULTI_VIEW_SMALL_TILE_MAX_HEIGHT = 720;

/** One video of a multi-view: a stable `key` (a new one when the tile is swapped) and the event it plays. */
export interface MultiViewTile {
  key: string;
  eventId: string;
}

/**
 * The layout part of the multi-video client state slice (commerce-and-account-data.md §3): the
 * layout, its tiles in grid order (never more than the layout shows), the tile with the audio
 * focus (`focus`: always the key of an existing tile, or null only when there is none), the tile
 * enlarged to a single view (or null), whether the viewport stacks the tiles (below
 * {@link MULTI_VIEW_STACKED_BELOW_PX}) and the counter of tile keys.
 */
export interface MultiViewLayoutState {
  layout: MultiViewLayout;
  tiles: MultiViewTile[];
  focus: string | null;
  enlarged: string | null;
  stacked: boolean;
  nextKey: number;
}

/** A direction the focus moves in the grid: the arrow keys (`left`, `right`, `up`, `down`) and Tab-like `next`/`prev`. */
export type MultiViewDirection = 'left' | 'right' | 'up' | 'down' | 'next' | 'prev';

/**
 * The fields of each action that changes the layout slice, by the action's type (see
 * {@link multiViewReduce}): declared once, for the actions here and for the multi-view machine's
 * events (`multiView.<type>` with the same fields).
 */
export interface MultiViewActionFields {
  add: { eventId: string };
  remove: { key: string };
  swap: { key: string; eventId: string };
  layout: { layout: MultiViewLayout };
  focus: { key: string };
  move: { direction: MultiViewDirection };
  enlarge: { key: string };
  restore: Record<never, never>;
  viewport: { widthPx: number };
}

/** What changes the layout slice: `{ type, ...fields }` for each type of {@link MultiViewActionFields}. */
export type MultiViewAction = { [T in keyof MultiViewActionFields]: { type: T } & MultiViewActionFields[T] }[keyof MultiViewActionFields];

/** How many columns each layout's grid has (the arrow keys move along them); stacked tiles are one column. */
export const MULTI_VIEW_COLUMNS: Readonly<Record<MultiViewLayout, number>> = Object.freeze({ twoUp: 2, pip: 2, threeUp: 3, quad: 2 });

/** The slice at start: the event `eventId` alone in the default layout, focused; `widthPx` decides `stacked`. */
export function initialMultiView(eventId: string, widthPx: number = MULTI_VIEW_STACKED_BELOW_PX, layout: unknown = MULTI_VIEW_DEFAULT_LAYOUT): MultiViewLayoutState {
  return { layout: multiViewLayout(layout), tiles: [{ key: 't1', eventId }], focus: 't1', enlarged: null, stacked: isMultiViewStacked(widthPx), nextKey: 2 };
}

/**
 * The next layout slice after `action` (pure, total: an action that does not apply, such as an
 * unknown key or the same event twice, returns `state` itself):
 * - `add`: a new tile for `eventId` (not already shown) at the end; when the layout is full it
 *   grows to the next one that holds one more (twoUp/pip → threeUp → quad); a full quad refuses.
 *   The focus stays (the first tile takes it when there was none).
 * - `remove`: the tile goes unless it is the last one; the focus moves to its neighbour.
 * - `swap`: the tile plays `eventId` instead (a new key; focus and enlargement follow it); an
 *   event already shown elsewhere is refused.
 * - `layout`: the tiles beyond the new layout's count are dropped, keeping the focused one.
 * - `focus` / `move`: the audio focus on a tile, or moved in the grid (columns of
 *   {@link MULTI_VIEW_COLUMNS}, one column when stacked; it stops at the edges).
 * - `enlarge` / `restore`: one tile in a single view (it takes the focus) and back.
 * - `viewport`: the width decides `stacked` ({@link isMultiViewStacked}).
 */
export function multiViewReduce(state: MultiViewLayoutState, action: MultiViewAction): MultiViewLayoutState {
  const index = (key: string) => state.tiles.findIndex((tile) => tile.key === key);
  const shown = (eventId: string) => state.tiles.some((tile) => tile.eventId === eventId);
  switch (action.type) {
    case 'add': {
      if (!action.eventId || shown(action.eventId)) return state;
      const count = state.tiles.length + 1;
      const layout = count <= MULTI_VIEW_VIDEO_COUNTS[state.layout] ? state.layout : count <= 4 ? multiViewLayoutFor(count, state.layout) : null;
      if (layout === null) return state;
      const key = `t${state.nextKey}`;
      return { ...state, layout, tiles: [...state.tiles, { key, eventId: action.eventId }], focus: state.focus ?? key, nextKey: state.nextKey + 1 };
    }
    case 'remove': {
      const at = index(action.key);
      if (at < 0 || state.tiles.length <= 1) return state;
      const tiles = state.tiles.filter((tile) => tile.key !== action.key);
      const focus = state.focus === action.key ? tiles[Math.min(at, tiles.length - 1)]!.key : state.focus;
      return { ...state, tiles, focus, enlarged: state.enlarged === action.key ? null : state.enlarged };
    }
    case 'swap': {
      const at = index(action.key);
      if (at < 0 || !action.eventId || shown(action.eventId)) return state;
      const key = `t${state.nextKey}`;
      const tiles = state.tiles.map((tile, i) => (i === at ? { key, eventId: action.eventId } : tile));
      const follow = (k: string | null) => (k === action.key ? key : k);
      return { ...state, tiles, focus: follow(state.focus), enlarged: follow(state.enlarged), nextKey: state.nextKey + 1 };
    }
    case 'layout': {
      if (!isMultiViewLayout(action.layout)) return state;
      const count = MULTI_VIEW_VIDEO_COUNTS[action.layout];
      let tiles = state.tiles;
      if (tiles.length > count) {
        const focused = state.tiles.find((tile) => tile.key === state.focus);
        const others = state.tiles.filter((tile) => tile !== focused);
        const kept = new Set([...(focused ? [focused] : []), ...others].slice(0, count));
        tiles = state.tiles.filter((tile) => kept.has(tile));
      }
      const enlarged = tiles.some((tile) => tile.key === state.enlarged) ? state.enlarged : null;
      return { ...state, layout: action.layout, tiles, enlarged };
    }
    case 'focus':
      return index(action.key) < 0 || state.focus === action.key ? state : { ...state, focus: action.key };
    case 'move': {
      const at = state.focus === null ? -1 : index(state.focus);
      if (at < 0) return state;
      const columns = state.stacked ? 1 : MULTI_VIEW_COLUMNS[state.layout];
      const step = { left: -1, right: 1, prev: -1, next: 1, up: -columns, down: columns }[action.direction];
      if (step === undefined) return state;
      const to = at + step;
      if (to < 0 || to >= state.tiles.length) return state;
      return { ...state, focus: state.tiles[to]!.key };
    }
    case 'enlarge':
      return index(action.key) < 0 ? state : { ...state, enlarged: action.key, focus: action.key };
    case 'restore':
      return state.enlarged === null ? state : { ...state, enlarged: null };
    case 'viewport': {
      const stacked = isMultiViewStacked(action.widthPx);
      return stacked === state.stacked ? state : { ...state, stacked };
    }
    default:
      return state;
  }
}

/**
 * The keys of the tiles that play now: the enlarged tile alone, else in a stacked view the focused
 * tile alone (issue 17: "below 1024 px … one tile playing"), else every tile.
 */
export function multiViewPlayingKeys(state: Pick<MultiViewLayoutState, 'tiles' | 'focus' | 'enlarged' | 'stacked'>): string[] {
  if (state.enlarged !== null && state.tiles.some((t) => t.key === state.enlarged)) return [state.enlarged];
  if (state.stacked) return state.tiles.some((t) => t.key === state.focus) ? [state.focus!] : state.tiles.slice(0, 1).map((t) => t.key);
  return state.tiles.map((t) => t.key);
}

/**
 * The keys of the tiles that hold a stream (a lease): in a stacked view the focused tile alone,
 * else every tile; an enlarged view keeps the others' streams (they are still in the multi-view,
 * not shown), so that going back is instant and never meets the account's limit.
 */
export function multiViewStreamingKeys(state: Pick<MultiViewLayoutState, 'tiles' | 'focus' | 'stacked'>): string[] {
  return multiViewPlayingKeys({ ...state, enlarged: null });
}
