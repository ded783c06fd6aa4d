import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { placeTooltip, TOOLTIP_ANCHOR_GAP_PX } from '@stream/core/domain';
import '../styles/tooltip.css';

/** The props of a trigger the tooltip adds to (a button): its own handlers stay its own. */
interface TriggerProps {
  'aria-describedby'?: string | undefined;
}

export interface TooltipProps {
  /** The words a sighted pointer user otherwise lacks: for an icon-only button, its accessible name. */
  text: string;
  /**
   * The trigger: one element (a button), rendered as it is with `aria-describedby` added; the
   * tooltip listens to it (pointer, focus) beside its own handlers.
   */
  children: ReactElement<TriggerProps>;
}

/** True when `node` is `element` or inside it. */
const within = (element: Element | null, node: EventTarget | null) => !!element && node instanceof Node && element.contains(node);

/**
 * A tooltip of its trigger (commerce-and-account-data.md §9 "Tooltip keeps 10 px from the screen
 * edge"): `role="tooltip"` after the trigger, which names it in `aria-describedby` (so a screen
 * reader hears it whether it shows or not). It shows while a mouse or pen is over the trigger
 * or the tooltip itself (the gap between them belongs to the tooltip: the pointer may move onto
 * it to read), and while the trigger has keyboard focus (`:focus-visible`: not after a click);
 * Escape hides it without moving focus or hover, until the next time it is asked for (WCAG 1.4.13
 * "Content on Hover or Focus"), and so does pressing the trigger (the pointer then goes on to
 * whatever is next, which the tooltip might cover).
 *
 * Placed by core's `placeTooltip` (above, else below; 10 px from every screen edge; the text
 * direction at the trigger decides which edge wins when it cannot fit), measured with
 * `getBoundingClientRect` and placed again on resize and on any scroll while shown. It shows in
 * the top layer (`popover="manual"`) where the browser has it, above every stacking context;
 * elsewhere as a `position: fixed` box.
 */
export function Tooltip({ text, children }: TooltipProps) {
  const id = useId();
  const tip = useRef<HTMLSpanElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed && text !== '';

  const hover = (event: { pointerType: string }) => {
    if (event.pointerType === 'touch') return;
    setDismissed(false);
    setHovered(true);
  };
  /** The pointer left the trigger or the tooltip: still hovered when it went from one to the other. */
  const unhover = (other: Element | null | undefined, event: { relatedTarget: EventTarget | null }) => {
    if (!within(other ?? null, event.relatedTarget)) setHovered(false);
  };
  const described = children.props['aria-describedby'];
  const trigger = cloneElement(children, { 'aria-describedby': described ? `${described} ${id}` : id });

  // The trigger's own listeners (beside whatever handlers it has): the element before the tooltip.
  useEffect(() => {
    const element = tip.current;
    const anchor = element?.previousElementSibling;
    if (!element || !anchor) return undefined;
    const listeners = {
      pointerenter: (event: Event) => hover(event as globalThis.PointerEvent),
      pointerleave: (event: Event) => unhover(element, event as globalThis.PointerEvent),
      // A press answers the question: hidden until the pointer comes back (or focus does).
      pointerdown: () => setDismissed(true),
      focus: () => {
        if (!focusVisible(anchor)) return;
        setDismissed(false);
        setFocused(true);
      },
      blur: () => setFocused(false),
    };
    for (const [type, listener] of Object.entries(listeners)) anchor.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of Object.entries(listeners)) anchor.removeEventListener(type, listener);
    };
  }, []);

  // Escape hides it, and does what else it does there too (a dialog around it closes at once:
  // the tooltip is an aside, never a step of its own before the page's Escape).
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [open]);

  useLayoutEffect(() => {
    const element = tip.current;
    const anchor = element?.previousElementSibling;
    if (!open || !element || !anchor) return undefined;
    const popover = showInTopLayer(element);
    const place = () => {
      const root = document.documentElement;
      const viewport = { width: root.clientWidth, height: root.clientHeight };
      const direction = getComputedStyle(anchor).direction === 'rtl' ? 'rtl' : 'ltr';
      const rect = anchor.getBoundingClientRect();
      const { maxWidth } = placeTooltip({ anchor: rect, tooltip: { width: 0, height: 0 }, viewport, direction });
      element.style.maxWidth = `min(20rem, ${maxWidth}px)`;
      element.style.left = '0px';
      element.style.top = '0px';
      // Measured at the origin: a containing block other than the viewport (a transformed
      // ancestor, without the top layer) shows as an offset, taken away below.
      const box = element.getBoundingClientRect();
      const placed = placeTooltip({ anchor: rect, tooltip: { width: box.width, height: box.height }, viewport, direction });
      element.style.left = `${placed.left - box.left}px`;
      element.style.top = `${placed.top - box.top}px`;
      element.style.setProperty('--tooltip-gap', `${TOOLTIP_ANCHOR_GAP_PX}px`);
      element.dataset.side = placed.side;
    };
    place();
    window.addEventListener('resize', place);
    // Capture: the scroll of any scrolling box (a rail) moves the trigger too.
    window.addEventListener('scroll', place, { capture: true, passive: true });
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
      if (popover) hideFromTopLayer(element);
    };
  }, [open, text]);

  return (
    <>
      {trigger}
      <span
        ref={tip}
        id={id}
        role="tooltip"
        className="tooltip"
        popover="manual"
        hidden={!open}
        onPointerEnter={hover}
        onPointerLeave={(event) => unhover(tip.current?.previousElementSibling, event)}
      >
        {text}
      </span>
    </>
  );
}

/** Whether the browser shows a focus ring on `element` (focus by keyboard); true where it cannot tell. */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** Shows `element` in the top layer where the browser has popovers; false elsewhere. */
function showInTopLayer(element: HTMLElement): boolean {
  if (typeof element.showPopover !== 'function') return false;
  try {
    element.showPopover();
    return true;
  } catch {
    return false;
  }
}

function hideFromTopLayer(element: HTMLElement): void {
  try {
    element.hidePopover();
  } catch {
    // Already hidden (or gone).
  }
}
