import { useEffect, useRef } from 'react';
import { FormAlert } from '../components/FormAlert';

export interface PaymentAlertProps {
  /** Id of the error element. */
  id: string;
  /** The error text to show (already translated), or null. */
  message: string | null;
  /** Bumped on every failed attempt, so that the same message again is focused again. @default 0 */
  attempt?: number;
}

/**
 * A payment form's error region (`FormAlert`, `role="alert"`): focused whenever a new error
 * appears, so the keyboard and screen-reader user lands on what went wrong and what to do next.
 */
export function PaymentAlert({ id, message, attempt = 0 }: PaymentAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message, attempt]);
  return <FormAlert id={id} alertRef={ref} message={message} />;
}
