import { useEffect, useRef, type ReactNode } from 'react';
import { Spinner } from './Spinner';

/**
 * Full-area loading indicator, announced politely. It stands for the whole page while shown, so
 * its label is the page's `h1` (every state of a page has one).
 */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div className="status-screen" role="status" aria-live="polite">
      <Spinner />
      <h1 className="status-screen__message status-screen__message--loading">{label}</h1>
    </div>
  );
}

export interface ErrorScreenProps {
  title: string;
  message: string;
  retryLabel: string;
  onRetry(): void;
  /** Rendered as the page heading (`h1`) when the screen stands for a whole page. @default true */
  asPage?: boolean;
  children?: ReactNode;
}

/** An error with a Retry button; the message is announced and focused. */
export function ErrorScreen({ title, message, retryLabel, onRetry, asPage = true, children }: ErrorScreenProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const Heading = asPage ? 'h1' : 'h2';
  return (
    <div className="status-screen">
      <Heading>{title}</Heading>
      <div ref={ref} role="alert" tabIndex={-1} className="alert status-screen__message">
        {message}
      </div>
      {children}
      <button type="button" className="button" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

/** A loading indicator inside a page (no heading), announced politely. */
export function InlineStatus({ label }: { label: string }) {
  return (
    <p className="inline-status" role="status">
      <Spinner />
      <span>{label}</span>
    </p>
  );
}

export interface InlineErrorProps {
  message: string;
  retryLabel?: string;
  onRetry?(): void;
}

/** An error inside a page: the message in `role="alert"`, and Retry when given. */
export function InlineError({ message, retryLabel, onRetry }: InlineErrorProps) {
  return (
    <div className="inline-error">
      <p role="alert" className="alert">
        {message}
      </p>
      {onRetry && retryLabel ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}
