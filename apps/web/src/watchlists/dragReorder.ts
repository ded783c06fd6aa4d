import { useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

/**
 * Where an item dragged from index `from` lands when the pointer is at `y` (px, the same axis as
 * `midpoints`): the items' vertical middles in list order. The pointer above the middle of item
 * `i` puts the dragged item before it; the index is that of the item after the move (the
 * watchlist editor's `move(from, to)`), clamped to the list. Total: a `from` outside the list, an
 * empty list or a non-finite `y` leave the item where it is.
 */
export function dropIndex(from: number, midpoints: readonly number[], y: number): number {
  const n = midpoints.length;
  if (!Number.isInteger(from) || from < 0 || from >= n || !Number.isFinite(y)) return from;
  // The slot the pointer is at: how many middles are above it (0 … n), in the list before the move.
  const slot = midpoints.filter((middle) => middle < y).length;
  const to = slot > from ? slot - 1 : slot;
  return Math.min(n - 1, Math.max(0, to));
}

/** A drag under way: the item's index and where it would land now. */
export interface DragState {
  from: number;
  to: number;
}

/**
 * Pointer drag of a list's items by a handle (mouse, pen or touch; the keyboard has its own Move
 * up and Move down buttons): the handle of item `index` gets `handleProps(index)`; while the
 * pointer moves, `drag` says where the item would land (found among `list`'s elements matching
 * `itemSelector`), and releasing it calls `onMove(from, to)` when that differs from where it was.
 * Escape or a cancelled pointer ends the drag without a move.
 */
export function useDragReorder(list: RefObject<HTMLElement | null>, itemSelector: string, onMove: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  // The events of one gesture may come before React renders again: the latest state is kept here too.
  const current = useRef<DragState | null>(null);
  const set = (next: DragState | null) => {
    current.current = next;
    setDrag(next);
  };
  const middles = () =>
    [...(list.current?.querySelectorAll<HTMLElement>(itemSelector) ?? [])].map((item) => {
      const box = item.getBoundingClientRect();
      return box.top + box.height / 2;
    });

  const handleProps = (index: number) => ({
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      set({ from: index, to: index });
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      const state = current.current;
      if (!state) return;
      const to = dropIndex(state.from, middles(), event.clientY);
      if (to !== state.to) set({ from: state.from, to });
    },
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      const state = current.current;
      if (!state) return;
      const to = dropIndex(state.from, middles(), event.clientY);
      set(null);
      if (to !== state.from) onMove(state.from, to);
    },
    onPointerCancel() {
      set(null);
    },
    onKeyDown(event: { key: string }) {
      if (event.key === 'Escape') set(null);
    },
  });

  return { drag, handleProps };
}
