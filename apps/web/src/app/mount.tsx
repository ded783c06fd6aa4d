import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Bootstrap } from './Bootstrap';
import type { StartOutcome } from './start';

/**
 * Renders the app into `container`, which holds the prerendered frame: React's first render
 * replaces it (with the page, or with the same frame while the labels load).
 */
export function mount(container: HTMLElement, outcome: StartOutcome): void {
  createRoot(container).render(
    <StrictMode>
      <Bootstrap outcome={outcome} />
    </StrictMode>,
  );
}
