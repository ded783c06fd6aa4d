import { Link, Redirect } from 'wouter';
import { pathKeepingFrom } from '@stream/core/domain';
import { connectSignUp, signUpMachine } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { useCredentialsForm } from '../app/useCredentialsForm';
import { AuthLayout } from '../components/AuthLayout';
import { EmailField } from '../components/EmailField';
import { Field } from '../components/Field';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';

/**
 * SIGNUP: name, email and password with the ID provider. Renders the sign-up machine; on success
 * the account is signed in and the page goes (replace) to the machine's `target`. A signed-in
 * user opening it goes to the default menu page (§2).
 */
export default function SignUpPage() {
  const { t, routeLocale } = useI18n();
  useDocumentTitle(t('createYourAccount'), t('appName'));

  // §2: signed-in users who open signup go to the default menu (unless this page signed them up).
  const { form, field, alert, onSubmit, redirectTo, search } = useCredentialsForm({
    machine: signUpMachine,
    connect: connectSignUp,
    fields: ['name', 'email', 'password'],
    route: 'SIGNUP',
    idPrefix: 'signup',
  });
  if (redirectTo) return <Redirect to={redirectTo} replace />;

  const loginHref = pathKeepingFrom('LOGIN', search, routeLocale);

  return (
    <AuthLayout>
      <h1>{t('createYourAccount')}</h1>
      <p className="auth-card__subtitle">{t('signupSubtitle')}</p>

      <form className="form" noValidate onSubmit={onSubmit}>
        <FormAlert {...alert} />

        <Field {...field('name')} type="text" label={t('name')} autoComplete="name" />

        <EmailField {...field('email')} label={t('email')} autoComplete="email" />

        <PasswordField
          {...field('password')}
          label={t('password')}
          showLabel={t('showPassword')}
          hint={t('passwordHint')}
          autoComplete="new-password"
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
