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
