// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './Tooltip';

afterEach(cleanup);

/** A 390 × 844 viewport, a 44 px trigger whose right edge is 16 px from the screen's right edge, a 120 × 30 tooltip. */
function layOut(trigger: HTMLElement, tip: HTMLElement, { dir = 'ltr', left = 330 }: { dir?: 'ltr' | 'rtl'; left?: number } = {}) {
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 390 });
  Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, value: 844 });
  document.documentElement.dir = dir;
  trigger.style.direction = dir;
  trigger.getBoundingClientRect = () => DOMRect.fromRect({ x: left, y: 300, width: 44, height: 44 });
  // Where the tooltip is: its own `left`/`top` (the viewport is its containing block).
  tip.getBoundingClientRect = () => DOMRect.fromRect({ x: Number.parseFloat(tip.style.left) || 0, y: Number.parseFloat(tip.style.top) || 0, width: 120, height: 30 });
}

function setUp(onFocus = vi.fn()) {
  render(
    <Tooltip text="Next: New releases">
      <button type="button" aria-label="Next: New releases" onFocus={onFocus}>
        ›
      </button>
    </Tooltip>,
  );
  const trigger = screen.getByRole('button');
  const tip = document.querySelector<HTMLElement>('[role="tooltip"]')!;
  return { trigger, tip, onFocus };
}

describe('Tooltip', () => {
  it('is the trigger’s description, hidden until asked for', () => {
    const { trigger, tip } = setUp();
    expect(tip.textContent).toBe('Next: New releases');
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id);
    expect(tip.hidden).toBe(true);
  });

  it('shows on hover, stays while the pointer moves onto it, hides when the pointer leaves both or presses the trigger', () => {
    const { trigger, tip } = setUp();
    layOut(trigger, tip);
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    expect(tip.hidden).toBe(false);
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse', relatedTarget: tip });
    fireEvent.pointerEnter(tip, { pointerType: 'mouse' });
    expect(tip.hidden).toBe(false);
    fireEvent.pointerLeave(tip, { pointerType: 'mouse', relatedTarget: document.body });
    expect(tip.hidden).toBe(true);
    // Pressing the trigger hides it until the pointer comes back.
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    fireEvent.pointerDown(trigger, { pointerType: 'mouse' });
    expect(tip.hidden).toBe(true);
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse', relatedTarget: document.body });
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    expect(tip.hidden).toBe(false);
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse', relatedTarget: document.body });
    // A touch shows nothing (no hover on a touch screen).
    fireEvent.pointerEnter(trigger, { pointerType: 'touch' });
    expect(tip.hidden).toBe(true);
  });

  it('keeps 10 px from the right edge of a 390 px screen, and from the left one right to left', () => {
    const { trigger, tip } = setUp();
    layOut(trigger, tip);
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    expect(tip.style.left).toBe('260px'); // 390 - 10 - 120
    expect(tip.style.top).toBe('264px'); // above: 300 - 6 - 30
    expect(tip.dataset.side).toBe('above');
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse', relatedTarget: document.body });

    layOut(trigger, tip, { dir: 'rtl', left: 16 });
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    expect(tip.style.left).toBe('10px');
    // Placed again when the window resizes.
    trigger.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 20, width: 44, height: 44 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(tip.style.left).toBe('62px'); // centred: 100 + 22 - 60
    expect(tip.dataset.side).toBe('below');
  });

  it('shows on keyboard focus; Escape hides it without moving focus, and goes on to the page', () => {
    const { trigger, tip, onFocus } = setUp();
    layOut(trigger, tip);
    const outer = vi.fn();
    document.body.addEventListener('keydown', outer);
    act(() => trigger.focus());
    expect(onFocus).toHaveBeenCalled(); // the trigger's own handler still runs
    expect(tip.hidden).toBe(false);
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
    expect(document.activeElement).toBe(trigger);
    // The key goes on to the page (a dialog around the trigger closes with the same Escape).
    expect(outer).toHaveBeenCalledTimes(1);
    // The next focus shows it again.
    act(() => trigger.blur());
    act(() => trigger.focus());
    expect(tip.hidden).toBe(false);
    document.body.removeEventListener('keydown', outer);
  });
});
