import { useEffect, useState, type ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import {
  forgotPasswordPath,
  loginProviderPath,
  offersMagicLink,
  pathKeepingFrom,
  showsSignUpLink,
  singleExternalProviderRedirect,
} from '@stream/core/domain';
import { connectIdSignIn, idSignInMachine } from '@stream/core/machines';
import { SELF_REGISTRATION_ALLOWED, SIGN_IN_PROVIDER } from '../app/config';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { useCredentialsForm, type CredentialsForm } from '../app/useCredentialsForm';
import { useResource } from '../app/useResource';
import { AuthLayout } from '../components/AuthLayout';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import type { LoginPrefill } from '../components/EmailFlow';

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
 * happens once signed in (the LOGIN page navigates, the checkout journey goes on).
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
 * LOGIN (identity-and-routes.md §2 "Login page"): email and password with the ID provider.
 * Renders the ID sign-in machine; after success goes (replace) to the machine's `target`
 * (§2 "After sign-in completion"). A signed-in user opening it goes to the default menu page.
 */
export default function LoginPage() {
  const { t, routeLocale } = useI18n();
  const { session } = useServices();
  const { notice } = useSession();
  useDocumentTitle(t('signIn'), t('appName'));

  // §2: signed-in users who open login go to the default menu; once this page has signed the
  // user in, it navigates to the machine's target itself.
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
    <AuthLayout>
      <h1>{t('signIn')}</h1>
      <p className="auth-card__subtitle">{t('loginSubtitle')}</p>

      <SignInForm
        credentials={credentials}
        notice={showExpired ? <div className="alert alert--info">{t('sessionExpired')}</div> : null}
      />

      <ExternalProviders search={search} />

      {showsSignUpLink(SELF_REGISTRATION_ALLOWED, SIGN_IN_PROVIDER) ? (
        <p className="auth-card__footer">
          {t('newToStream')}{' '}
          <Link href={pathKeepingFrom('SIGNUP', search, routeLocale)}>{t('createAnAccount')}</Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}

/**
 * The realm's OpenID Connect providers below the ID form (identity-and-routes.md §2 "Sign-in
 * provider block": small buttons for the other providers): one "Continue with {displayName}"
 * link per OPENID_CONNECT provider of `api.realm.settings()`, to `/login/openid/{clientName}`
 * keeping `from` and the other sign-in params of `search`. When the realm offers a single
 * external provider, a guest goes straight there (§2). Renders nothing while the settings load
 * or when they fail: the ID form works without them.
 */
function ExternalProviders({ search }: { search: string }) {
  const { t, routeLocale } = useI18n();
  const { api } = useServices();
  const { isSignedIn } = useSession();
  const settings = useResource(() => api.realm.settings());
  if (settings.status !== 'ready' || !settings.data) return null;
  const { authProviders, magicLink } = settings.data;
  const direct = singleExternalProviderRedirect({ providers: authProviders, magicLink, isGuest: !isSignedIn, search, locale: routeLocale });
  if (direct) return <Redirect to={direct} replace />;
  const links = authProviders
    .filter((provider) => provider.name === 'OPENID_CONNECT')
    .map((provider) => ({ provider, href: loginProviderPath(provider, search, routeLocale) }))
    .filter((entry): entry is { provider: (typeof authProviders)[number]; href: string } => entry.href !== null);
  const magicLinkOffered = offersMagicLink(magicLink, authProviders);
  if (links.length === 0 && !magicLinkOffered) return null;
  return (
    <nav aria-labelledby="auth-providers-heading">
      <p id="auth-providers-heading" className="auth-card__footer">
        {t('otherWaysToSignIn')}
      </p>
      <div className="form">
        {links.map(({ provider, href }) => (
          <Link key={provider.clientName} className="button button--secondary" href={href}>
            {t('continueWithProvider', { provider: provider.displayName ?? provider.clientName })}
          </Link>
        ))}
        {magicLinkOffered ? (
          <Link className="button button--secondary" href={pathKeepingFrom('MAGIC_LINK', search, routeLocale)}>
            {t('sendMagicLink')}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
