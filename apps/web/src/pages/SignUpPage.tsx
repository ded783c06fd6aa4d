import { useEffect, useRef, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { DEFAULT_MENU_ROUTE, pathKeepingFrom, routeAccess } from '@stream/core/domain';
import { connectSignUp, signUpMachine } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { AuthLayout } from '../components/AuthLayout';
import { Field } from '../components/Field';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { useFocusOnFailure } from '../components/useFocusOnFailure';

/**
 * SIGNUP: name, email and password with the ID provider. Renders the sign-up machine; on success
 * the account is signed in and the page goes (replace) to the machine's `target`. A signed-in
 * user opening it goes to the default menu page (§2).
 */
export default function SignUpPage() {
  const { t, tError, path, routeLocale, isKnownKey } = useI18n();
  const { api, session } = useServices();
  const { isSignedIn } = useSession();
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  useDocumentTitle(t('createYourAccount'), t('appName'));

  const [snapshot, send] = useMachine(signUpMachine, {
    input: {
      api,
      session,
      search: `?${search}`,
      defaultPath: path(DEFAULT_MENU_ROUTE),
      locale: routeLocale,
      isKnownKey,
    },
  });
  const form = connectSignUp(snapshot, send);

  const submitted = useRef(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const focus = useFocusOnFailure({
    isSubmitting: form.isSubmitting,
    error: form.error,
    fieldErrors: form.fieldErrors,
    fields: [
      ['name', nameRef],
      ['email', emailRef],
      ['password', passwordRef],
    ],
    alertRef,
  });

  useEffect(() => {
    if (form.isDone && form.target) navigate(form.target, { replace: true });
  }, [form.isDone, form.target, navigate]);

  // §2: signed-in users who open signup go to the default menu (unless this page signed them up).
  const access = routeAccess('SIGNUP', isSignedIn ? 'signedIn' : 'guest', pathname, routeLocale);
  if (access.kind === 'redirect' && !submitted.current) return <Redirect to={access.path} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.isSubmitting) return;
    submitted.current = true;
    focus.arm();
    form.submit();
  };

  const errorText = form.error ? tError(form.error) : null;
  const fieldError = (name: string) => (form.fieldErrors[name] ? tError(form.fieldErrors[name]) : undefined);
  const loginHref = pathKeepingFrom('LOGIN', search, routeLocale);

  return (
    <AuthLayout>
      <h1>{t('createYourAccount')}</h1>
      <p className="auth-card__subtitle">{t('signupSubtitle')}</p>

      <form className="form" noValidate onSubmit={onSubmit}>
        <div role="alert" aria-atomic="true">
          {errorText ? (
            <div id="signup-error" ref={alertRef} tabIndex={-1} className="alert">
              {errorText}
            </div>
          ) : null}
        </div>

        <Field
          ref={nameRef}
          id="signup-name"
          name="name"
          type="text"
          label={t('name')}
          autoComplete="name"
          value={form.values.name}
          onChange={(event) => form.change('name', event.target.value)}
          error={fieldError('name')}
          readOnly={form.isSubmitting}
        />

        <Field
          ref={emailRef}
          id="signup-email"
          name="email"
          type="email"
          label={t('email')}
          autoComplete="email"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          dir="ltr"
          value={form.values.email}
          onChange={(event) => form.change('email', event.target.value)}
          error={fieldError('email')}
          readOnly={form.isSubmitting}
        />

        <PasswordField
          ref={passwordRef}
          id="signup-password"
          name="password"
          label={t('password')}
          showLabel={t('showPassword')}
          hint={t('passwordHint')}
          autoComplete="new-password"
          value={form.values.password}
          onChange={(event) => form.change('password', event.target.value)}
          error={fieldError('password')}
          readOnly={form.isSubmitting}
        />

        <SubmitButton busy={form.isSubmitting} busyLabel={t('creatingAccount')}>
          {t('createAccount')}
        </SubmitButton>
      </form>

      <p className="auth-card__footer">
        {t('alreadyHaveAccount')} <Link href={loginHref}>{t('goToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}
