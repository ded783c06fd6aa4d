import { useId } from 'react';
import { ConsentCheckbox } from '../components/ConsentCheckbox';
import type { ConsentTerm } from '@stream/core/domain';
import { useI18n } from '../app/context';

/** Props of {@link ConsentTerms}. */
export interface ConsentTermsProps {
  /** The realm's consent terms (the checkout context's `consentTerms`). */
  terms: readonly ConsentTerm[];
  /** The checked map (fieldName → ticked). */
  checked: Readonly<Record<string, boolean>>;
  onChange(fieldName: string, ticked: boolean): void;
  /** Show the "tick the required terms" note (after a submit with a required term unticked). */
  showHint: boolean;
}

/**
 * The consent terms inside the Firebase sign-up form (identity-and-routes.md §3 "Consent term",
 * §5 "Consent"): a fieldset with each `INFORMATION_TEXT` term as text and every other term as a
 * checkbox, required ones marked; the note says what is missing. The caller decides validity
 * with core's `isConsentValid` and sends core's `consentAnswers`.
 */
export function ConsentTerms({ terms, checked, onChange, showHint }: ConsentTermsProps) {
  const { t } = useI18n();
  const id = useId();
  if (terms.length === 0) return null;
  return (
    <fieldset className="firebase-consent" aria-describedby={showHint ? `${id}-hint` : undefined}>
      <legend>{t('consentTitle')}</legend>
      {terms.map((term, index) => {
        const text = term.label ?? term.text ?? term.fieldName;
        if (term.fieldType === 'INFORMATION_TEXT') {
          return (
            <p key={`${term.fieldName}-${index}`} className="firebase-consent__info">
              <bdi>{term.text ?? text}</bdi>
            </p>
          );
        }
        const inputId = `${id}-${index}`;
        return (
          <div key={`${term.fieldName}-${index}`} className="firebase-consent__term">
            <ConsentCheckbox
              inputId={inputId}
              term={term}
              label={text}
              checked={checked[term.fieldName] === true}
              onChange={(value) => onChange(term.fieldName, value)}
              requiredClassName="firebase-consent__required"
            />
          </div>
        );
      })}
      {showHint ? (
        <p id={`${id}-hint`} className="field__error" role="alert">
          {t('consentRequiredHint')}
        </p>
      ) : null}
    </fieldset>
  );
}
