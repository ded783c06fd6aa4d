import { useEffect, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { passwordResetLoginPath } from '@stream/core/domain';
import { connectPasswordReset, passwordResetMachine, type PasswordResetApi } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { BackToSignIn, EmailRequestForm, FlowOutcome, useOneTimeToken, usePlacedError } from '../components/EmailFlow';

/** Machine errors shown on the password field of the new-password form. */
const PASSWORD_FIELD_ERRORS: readonly string[] = ['passwordIsEmpty', 'passwordTooShort', 'passwordTooLong'];

/**
 * The password pages (identity-and-routes.md §2 "Password request and reset pages", §4
 * "Password reset", §8, §9): LOGIN_REQUEST_PASSWORD, REQUEST_PASSWORD, LOGIN_RESET_PASSWORD and
 * RESET_PASSWORD. Renders the password reset machine, started with the `token` and
 * `providerName` query parameters:
 * - without a token, the request form (email) → the reset-password-email-sent message, the same
 *   whether or not an account has that address;
 * - with a token (removed from the address bar at once), the new-password form → the
 *   password-successfully-reset message, then the sign-in page of that provider (domain
 *   `passwordResetLoginPath`: LOGIN for ID, `/login/pbr` etc. for FIREBASE, PBR, GIGYA; replace)
 *   when the machine says so (after PASSWORD_RESET_REDIRECT_MS); an invalid token offers a new link.
 * A back link returns to LOGIN, keeping `from`.
 */
export default function PasswordResetPage() {
  const { t, routeLocale } = useI18n();
  const { api } = useServices();
  const { token, search } = useOneTimeToken();
  const providerName = new URLSearchParams(search).get('providerName');
  const [snapshot, send] = useMachine(passwordResetMachine, { input: { api, token, providerName } });
  const reset = connectPasswordReset(snapshot, send);
  const [, navigate] = useLocation();
  useDocumentTitle(t(reset.mode === 'reset' ? 'chooseNewPassword' : 'forgottenPassword'), t('appName'));

  // Sign in again where the new password works: LOGIN for ID, the provider's sub-route otherwise.
  const loginPath = passwordResetLoginPath(reset.providerName, routeLocale);
  useEffect(() => {
    if (reset.goToLogin) navigate(loginPath, { replace: true });
  }, [reset.goToLogin, navigate, loginPath]);

  const back = <BackToSignIn search={search} />;
  if (reset.mode === 'request') {
    return reset.status === 'sent' ? (
      <FlowOutcome title={t('checkYourEmail')} message={t('resetPasswordEmailSent')}>
        {back}
      </FlowOutcome>
    ) : (
      <EmailRequestForm
        idPrefix="password-request"
        title={t('forgottenPassword')}
        intro={t('passwordRequestIntro')}
        submitLabel={t('sendResetLink')}
        busyLabel={t('sendingLink')}
        busy={reset.status === 'submitting'}
        error={reset.error}
          onRequest={reset.requestReset}
        footer={back}
      />
    );
  }
  if (reset.status === 'succeeded') {
    return (
      <FlowOutcome title={t('passwordChanged')} message={t('passwordSuccessfullyReset')}>
        <p className="auth-card__footer">
          <Link href={loginPath}>{t('signIn')}</Link>
        </p>
      </FlowOutcome>
    );
  }
  return <NewPasswordForm reset={reset} search={search} />;
}

/** The new-password form: a password → the machine's `resetPassword`; a failure offers a new link. */
function NewPasswordForm({ reset, search }: { reset: PasswordResetApi; search: string }) {
  const { t, path } = useI18n();
  const [password, setPassword] = useState('');
  const busy = reset.status === 'submitting';
  const placed = usePlacedError(reset.error, busy, PASSWORD_FIELD_ERRORS, reset.errorVars);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    placed.arm();
    reset.resetPassword(password);
  };
  const requestAgain = path('LOGIN_REQUEST_PASSWORD') + (search ? `?${search}` : '');
  return (
    <AuthLayout>
      <h1>{t('chooseNewPassword')}</h1>
      <p className="auth-card__subtitle">{t('newPasswordIntro')}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormAlert id="password-reset-error" alertRef={placed.alertRef} message={placed.formError} />
        {placed.formError ? (
          <p className="email-flow__next">
            <Link href={requestAgain}>{t('requestNewResetLink')}</Link>
          </p>
        ) : null}
        <PasswordField
          ref={placed.fieldRef}
          id="password-reset-password"
          name="password"
          label={t('newPassword')}
          showLabel={t('showPassword')}
          autoComplete="new-password"
          hint={t('passwordHint')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={placed.fieldError}
          readOnly={busy}
        />
        <SubmitButton busy={busy} busyLabel={t('savingPassword')}>
          {t('savePassword')}
        </SubmitButton>
      </form>
      <BackToSignIn search={search} />
    </AuthLayout>
  );
}
