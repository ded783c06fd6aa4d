/**
 * Parts the email-based pages share (password request and reset, magic link, email
 * confirmation): the one-time token read from the query and removed from the address bar, the
 * outcome card, the email request form, the back link and the login prefill state.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'wouter';
import { EMAIL_INVALID_KEY, pathKeepingFrom } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { AuthLayout } from './AuthLayout';
import { LoginSubPage } from '../signin/LoginSubPage';
import { EmailField } from './EmailField';
import { FormAlert } from './FormAlert';
import { SubmitButton } from './SubmitButton';
import { useFocusOnFailure } from './useFocusOnFailure';
import '../styles/email-flows.css';

/** A one-time token read from the address bar, and the rest of the query. */
export interface OneTimeToken {
  /** The `token` query parameter, or null when absent or blank. */
  token: string | null;
  /** The query string without `token` (and without `?`), read once when the page opened. */
  search: string;
}

/**
 * Reads the `token` query parameter once, when the page opens, and removes it from the address
 * bar (history replace, other parameters kept), so that an emailed token never stays in the
 * URL, the history or a `Referer`. Later renders return what was read at the start.
 */
export function useOneTimeToken(): OneTimeToken {
  const [read] = useState<OneTimeToken>(() => {
    const query = new URLSearchParams(window.location.search);
    const token = query.get('token')?.trim() ?? '';
    query.delete('token');
    return { token: token === '' ? null : token, search: query.toString() };
  });
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('token')) return;
    const rest = read.search === '' ? '' : `?${read.search}`;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest}${window.location.hash}`);
  }, [read]);
  return read;
}

/** Props of {@link FlowOutcome}. */
export interface FlowOutcomeProps {
  /** The page's `h1` (the page sets the document title). */
  title: string;
  /** The outcome's text. */
  message: string;
  /** `status` for a success (announced politely), `alert` for a failure. @default 'status' */
  tone?: 'status' | 'alert';
  /** What follows the message (links, a button). */
  children?: ReactNode;
}

/**
 * A finished step of an email flow (link sent, password changed, email confirmed or not): the
 * login frame with the title as `h1`, focused when it appears so that screen readers read the
 * outcome, and the message in a live region.
 */
export function FlowOutcome({ title, message, tone = 'status', children }: FlowOutcomeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <AuthLayout>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role={tone} className={tone === 'alert' ? 'alert email-flow__message' : 'alert alert--info email-flow__message'}>
        {message}
      </p>
      {children}
    </AuthLayout>
  );
}

/** Where a form shows a machine's error: on its one field, or in the form's alert. */
export interface PlacedError {
  /** Receives the field's input (focused after a failed submit with a field error). */
  fieldRef: RefObject<HTMLInputElement | null>;
  /** Receives the alert (focused after a failed submit with a form error). */
  alertRef: RefObject<HTMLDivElement | null>;
  /** The field's message text, or undefined. */
  fieldError: string | undefined;
  /** The form's message text, or null. */
  formError: string | null;
  /** Call on submit: after the answer, the focus moves to the field or the alert that fails. */
  arm(): void;
}

/**
 * Places the error key of a one-field form's machine: on the field when it is one of
 * `fieldErrorKeys` (the field's validation messages), else in the form's alert; texts are
 * translated with `tError` (§8 fallback). Moves the focus after a failed submit.
 */
export function usePlacedError(
  error: string | null,
  busy: boolean,
  fieldErrorKeys: readonly string[],
  /** Placeholder values of the error's text (`{ seconds }` of `tooManyAttempts`). */
  errorVars?: Readonly<Record<string, string>>,
): PlacedError {
  const { tError } = useI18n();
  const fieldRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const onField = error !== null && fieldErrorKeys.includes(error) ? error : null;
  const onForm = error !== null && onField === null ? error : null;
  const { arm } = useFocusOnFailure({
    isSubmitting: busy,
    error: onForm,
    fieldErrors: onField ? { field: onField } : {},
    fields: [['field', fieldRef]],
    alertRef,
  });
  return {
    fieldRef,
    alertRef,
    fieldError: onField ? tError(onField) : undefined,
    formError: onForm ? tError(onForm, errorVars) : null,
    arm,
  };
}

/** Machine errors an email form shows on its email field (its validation messages, §5 "email-invalid"). */
export const EMAIL_FIELD_ERROR_KEYS: readonly string[] = ['emailIsEmpty', EMAIL_INVALID_KEY];

/** Props of {@link EmailRequestForm}. */
export interface EmailRequestFormProps {
  /** Prefix of the element ids (`${idPrefix}-email`, `${idPrefix}-error`). */
  idPrefix: string;
  /** The page's `h1` (the page sets the document title). */
  title: string;
  /** The text under the title. */
  intro: string;
  /** The submit button's text, and its text while sending. */
  submitLabel: string;
  busyLabel: string;
  /** True while the request is being sent. */
  busy: boolean;
  /** The machine's error key, or null. */
  error: string | null;
  /** Placeholder values of `error` (`{ seconds }` of `tooManyAttempts`). */
  errorVars?: Readonly<Record<string, string>>;
  /** Sends the request for the typed address. */
  onRequest(email: string): void;
  /** Links under the form (back to sign in). */
  footer?: ReactNode;
}

/**
 * The email form of the password request and magic link pages: the login frame (with the back button of §2), title, intro,
 * an email field, the machine's error (a validation message of {@link EMAIL_FIELD_ERROR_KEYS} on
 * the field, any other in the alert; focused after a failed submit, and when the form opens with
 * one) and the submit button with progress.
 */
export function EmailRequestForm(props: EmailRequestFormProps) {
  const { idPrefix, title, intro, submitLabel, busyLabel, busy, error, errorVars, onRequest, footer } = props;
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const placed = usePlacedError(error, busy, EMAIL_FIELD_ERROR_KEYS, errorVars);
  // An error the form opens with (a refused magic link) is read out first.
  const { alertRef } = placed;
  useEffect(() => {
    alertRef.current?.focus();
  }, [alertRef]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    placed.arm();
    onRequest(email);
  };
  return (
    <LoginSubPage title={title} subtitle={intro}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormAlert id={`${idPrefix}-error`} alertRef={placed.alertRef} message={placed.formError} />
        <EmailField
          ref={placed.fieldRef}
          id={`${idPrefix}-email`}
          name="email"
          label={t('email')}
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={placed.fieldError}
          readOnly={busy}
        />
        <SubmitButton busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
      </form>
      {footer}
    </LoginSubPage>
  );
}

/** The footer link of an email flow page: back to LOGIN, keeping a safe `from` of `search`. */
export function BackToSignIn({ search }: { search: string }) {
  const { t, routeLocale } = useI18n();
  return (
    <p className="auth-card__footer">
      <Link href={pathKeepingFrom('LOGIN', search, routeLocale)}>{t('backToSignIn')}</Link>
    </p>
  );
}

/** The history state LOGIN reads to prefill its email field (never the URL: §2 "Email confirmation page"). */
export interface LoginPrefill {
  email: string;
}

