import type { ConsentTerm } from '@stream/core/domain';
import { useI18n } from '../app/context';

/** Props of {@link ConsentCheckbox}. */
export interface ConsentCheckboxProps {
  /** The checkbox's id (its label points at it). */
  inputId: string;
  /** A BINARY_CHOICE consent term (identity-and-routes.md §3 "Consent term"). */
  term: ConsentTerm;
  /** The label text shown. */
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** Id of an element that says more about the term, when there is one. */
  describedBy?: string | undefined;
  /** Class of the "required" mark. */
  requiredClassName: string;
}

/**
 * One consent term as a checkbox with its label (identity-and-routes.md §2 "Terms-of-use
 * consent modal", §5 consent rule): named by the term's `fieldName`, `aria-required` for a
 * required term, which also shows the `consentRequired` mark.
 */
export function ConsentCheckbox({ inputId, term, label, checked, onChange, describedBy, requiredClassName }: ConsentCheckboxProps) {
  const { t } = useI18n();
  return (
    <>
      <input
        id={inputId}
        type="checkbox"
        name={term.fieldName}
        checked={checked}
        aria-required={term.required === true || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={inputId}>
        <bdi>{label}</bdi>
        {term.required ? <span className={requiredClassName}> {t('consentRequired')}</span> : null}
      </label>
    </>
  );
}
