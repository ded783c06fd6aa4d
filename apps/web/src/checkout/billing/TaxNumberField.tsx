import { useLayoutEffect, useRef } from 'react';
import { cleanInput, formatBrazilianTaxNumber } from '@stream/core/domain';
import { useI18n } from '../../app/context';
import { Field } from '../../components/Field';

export interface TaxNumberFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  required: boolean;
  /** The buyer's country is Brazil: the value is formatted `000.000.000-00` as it is typed. */
  brazilian: boolean;
  error?: string | undefined;
  inputRef(element: HTMLInputElement | null): void;
}

/** How many ASCII digits `text` has before `end`. */
const digitsBefore = (text: string, end: number): number => text.slice(0, end).replace(/[^0-9]/g, '').length;

/** The position just after the `count`-th digit of `text` (0 → 0). */
function positionAfterDigits(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (/[0-9]/.test(text.charAt(i))) seen += 1;
    if (seen === count) return i + 1;
  }
  return text.length;
}

/**
 * The tax-number field (commerce-and-account-data.md §5 "Tax number field", identity-and-routes.md
 * §5 "Brazilian tax number"): an input with the hint `taxNumberFieldHint` (a Brazilian buyer's
 * hint shows the CPF format). For a Brazilian buyer it is numeric and its value is formatted with
 * the core's `formatBrazilianTaxNumber` as it is typed (`12345678901` → `123.456.789-01`), the
 * caret staying after the same digit; otherwise the value is cleaned as text.
 */
export function TaxNumberField({ id, label, value, onChange, onBlur, required, brazilian, error, inputRef }: TaxNumberFieldProps) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || document.activeElement !== element) return;
    const position = positionAfterDigits(element.value, caret.current);
    caret.current = null;
    element.setSelectionRange(position, position);
  });

  return (
    <Field
      ref={(element) => {
        input.current = element;
        inputRef(element);
      }}
      id={id}
      label={label}
      hint={brazilian ? t('billingTaxNumberBrazilHint') : t('taxNumberFieldHint')}
      type="text"
      inputMode={brazilian ? 'numeric' : 'text'}
      autoComplete="off"
      dir="ltr"
      required={required}
      value={value}
      error={error}
      onChange={(event) => {
        const raw = event.target.value;
        if (!brazilian) return onChange(cleanInput('text', raw));
        caret.current = digitsBefore(raw, event.target.selectionStart ?? raw.length);
        onChange(formatBrazilianTaxNumber(raw));
      }}
      onBlur={onBlur}
    />
  );
}
