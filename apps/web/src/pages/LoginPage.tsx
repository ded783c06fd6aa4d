import { useEffect, useState, type ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import { forgotPasswordPath, loginPageRedirect } from '@stream/core/domain';
import { connectIdSignIn, idSignInMachine } from '@stream/core/machines';
import { SIGN_IN_PROVIDER } from '../app/config';
import { useI18n, useServices } from '../app/context';
import { useSession } from '../app/hooks';
import { useCredentialsForm, type CredentialsForm } from '../app/useCredentialsForm';
import { useRealmSettings } from '../app/useRealmSettings';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import type { LoginPrefill } from '../components/EmailFlow';
import { LoginSubPage } from '../signin/LoginSubPage';
import { SignInProviderBlock } from '../signin/SignInProviderBlock';
import { resolveTvProviders } from '../tv/resolveTvProviders';

/** The fields of the ID sign-in form, in display order. */
export const SIGN_IN_FIELDS = ['email', 'password'] as const;
/** A field of the ID sign-in form. */
export type SignInField = (typeof SIGN_IN_FIELDS)[number];

/** Props of {@link SignInForm}. */
export interface SignInFormProps {
  /** The running form: `useCredentialsForm({ machine: idSignInMachine, connect: connectIdSignIn, fields: SIGN_IN_FIELDS, … })`. */
  credentials: CredentialsForm<SignInField>;
  /** Shown in the form's live region while there is no error (the session-expired notice). */
  notice?: ReactNode;
}

/**
 * The ID sign-in form (identity-and-routes.md §2 "Login page"): email, password with the
 * press-and-hold show-password control, the forgot-password link (carrying `providerName` and
 * `from`), and Sign in with progress. Renders what `credentials` holds; the caller decides what
 * happens once signed in (on the LOGIN page the session goes to the §2 target, the checkout
 * journey goes on).
 */
export function SignInForm({ credentials, notice }: SignInFormProps) {
  const { t, routeLocale } = useI18n();
  const { form, field, alert, onSubmit, search } = credentials;
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <FormAlert {...alert}>{notice}</FormAlert>

      <EmailField {...field('email')} label={t('email')} autoComplete="username" />

      <PasswordField {...field('password')} label={t('password')} showLabel={t('showPassword')} autoComplete="current-password" />

      <p className="forgot-link">
        <Link href={forgotPasswordPath(SIGN_IN_PROVIDER, search, routeLocale)}>{t('forgotPasswordWeb')}</Link>
      </p>

      <SubmitButton busy={form.isSubmitting} busyLabel={t('signingIn')}>
        {t('signIn')}
      </SubmitButton>
    </form>
  );
}

/**
 * LOGIN, GIFT_LOGIN and GIFT_REDEMPTION_LOGIN (identity-and-routes.md §2 "Login page"): email
 * and password with the ID provider inside the sign-in provider block (the realm's other
 * providers, magic link, sign-up or request access). Renders the ID sign-in machine, which hands
 * the tokens to the session; the session goes (replace) to the target of §2 "After sign-in
 * completion" (the page itself never navigates after a sign-in). A viewer the session already
 * holds as signed in is redirected to the default menu page; the page's own sign-in never meets
 * that redirect, since the session has navigated before the page sees the viewer signed in.
 */
export default function LoginPage() {
  const { t } = useI18n();
  const { session } = useServices();
  const { notice } = useSession();

  // §2: signed-in users who open login go to the default menu (`redirectTo`); a sign-in made here
  // is taken on by the session, which navigates to its target.
  const credentials = useCredentialsForm({
    machine: idSignInMachine,
    connect: connectIdSignIn,
    fields: SIGN_IN_FIELDS,
    route: 'LOGIN',
    idPrefix: 'login',
  });
  const { hasSubmitted, redirectTo, search } = credentials;

  // "Login now" on the email confirmation page passes the confirmed email in the history entry's
  // state (never in the URL): fill it in once, when the page opens.
  const { change } = credentials.form;
  useEffect(() => {
    const prefill = (window.history.state as Partial<LoginPrefill> | null)?.email;
    if (typeof prefill === 'string' && prefill !== '') change('email', prefill);
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The session-expired notice (§4) is shown here until the user submits or leaves the page.
  const [expiredAtOpen] = useState(notice === 'sessionExpired');
  useEffect(() => () => session.send({ type: 'session.notice.dismiss' }), [session]);
  const showExpired = (expiredAtOpen || notice === 'sessionExpired') && !hasSubmitted;

  if (redirectTo) return <Redirect to={redirectTo} replace />;

  return (
    <LoginSubPage subtitle={t('loginSubtitle')}>
      <SingleProviderRedirect search={search} />
      <SignInProviderBlock current={ID_PROVIDER} search={search}>
        <SignInForm
          credentials={credentials}
          notice={showExpired ? <div className="alert alert--info">{t('sessionExpired')}</div> : null}
        />
      </SignInProviderBlock>
    </LoginSubPage>
  );
}

/** The provider of the main login page's form. */
const ID_PROVIDER = { name: SIGN_IN_PROVIDER };

/**
 * Sends a guest on before the form shows (core's `loginPageRedirect`): §6 "A provider's
 * mandatory flag forces Adobe sign-in" (to the TV provider page), else §2 "When a single external
 * provider is configured and no code is present, a guest is redirected straight to that
 * provider". Renders nothing otherwise, and while the realm settings load or when they fail.
 */
function SingleProviderRedirect({ search }: { search: string }) {
  const { routeLocale } = useI18n();
  const { config } = useServices();
  const { isSignedIn } = useSession();
  const settings = useRealmSettings();
  if (settings.status !== 'ready' || !settings.data) return null;
  const { authProviders, magicLink } = settings.data;
  // The realm may give the TV provider's host as a path on the platform: make it absolute first.
  const providers = resolveTvProviders(authProviders, config.apiBaseUrl, window.location.href) as typeof authProviders;
  const direct = loginPageRedirect({ providers, magicLink, isGuest: !isSignedIn, search, locale: routeLocale });
  return direct ? <Redirect to={direct} replace /> : null;
}
