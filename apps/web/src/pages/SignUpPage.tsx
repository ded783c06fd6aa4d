import { Link, Redirect, useLocation } from 'wouter';
import { carriedFrom, DEFAULT_MENU_ROUTE, pathKeepingFrom, purchaseBlockReason, requestAccessAddress } from '@stream/core/domain';
import { connectSignUp, signUpMachine } from '@stream/core/machines';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { useRealmSettings } from '../app/useRealmSettings';
import { useCredentialsForm, type CredentialsForm } from '../app/useCredentialsForm';
import { RestrictedModal } from '../checkout/journey/RestrictedModal';
import { captchaFor, CaptchaWidget } from '../captcha/CaptchaWidget';
import { AuthLayout } from '../components/AuthLayout';
import { EmailField } from '../components/EmailField';
import { Field } from '../components/Field';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';

/** The fields of the sign-up form, in display order. */
export const SIGN_UP_FIELDS = ['name', 'email', 'password'] as const;
/** A field of the sign-up form. */
export type SignUpFormField = (typeof SIGN_UP_FIELDS)[number];

/**
 * The ID sign-up form: name, email, password (with its hint and the show-password control) and
 * Create account with progress. Renders what `credentials` holds
 * (`useCredentialsForm({ machine: signUpMachine, connect: connectSignUp, fields: SIGN_UP_FIELDS, … })`);
 * the caller decides what happens once the account exists (on the SIGNUP page the session goes
 * to the §2 target, the checkout journey goes on). Identity-and-routes.md §5 "Name and email are required".
 */
export function SignUpForm({ credentials }: { credentials: CredentialsForm<SignUpFormField> }) {
  const { t } = useI18n();
  const { form, field, alert, onSubmit } = credentials;
  // Issue 18: the realm's captcha, when it guards sign-up and the flow was started with it.
  const captcha = captchaFor(useRealmSettings().data, 'signUp');
  return (
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

      {captcha && form.captcha.required ? (
        <CaptchaWidget setting={captcha} flow={form} />
      ) : null}

      <SubmitButton busy={form.isSubmitting} busyLabel={t('creatingAccount')}>
        {t('createAccount')}
      </SubmitButton>
    </form>
  );
}

/**
 * SIGNUP: name, email and password with the ID provider. Renders the sign-up machine; on success
 * the account is signed in and the session goes (replace) to the target of §2 "After sign-in
 * completion". A signed-in user opening it goes to the default menu page (§2). When the realm settings turn
 * self-registration off (§6), it says so instead of the form, with the request-access button
 * when the realm has an address for it. A visitor the checkout context blocks (child profile,
 * outside the territories, a refused VPN) sees the sign-up restricted modal instead (§2).
 * A realm whose captcha guards sign-up (issue 18) shows its widget; the account is created only
 * with a solved challenge, each attempt with a fresh one (a failed sign-up, such as an email in
 * use, spent it): without one the widget prompts (`captchaSolveFirst`), and a refused one shows
 * `captchaFailed` with a fresh challenge.
 */
export default function SignUpPage() {
  // Issue 18: a realm whose captcha guards sign-up starts the flow with it (a new flow once the settings say so).
  const captchaRequired = captchaFor(useRealmSettings().data, 'signUp') !== null;
  return <SignUpScreen key={captchaRequired ? 'captcha' : 'plain'} captchaRequired={captchaRequired} />;
}

/** The SIGNUP page's content, its flow started with or without the realm's captcha. */
function SignUpScreen({ captchaRequired }: { captchaRequired: boolean }) {
  const { t, routeLocale, path } = useI18n();
  useDocumentTitle(t('createYourAccount'), t('appName'));

  // §2: signed-in users who open signup go to the default menu (a sign-up made here is taken on by the session).
  const credentials = useCredentialsForm({
    machine: signUpMachine,
    connect: connectSignUp,
    fields: SIGN_UP_FIELDS,
    route: 'SIGNUP',
    idPrefix: 'signup',
    captchaRequired,
  });
  const settings = useRealmSettings();
  // §2 "Sign-up restricted modal": shown instead of the sign-up flow for a visitor outside the
  // territories, on a VPN the realm refuses, or on a child profile (core's purchaseBlockReason).
  const { queries } = useServices();
  const [, navigate] = useLocation();
  const context = useResource(queries.checkout.context());
  const blockReason = context.status === 'ready' && context.data ? purchaseBlockReason(context.data) : null;
  if (credentials.redirectTo) return <Redirect to={credentials.redirectTo} replace />;
  if (blockReason) {
    // Closing goes to the URL in the query (`from`, when safe) or to the default menu route.
    const close = () => navigate(carriedFrom(new URLSearchParams(credentials.search).get('from')) ?? path(DEFAULT_MENU_ROUTE), { replace: true });
    return (
      <AuthLayout>
        <h1>{t('createYourAccount')}</h1>
        <RestrictedModal reason={blockReason} onClose={close} />
      </AuthLayout>
    );
  }
  // §6: self-registration only when the realm's setting allows it (the platform refuses it too).
  const closed = settings.status === 'ready' && settings.data?.selfRegistration === false;
  const requestAccess = requestAccessAddress(settings.data?.requestAccessUri);

  return (
    <AuthLayout>
      <h1>{t('createYourAccount')}</h1>
      {closed ? (
        <>
          <p role="alert" className="alert">
            {t('selfRegistrationDisabled')}
          </p>
          {requestAccess ? (
            <p className="auth-card__footer">
              <a className="button button--secondary" href={requestAccess} rel="noopener noreferrer">
                {t('requestAccess')}
              </a>
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className="auth-card__subtitle">{t('signupSubtitle')}</p>
          <SignUpForm credentials={credentials} />
        </>
      )}

      <p className="auth-card__footer">
        {t('alreadyHaveAccount')} <Link href={pathKeepingFrom('LOGIN', credentials.search, routeLocale)}>{t('goToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}
