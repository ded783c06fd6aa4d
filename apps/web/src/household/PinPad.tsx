import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { PIN_LENGTH } from '@stream/core/domain';
import type { PinPadApi } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { Tooltip } from '../components/Tooltip';
import '../styles/household.css';

/** What the PIN pad shows and reports. Every machine that asks for the parental PIN (core's `pinPad`, the profile picker's PIN step) maps its view onto these props. */
export interface PinPadProps {
  /** The pad's heading (already translated), which names the group: "Enter the parental PIN". */
  label: string;
  /** How many digits are entered, 0 to 4. The pad shows dots, never the digits. */
  length: number;
  /** A message key to show (`wrongPin`, `tooManyAttempts`, `pinNotSet`, `anErrorOccured`…), or null. */
  error: string | null;
  /** Placeholders of `error`, such as `{ seconds }` while throttled. */
  errorVars?: Record<string, string>;
  /** The keys accept digits (false while the PIN is checked, while throttled, while a reset email is sent). */
  canType: boolean;
  /** The PIN is being checked: the pad says so (a live status) and the keys are disabled. */
  busy?: boolean;
  /** A digit key, `'0'`–`'9'` (the 4th digit sends the PIN: the machine decides). */
  onDigit(digit: string): void;
  /** Deletes the last digit. */
  onDelete(): void;
  /** "Forgotten PIN?": emails a reset link. Absent: no such button. */
  onForgot?: (() => void) | undefined;
  /** The reset email was sent: shows `pinResetEmailSent`. */
  resetSent?: boolean | undefined;
  /** Cancel (and Escape). Absent: no such button. */
  onCancel?: (() => void) | undefined;
}

/**
 * The pad's props from the view of core's `pinPad` machine (`connectPinPad`), the same wherever
 * that machine drives a pad: busy while the PIN is checked or the reset email is sent, "Forgotten
 * PIN?" sending the reset email. The caller adds the label and, when it has one, Cancel.
 */
export function pinPadViewProps(view: PinPadApi): Omit<PinPadProps, 'label' | 'onCancel'> {
  return {
    length: view.length,
    error: view.error,
    errorVars: view.errorVars,
    canType: view.canType,
    busy: view.status === 'checking' || view.status === 'sendingReset',
    onDigit: view.press,
    onDelete: view.deleteDigit,
    onForgot: view.forgot,
    resetSent: view.resetSent,
  };
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * The parental PIN pad (issue 16): a named group of digit keys 0–9 and Delete, four dots for the
 * digits entered (hidden from screen readers, which hear "2 of 4 digits entered" instead), the
 * failure as an alert (with the throttle's countdown while it lasts), "Forgotten PIN?" and
 * Cancel when given. Typing a digit or Backspace anywhere in the pad works as its keys; Escape
 * cancels. Focus goes to the first key when the pad appears and back to it after a wrong PIN.
 * Presentational: the machine (core's `pinPad`, or the profile picker's PIN step) decides.
 */
export function PinPad({ label, length, error, errorVars = {}, canType, busy = false, onDigit, onDelete, onForgot, resetSent = false, onCancel }: PinPadProps) {
  const { t } = useI18n();
  const id = useId();
  const firstKey = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    firstKey.current?.focus();
  }, []);
  useLayoutEffect(() => {
    if (error && canType) firstKey.current?.focus();
  }, [error, canType]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      if (canType) onDigit(event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      if (canType) onDelete();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  const key = (digit: string, ref?: typeof firstKey) => (
    <button key={digit} ref={ref} type="button" className="pin-pad__key" disabled={!canType} onClick={() => onDigit(digit)}>
      {digit}
    </button>
  );

  return (
    <div className="pin-pad" role="group" aria-labelledby={`${id}-label`} onKeyDown={onKeyDown}>
      <h2 id={`${id}-label`} className="pin-pad__label">
        {label}
      </h2>
      <div className="pin-pad__dots" aria-hidden="true">
        {Array.from({ length: PIN_LENGTH }, (_, i) => (
          <span key={i} className={i < length ? 'pin-pad__dot pin-pad__dot--filled' : 'pin-pad__dot'} />
        ))}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {busy ? t('pinChecking') : t('pinDigitsEntered', { count: String(length), total: String(PIN_LENGTH) })}
      </p>
      <div role="alert" aria-atomic="true" className="pin-pad__message">
        {error ? <p className="alert">{t(error, errorVars)}</p> : null}
        {resetSent ? <p className="notice">{t('pinResetEmailSent')}</p> : null}
      </div>
      <div className="pin-pad__keys">
        {KEYS.map((digit, i) => key(digit, i === 0 ? firstKey : undefined))}
        <span aria-hidden="true" />
        {key('0')}
        <Tooltip text={t('pinDeleteDigit')}>
          <button type="button" className="pin-pad__key pin-pad__key--delete" disabled={!canType || length === 0} onClick={onDelete} aria-label={t('pinDeleteDigit')}>
            ⌫
          </button>
        </Tooltip>
      </div>
      <div className="pin-pad__actions">
        {onForgot ? (
          <button type="button" className="link-button" onClick={onForgot} disabled={busy}>
            {t('pinForgotten')}
          </button>
        ) : null}
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
