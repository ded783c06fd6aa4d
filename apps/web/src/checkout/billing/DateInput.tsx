import { useRef } from 'react';
import {
  cleanDatePart,
  dateFieldOrder,
  isPartFull,
  L_FORMAT,
  type DatePart,
  type DateParts,
} from '@stream/core/domain';
import { useI18n } from '../../app/context';
import { FieldError } from './FieldError';

export interface DateInputProps {
  id: string;
  /** The `<legend>`, for example "Date of birth". */
  legend: string;
  value: DateParts;
  onChange(value: DateParts): void;
  onBlur(): void;
  required: boolean;
  error?: string | undefined;
  /** Receives the first part's input (focused when the date is invalid). */
  inputRef(element: HTMLInputElement | null): void;
}

const AUTOCOMPLETE: Readonly<Record<DatePart, string>> = { day: 'bday-day', month: 'bday-month', year: 'bday-year' };

/**
 * The date input (identity-and-routes.md §3 "Date input value", §5 "Date input"): one
 * `<fieldset>` with its `<legend>` and a day, month and year input in the order of the locale's
 * short date format (the core's `dateFieldOrder` of `L_FORMAT`, the spec's L `DD/MM/YYYY`).
 * Each part is cleaned with `cleanDatePart` (digits, within its limits) and focus moves to the
 * next part once the typed part is full (`isPartFull`). The form reads the value with
 * `dateInputValue` (`YYYY-MM-DD` only when all three parts are there).
 */
export function DateInput({ id, legend, value, onChange, onBlur, required, error, inputRef }: DateInputProps) {
  const { t } = useI18n();
  const order = dateFieldOrder(L_FORMAT);
  const inputs = useRef<Partial<Record<DatePart, HTMLInputElement | null>>>({});
  const errorId = error ? `${id}-error` : undefined;
  const labels: Record<DatePart, string> = { day: t('billingDateDay'), month: t('billingDateMonth'), year: t('billingDateYear') };

  function change(part: DatePart, raw: string) {
    const clean = cleanDatePart(part, raw);
    onChange({ ...value, [part]: clean });
    const next = order[order.indexOf(part) + 1];
    if (clean !== value[part] && next && isPartFull(part, clean)) inputs.current[next]?.focus();
  }

  return (
    <fieldset className="date-input">
      <legend>{legend}</legend>
      <div className="date-input__parts">
        {order.map((part, index) => (
          <div key={part} className={`field date-input__part date-input__part--${part}`}>
            <label htmlFor={`${id}-${part}`}>{labels[part]}</label>
            <input
              ref={(element) => {
                inputs.current[part] = element;
                if (index === 0) inputRef(element);
              }}
              id={`${id}-${part}`}
              type="text"
              inputMode="numeric"
              autoComplete={AUTOCOMPLETE[part]}
              dir="ltr"
              required={required}
              value={value[part]}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              onChange={(event) => change(part, event.target.value)}
              onBlur={onBlur}
            />
          </div>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
