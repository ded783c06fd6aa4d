import { useEffect, useId, useRef, type ReactNode } from 'react';

/** Props of {@link JourneyModal}. */
export interface JourneyModalProps {
  /** The dialog's title (its accessible name), shown as its `h2`. */
  title: string;
  /** Escape: what the dialog's Close or Cancel button does. */
  onEscape(): void;
  /** The content; its first paragraph-like part should carry `describedById` when it explains the dialog. */
  children: (describedById: string) => ReactNode;
  className?: string;
}

/**
 * A modal dialog of the checkout journey (the terms-of-use consent modal, the sign-up restricted
 * modal of identity-and-routes.md §2): a native `<dialog>` opened with `showModal()` on mount,
 * so the page behind is inert and Tab stays inside; `role="dialog"`, `aria-modal`, named by its
 * title and described by the element given `describedById`. The title gets the focus when it
 * opens, so a screen reader reads it first. Escape calls `onEscape`.
 */
export function JourneyModal({ title, onEscape, children, className }: JourneyModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    titleRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className={`journey-dialog${className ? ` ${className}` : ''}`}
      onCancel={(event) => {
        event.preventDefault();
        onEscape();
      }}
    >
      <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="journey-dialog__title">
        {title}
      </h2>
      {children(`${id}-text`)}
    </dialog>
  );
}
