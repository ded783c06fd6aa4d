import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { DEFAULT_MENU_ROUTE, forgotPasswordPath, pathKeepingFrom, routeAccess, showsSignUpLink } from '@stream/core/domain';
import { connectIdSignIn, idSignInMachine } from '@stream/core/machines';
import { SELF_REGISTRATION_ALLOWED, SIGN_IN_PROVIDER } from '../app/config';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { AuthLayout } from '../components/AuthLayout';
import { Field } from '../components/Field';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { useFocusOnFailure } from '../components/useFocusOnFailure';

/**
 * LOGIN (identity-and-routes.md §2 "Login page"): email and password with the ID provider.
 * Renders the ID sign-in machine; after success goes (replace) to the machine's `target`
 * (§2 "After sign-in completion"). A signed-in user opening it goes to the default menu page.
 */
export default function LoginPage() {
  const { t, tError, path, routeLocale, isKnownKey } = useI18n();
  const { api, session } = useServices();
  const { isSignedIn, notice } = useSession();
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  useDocumentTitle(t('signIn'), t('appName'));

  const [snapshot, send] = useMachine(idSignInMachine, {
    input: {
      api,
      session,
      search: `?${search}`,
      defaultPath: path(DEFAULT_MENU_ROUTE),
      locale: routeLocale,
      isKnownKey,
    },
  });
  const form = connectIdSignIn(snapshot, send);

  const submitted = useRef(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const focus = useFocusOnFailure({
    isSubmitting: form.isSubmitting,
    error: form.error,
    fieldErrors: form.fieldErrors,
    fields: [
      ['email', emailRef],
      ['password', passwordRef],
    ],
    alertRef,
  });

  useEffect(() => {
    if (form.isDone && form.target) navigate(form.target, { replace: true });
  }, [form.isDone, form.target, navigate]);

  // The session-expired notice (§4) is shown here until the user submits or leaves the page.
  const [expiredAtOpen] = useState(notice === 'sessionExpired');
  useEffect(() => () => session.send({ type: 'session.notice.dismiss' }), [session]);
  const showExpired = (expiredAtOpen || notice === 'sessionExpired') && !submitted.current;

  // §2: signed-in users who open login go to the default menu; once this page has signed the
  // user in, it navigates to the machine's target itself.
  const access = routeAccess('LOGIN', isSignedIn ? 'signedIn' : 'guest', pathname, routeLocale);
  if (access.kind === 'redirect' && !submitted.current) return <Redirect to={access.path} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.isSubmitting) return;
    submitted.current = true;
    focus.arm();
    form.submit();
  };

  const errorText = form.error ? tError(form.error) : null;
  const forgotHref = forgotPasswordPath(SIGN_IN_PROVIDER, search, routeLocale);

  return (
    <AuthLayout>
      <h1>{t('signIn')}</h1>
      <p className="auth-card__subtitle">{t('loginSubtitle')}</p>

      <form className="form" noValidate onSubmit={onSubmit}>
        <div role="alert" aria-atomic="true">
          {errorText ? (
            <div id="login-error" ref={alertRef} tabIndex={-1} className="alert">
              {errorText}
            </div>
          ) : showExpired ? (
            <div className="alert alert--info">{t('sessionExpired')}</div>
          ) : null}
        </div>

        <Field
          ref={emailRef}
          id="login-email"
          name="email"
          type="email"
          label={t('email')}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          dir="ltr"
          value={form.values.email}
          onChange={(event) => form.change('email', event.target.value)}
          error={form.fieldErrors.email ? tError(form.fieldErrors.email) : undefined}
          readOnly={form.isSubmitting}
        />

        <PasswordField
          ref={passwordRef}
          id="login-password"
          name="password"
          label={t('password')}
          showLabel={t('showPassword')}
          autoComplete="current-password"
          value={form.values.password}
          onChange={(event) => form.change('password', event.target.value)}
          error={form.fieldErrors.password ? tError(form.fieldErrors.password) : undefined}
          readOnly={form.isSubmitting}
        />

        <p className="forgot-link">
          <Link href={forgotHref}>{t('forgotPasswordWeb')}</Link>
        </p>

        <SubmitButton busy={form.isSubmitting} busyLabel={t('signingIn')}>
          {t('signIn')}
        </SubmitButton>
      </form>

      {showsSignUpLink(SELF_REGISTRATION_ALLOWED, SIGN_IN_PROVIDER) ? (
        <p className="auth-card__footer">
          {t('newToStream')}{' '}
          <Link href={pathKeepingFrom('SIGNUP', search, routeLocale)}>{t('createAnAccount')}</Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}
