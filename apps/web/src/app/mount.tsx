import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Bootstrap } from './Bootstrap';
import type { StartOutcome } from './start';

/**
 * Renders the app into `container`, which holds the prerendered frame: React's first render
 * replaces it (with the page, or with the same frame while the labels load) in the same task, so
 * the page is never painted without either.
 */
export function mount(container: HTMLElement, outcome: StartOutcome): void {
  // The frame the app renders holds its own text (boot/direction.ts hid the server's, if in another language).
  delete document.documentElement.dataset.firstPaint;
  createRoot(container).render(
    <StrictMode>
      <Bootstrap outcome={outcome} />
    </StrictMode>,
  );
}
