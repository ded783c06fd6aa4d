import { useId, useState, type FormEvent } from 'react';
import { ConsentCheckbox } from '../../components/ConsentCheckbox';
import { initialConsentChecks, isConsentValid, type ConsentTerm } from '@stream/core/domain';
import { useI18n } from '../../app/context';
import { JourneyModal } from './JourneyModal';

/** Props of {@link ConsentModal}. */
export interface ConsentModalProps {
  /** The realm's consent terms (the checkout context's `consentTerms`). */
  terms: readonly ConsentTerm[];
  /** Accept with the checked map (fieldName → ticked); called only when core's `isConsentValid` holds. */
  onAccept(checked: Record<string, boolean>): void;
  /** Cancel or Escape: leave the journey. */
  onCancel(): void;
}

/**
 * The terms-of-use consent modal (identity-and-routes.md §2, §3 "Consent term", §5 "Consent"):
 * each `INFORMATION_TEXT` term as text, every other term as a checkbox starting at its default
 * value (core's `initialConsentChecks`), required ones marked; the submit button is enabled only
 * while core's `isConsentValid` holds, with a note saying what is missing.
 */
export function ConsentModal({ terms, onAccept, onCancel }: ConsentModalProps) {
  const { t } = useI18n();
  const id = useId();
  const [checked, setChecked] = useState<Record<string, boolean>>(() => initialConsentChecks(terms));
  const valid = isConsentValid(terms, checked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onAccept(checked);
  };

  return (
    <JourneyModal title={t('consentTitle')} onEscape={onCancel} className="consent-dialog">
      {(textId) => (
        <form className="form consent-form" noValidate onSubmit={submit}>
          <p id={textId}>{t('consentIntro')}</p>
          <ul className="consent-terms">
            {terms.map((term, index) => {
              const text = term.text ?? term.label ?? term.fieldName;
              if (term.fieldType === 'INFORMATION_TEXT') {
                return (
                  <li key={`${term.fieldName}-${index}`} className="consent-term consent-term--info">
                    <p>
                      <bdi>{text}</bdi>
                    </p>
                  </li>
                );
              }
              const inputId = `${id}-${index}`;
              const label = term.label ?? term.text ?? term.fieldName;
              const more = term.label && term.text && term.text !== term.label ? term.text : null;
              return (
                <li key={`${term.fieldName}-${index}`} className="consent-term">
                  <ConsentCheckbox
                    inputId={inputId}
                    term={term}
                    label={label}
                    checked={checked[term.fieldName] === true}
                    onChange={(value) => setChecked((previous) => ({ ...previous, [term.fieldName]: value }))}
                    describedBy={more ? `${inputId}-more` : undefined}
                    requiredClassName="consent-term__required"
                  />
                  {more ? (
                    <p id={`${inputId}-more`} className="consent-term__more">
                      <bdi>{more}</bdi>
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <p id={`${id}-hint`} className="consent-form__hint" aria-live="polite">
            {valid ? '' : t('consentRequiredHint')}
          </p>
          <div className="actions journey-dialog__actions">
            <button type="submit" className="button" disabled={!valid} aria-describedby={`${id}-hint`}>
              {t('acceptAndContinue')}
            </button>
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {t('cancelCheckout')}
            </button>
          </div>
        </form>
      )}
    </JourneyModal>
  );
}
