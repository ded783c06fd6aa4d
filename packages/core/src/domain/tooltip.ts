/**
 * Where a tooltip goes: commerce-and-account-data.md §9 "Tooltip keeps 10 px from the screen
 * edge". Pure: the caller measures (CSS px of the viewport, as `getBoundingClientRect` gives them)
 * and applies the answer.
 */

/** The least distance (CSS px) between a tooltip and each edge of the screen (§9). */
export const TOOLTIP_EDGE_MARGIN_PX = 10;

/** The distance (CSS px) between a tooltip and its anchor. This project's choice. */
export const TOOLTIP_ANCHOR_GAP_PX = 6;

/** A box in viewport coordinates (CSS px): its left and top edges, its width and height. */
export type TooltipRect = Readonly<Record<'left' | 'top' | 'width' | 'height', number>>;

/** What the placement reads. */
export interface TooltipPlacementInput {
  /** The trigger's box (`getBoundingClientRect()` of the element the tooltip describes). */
  anchor: TooltipRect;
  /** The tooltip's size (CSS px), measured with its `maxWidth` applied. */
  tooltip: { width: number; height: number };
  /** The viewport's size (CSS px) without scroll bars (`document.documentElement.clientWidth`/`clientHeight`). */
  viewport: { width: number; height: number };
  /** The text direction at the anchor: decides which edge wins when the tooltip is too wide. */
  direction: 'ltr' | 'rtl';
}

/** Where the tooltip goes. */
export interface TooltipPlacement {
  /** The tooltip's left edge (CSS px from the viewport's left edge; `position: fixed`'s `left`). */
  left: number;
  /** The tooltip's top edge (CSS px from the viewport's top edge; `position: fixed`'s `top`). */
  top: number;
  /** Which side of the anchor it is on. */
  side: 'above' | 'below';
  /**
   * The widest (CSS px) the tooltip may be to keep the margin on both sides: the viewport's width
   * less twice {@link TOOLTIP_EDGE_MARGIN_PX}, at least 0. Apply it before measuring.
   */
  maxWidth: number;
}

/** A finite number, or 0 (bad input gives a placement, never a crash). */
const finite = (value: number): number => (Number.isFinite(value) ? value : 0);
/** A finite size, at least 0. */
const size = (value: number): number => Math.max(0, finite(value));

/**
 * Places a tooltip beside its anchor (commerce §9 "Tooltip keeps 10 px from the screen edge").
 *
 * - Vertically: **above** the anchor ({@link TOOLTIP_ANCHOR_GAP_PX} between them) when it fits
 *   there with {@link TOOLTIP_EDGE_MARGIN_PX} to the top edge; else **below** when it fits there
 *   with the margin to the bottom edge (an anchor inside a margin's band pushes it further away,
 *   never onto the anchor). When it fits on neither side it goes on the side with more
 *   room, moved back inside the margins (it may then cover part of its anchor); a tooltip taller
 *   than the viewport less both margins starts at the top margin and runs past the bottom one.
 * - Horizontally: centred on the anchor, then moved back inside the margins, so that it keeps
 *   10 px from the left and right edges whenever it is no wider than the viewport less both
 *   margins ({@link TooltipPlacement.maxWidth}: callers cap its width with it, so that the text
 *   wraps instead). A tooltip wider than that (uncapped, or a viewport under 20 px wide) starts
 *   at the margin of the reading direction's start edge (left in `'ltr'`, right in `'rtl'`) and
 *   runs past the other edge, where the end of its text is.
 *
 * Left to right and right to left mirror each other: the placement of a mirrored anchor in `'rtl'`
 * is the mirror of the `'ltr'` one. Total: non-finite numbers count as 0, negative sizes as 0;
 * never throws.
 */
export function placeTooltip({ anchor, tooltip, viewport, direction }: TooltipPlacementInput): TooltipPlacement {
  const margin = TOOLTIP_EDGE_MARGIN_PX;
  const gap = TOOLTIP_ANCHOR_GAP_PX;
  const anchorLeft = finite(anchor.left);
  const anchorTop = finite(anchor.top);
  const anchorWidth = size(anchor.width);
  const anchorHeight = size(anchor.height);
  const width = size(tooltip.width);
  const height = size(tooltip.height);
  const viewportWidth = size(viewport.width);
  const viewportHeight = size(viewport.height);

  // Horizontal: centred, kept inside the margins; too wide: from the start edge's margin.
  const maxWidth = Math.max(0, viewportWidth - 2 * margin);
  const centred = anchorLeft + anchorWidth / 2 - width / 2;
  // Fits between the margins (a viewport narrower than both margins fits nothing, not even an empty box).
  const left =
    width <= viewportWidth - 2 * margin
      ? Math.min(Math.max(centred, margin), viewportWidth - margin - width)
      : direction === 'rtl'
        ? viewportWidth - margin - width
        : margin;

  // Vertical: above when there is room, else below when there is room, else the roomier side.
  const above = anchorTop - gap - height;
  const below = anchorTop + anchorHeight + gap;
  const roomAbove = above >= margin;
  const roomBelow = below + height <= viewportHeight - margin;
  // An anchor inside the bottom (top) margin: the tooltip above (below) it moves further away.
  if (roomAbove) return { left, top: Math.max(margin, Math.min(above, viewportHeight - margin - height)), side: 'above', maxWidth };
  if (roomBelow) return { left, top: Math.max(below, margin), side: 'below', maxWidth };
  const side = anchorTop >= viewportHeight - (anchorTop + anchorHeight) ? 'above' : 'below';
  // Inside the margins when it fits between them; else from the top margin.
  const top = Math.max(margin, Math.min(side === 'above' ? above : below, viewportHeight - margin - height));
  return { left, top, side, maxWidth };
}
