import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Input id; the label, hint and error ids derive from it. */
  id: string;
  /** Visible label text. */
  label: string;
  /** Error text for this field; sets `aria-invalid` and is announced via `aria-describedby`. */
  error?: string | undefined;
  /** Help text under the input. */
  hint?: string | undefined;
  /** Extra content rendered after the input (for example the show-password control). */
  after?: ReactNode;
  /** Extra content next to the label (for example the forgot-password link). */
  labelAside?: ReactNode;
}

/** A labelled input with its hint and error wired for assistive technology. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { id, label, error, hint, after, labelAside, ...input },
  ref,
) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      {labelAside ? (
        <div className="field__row">
          <label htmlFor={id}>{label}</label>
          {labelAside}
        </div>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {after}
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
});
