import type { ReactNode } from 'react';

/**
 * A filter chip that is on or off (`aria-pressed`): a search refine's value, a letter of an A to Z
 * list. Choosing it is the caller's (`onToggle`); the chip only shows the state it is given.
 */
export function ToggleChip({ pressed, onToggle, children }: { pressed: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <button type="button" className="chip" aria-pressed={pressed} onClick={onToggle}>
      {children}
    </button>
  );
}
