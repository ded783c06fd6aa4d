import { useEffect, useRef, type RefObject } from 'react';

/**
 * After a submit that failed, moves focus to the first invalid field (in `fields` order) or,
 * when only a form-level error is shown, to the error region. Call `armed()` on submit.
 */
export function useFocusOnFailure(state: {
  isSubmitting: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
  fields: ReadonlyArray<[name: string, ref: RefObject<HTMLInputElement | null>]>;
  alertRef: RefObject<HTMLElement | null>;
}): { arm(): void } {
  const pending = useRef(false);
  const { isSubmitting, error, fieldErrors, fields, alertRef } = state;
  useEffect(() => {
    if (!pending.current || isSubmitting) return;
    pending.current = false;
    const firstInvalid = fields.find(([name]) => fieldErrors[name]);
    if (firstInvalid) firstInvalid[1].current?.focus();
    else if (error) alertRef.current?.focus();
  });
  return {
    arm: () => {
      pending.current = true;
    },
  };
}
