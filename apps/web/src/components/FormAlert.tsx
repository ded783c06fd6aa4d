import type { ReactNode, RefObject } from 'react';

export interface FormAlertProps {
  /** Id of the error element (for example `login-error`). */
  id: string;
  /** Receives the error element, so that focus can move to it after a failed submit. */
  alertRef: RefObject<HTMLDivElement | null>;
  /** The form-level error text, or null. */
  message: string | null;
  /** Shown in the live region when there is no error (for example an informational notice). */
  children?: ReactNode;
}

/**
 * The form's live region (`role="alert"`): the error text, focusable, when there is one; else
 * `children`, if any.
 */
export function FormAlert({ id, alertRef, message, children }: FormAlertProps) {
  return (
    <div role="alert" aria-atomic="true">
      {message ? (
        <div id={id} ref={alertRef} tabIndex={-1} className="alert">
          {message}
        </div>
      ) : (
        (children ?? null)
      )}
    </div>
  );
}
