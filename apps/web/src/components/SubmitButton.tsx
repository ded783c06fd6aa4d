import type { ReactNode } from 'react';
import { Spinner } from './Spinner';

export interface SubmitButtonProps {
  /** True while the form is being sent: the button is disabled, busy and shows `busyLabel`. */
  busy: boolean;
  /** Text while idle (the button's accessible name). */
  children: ReactNode;
  /** Text while busy, for example "Signing in…". */
  busyLabel: string;
}

/** A button's content: `children`, or a spinner and `busyLabel` while `busy`. */
export function BusyContent({ busy, children, busyLabel }: SubmitButtonProps) {
  return busy ? (
    <>
      <Spinner />
      <span>{busyLabel}</span>
    </>
  ) : (
    <>{children}</>
  );
}

/** The submit button of a form, with progress. */
export function SubmitButton({ busy, children, busyLabel }: SubmitButtonProps) {
  return (
    <button type="submit" className="button button--block" disabled={busy} aria-busy={busy || undefined}>
      <BusyContent busy={busy} busyLabel={busyLabel}>
        {children}
      </BusyContent>
    </button>
  );
}
