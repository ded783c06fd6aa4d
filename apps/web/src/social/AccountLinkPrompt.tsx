import { useEffect, useRef, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { pathKeepingFrom, socialProviderKind } from '@stream/core/domain';
import { accountLinkMachine, connectAccountLink, type AccountLinkField, type SocialLinkOffer } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { useFocusOnFailure } from '../components/useFocusOnFailure';
import { LoginSubPage } from '../signin/LoginSubPage';
import { useProviderName } from '../signin/SignInProviderBlock';

/**
 * The account-link prompt after a social sign-in answered 409 (identity-and-routes.md §2
 * "Account-link prompt after sign-in"): renders the `accountLink` machine for `offer`.
 * `socialAccountLinkPrompt`, `linkAccount` and `enterEmailBelow` with the ID sign-in form (email
 * prefilled with the existing account's) and Skip (back to the login page keeping `from`); once
 * linked, or on Continue, the session goes (replace) to the sign-in's §2 target. When linking is
 * not possible:
 * `cannotLinkAccount` (focused, `role="alert"`) with Continue and Sign out. The heading takes the
 * focus when the prompt opens, the alert after a failure.
 */
export function AccountLinkPrompt({ offer }: { offer: SocialLinkOffer }) {
  const { t, tError, isKnownKey, path, routeLocale } = useI18n();
  const { api, session } = useServices();
  const [, navigate] = useLocation();
  const providerName = useProviderName();
  const [view] = useFlow(accountLinkMachine, {
    connect: connectAccountLink,
    input: {
      api,
      session,
      provider: offer.provider,
      credential: offer.credential,
      email: offer.email,
      search: offer.search,
      isKnownKey,
    },
  });
  const provider = providerName({ name: socialProviderKind(offer.provider) ?? offer.provider });

  // The prompt's own endings (nothing signed in by it): Skip goes back to sign-in, Logout to LOGIN.
  useEffect(() => {
    if (view.phase === 'skipped') navigate(pathKeepingFrom('LOGIN', offer.search.replace(/^\?/, ''), routeLocale), { replace: true });
    if (view.phase === 'loggedOut') navigate(path('LOGIN'), { replace: true });
  }, [view.phase, navigate, offer.search, routeLocale, path]);

  // The prompt replaces the provider page: its heading takes the focus (a screen reader hears why).
  useEffect(() => {
    document.querySelector<HTMLElement>('.auth-card h1, h1')?.focus();
  }, [view.phase === 'cannotLink']);

  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const focus = useFocusOnFailure({
    isSubmitting: view.isSubmitting,
    error: view.error,
    fieldErrors: view.fieldErrors as Record<string, string>,
    fields: [
      ['email', emailRef],
      ['password', passwordRef],
    ],
    alertRef,
  });

  if (view.phase === 'cannotLink' || view.phase === 'continued' || view.phase === 'loggedOut') {
    return (
      <LoginSubPage title={t('linkAccount')}>
        <div role="alert" className="alert">
          {t('cannotLinkAccount')}
        </div>
        <div className="form social-link__actions">
          <button type="button" className="button button--block" onClick={view.continue}>
            {t('continue')}
          </button>
          <button type="button" className="button button--secondary button--block" onClick={view.logout}>
            {t('signOut')}
          </button>
        </div>
      </LoginSubPage>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (view.isSubmitting) return;
    focus.arm();
    view.submit();
  };
  const fieldProps = (name: AccountLinkField) => ({
    id: `link-${name}`,
    name,
    value: view.values[name],
    onChange: (event: { target: { value: string } }) => view.change(name, event.target.value),
    error: view.fieldErrors[name] ? tError(view.fieldErrors[name]!) : undefined,
    readOnly: view.isSubmitting,
  });

  return (
    <LoginSubPage title={t('linkAccount')} subtitle={t('socialAccountLinkPrompt', { provider })}>
      <p className="social-link__hint">{t('enterEmailBelow')}</p>
      <form className="form" noValidate onSubmit={onSubmit} aria-label={t('linkAccount')}>
        <FormAlert id="link-error" alertRef={alertRef} message={view.error ? tError(view.error) : null} />
        <EmailField ref={emailRef} {...fieldProps('email')} label={t('email')} autoComplete="username" />
        <PasswordField ref={passwordRef} {...fieldProps('password')} label={t('password')} showLabel={t('showPassword')} autoComplete="current-password" />
        <SubmitButton busy={view.isSubmitting} busyLabel={t('linkingAccount')}>
          {t('linkAccount')}
        </SubmitButton>
      </form>
      <div className="form social-link__actions">
        <button type="button" className="button button--secondary button--block" onClick={view.skip} disabled={view.isSubmitting}>
          {t('skip')}
        </button>
      </div>
    </LoginSubPage>
  );
}

