import { forwardRef, type SelectHTMLAttributes } from 'react';
import { FieldError } from './FieldError';

/** One choice of a {@link SelectField}. */
export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  /** Select id; the error id is `${id}-error`. */
  id: string;
  /** Visible label text. */
  label: string;
  options: readonly SelectOption[];
  /** Text of the empty first choice ("Choose…"), shown when set. */
  placeholder?: string | undefined;
  /** Error text; sets `aria-invalid` and is announced through `aria-describedby`. */
  error?: string | undefined;
}

/**
 * A labelled `<select>` with its error wired for assistive technology, styled like `Field`.
 * In: the options (value and text) and an optional empty first choice; out: the element (ref).
 */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { id, label, options, placeholder, error, ...select },
  ref,
) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={errorId} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});
