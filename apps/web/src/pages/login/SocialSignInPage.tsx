import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AuthProvider } from '@stream/core/contracts';
import { buildPath, socialProviderKind, type SocialProviderKey } from '@stream/core/domain';
import { connectSocialSignIn, socialSignInMachine } from '@stream/core/machines';
import { webStorage } from '@stream/core/platform';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../../app/context';
import { useRealmSettings } from '../../app/useRealmSettings';
import { InlineError, LoadingScreen } from '../../components/StatusScreen';
import { LoginSubPage } from '../../signin/LoginSubPage';
import { ProviderNotAvailable } from '../../signin/ProviderNotAvailable';
import { SignInProviderBlock, useProviderName } from '../../signin/SignInProviderBlock';
import { AccountLinkPrompt } from '../../social/AccountLinkPrompt';
import { socialAdapterFor } from '../../social/adapters';
import { useReturnAddress } from '../../social/useReturnAddress';
import '../../styles/social.css';

/** A URL-safe random value of 256 bits (the `state` and `nonce` of a sign-in). */
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Sign in with Apple, Google or Facebook (`/login/apple|google|facebook`, identity-and-routes.md
 * §2 "Login page" sub-routes, §4 "Social sign-in"): the provider's Continue button inside the
 * sign-in provider block, the provider's adapter chosen by the realm entry's run-time
 * configuration (loaded only here), and the account-link prompt when the platform answers 409.
 * A realm without this provider shows that it is not available here, with a way back.
 */
export default function SocialSignInPage({ provider }: { provider: SocialProviderKey }) {
  const { t } = useI18n();
  const settings = useRealmSettings();
  const kind = socialProviderKind(provider) ?? provider;
  const entry = settings.status === 'ready' ? settings.data?.authProviders.find((candidate) => candidate.name === kind) : undefined;

  if (settings.status === 'loading') {
    return (
      <LoginSubPage>
        <LoadingScreen label={t('loading')} />
      </LoginSubPage>
    );
  }
  if (settings.status === 'failed') {
    return (
      <LoginSubPage>
        <InlineError message={t('anErrorOccured')} retryLabel={t('retry')} onRetry={settings.reload} />
      </LoginSubPage>
    );
  }
  if (!entry) return <ProviderNotAvailable />;
  return <SocialSignIn provider={provider} entry={entry} />;
}

/**
 * Renders the `socialSignIn` machine for `provider` with the adapter of its realm `entry`. The
 * provider's answer (`code`, `id_token`, `state`) leaves the address bar (replace) before the
 * platform call; once signed in the session goes (replace) to the target of §2 "After sign-in
 * completion" (`from`); failures show the error (focused, `role="alert"`) with Try again and are
 * logged with the reason only (never a code or a token).
 */
function SocialSignIn({ provider, entry }: { provider: SocialProviderKey; entry: AuthProvider }) {
  const { t, tError, isKnownKey } = useI18n();
  const { api, session, navigation, config } = useServices();
  const [location] = useLocation();
  const search = useSearch();
  const providerName = useProviderName();
  const [storage] = useState(() => webStorage('session'));
  const [hash] = useState(() => window.location.hash);
  const adapter = useMemo(
    () => socialAdapterFor(provider, entry, { apiBaseUrl: config.apiBaseUrl, navigation }),
    [provider, entry, config.apiBaseUrl, navigation],
  );

  const [view] = useFlow(socialSignInMachine, {
    connect: connectSocialSignIn,
    input: {
      api,
      session,
      provider,
      adapter,
      pathname: location,
      search: `?${search}`,
      hash,
      // The provider knows one return address per client: the English path (every locale's router matches it).
      redirectUri: `${window.location.origin}${buildPath('LOGIN_REDIRECT', { authProvider: provider }, 'en')}`,
      storage,
      now: () => Date.now(),
      randomToken,
      isKnownKey,
    },
  });

  // The provider's answer leaves the address bar (and the history entry) before it is used.
  useReturnAddress({
    cleanUrl: view.cleanUrl,
    waitingForAddress: view.phase === 'returning',
    urlReplaced: view.urlReplaced,
  });

  useEffect(() => {
    if (view.failure) console.warn('[social] sign-in failed', { provider, reason: view.failure, message: view.error });
  }, [view.failure, view.error, provider]);

  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (view.phase === 'failed') errorRef.current?.focus();
  }, [view.phase]);

  const tryAgain = () => {
    view.retry();
    view.start();
  };

  if (view.phase === 'linkOffer' && view.link) return <AccountLinkPrompt offer={view.link} />;

  const name = providerName({ name: socialProviderKind(provider) ?? provider, displayName: typeof entry.displayName === 'string' ? entry.displayName : undefined });
  if (view.busy || view.phase === 'signedIn') {
    const label = view.phase === 'obtaining' || view.phase === 'leaving' ? t('takingYouToProvider') : t('finishingSignIn');
    return (
      <LoginSubPage>
        <LoadingScreen label={label} />
      </LoginSubPage>
    );
  }

  return (
    <LoginSubPage>
      <SignInProviderBlock current={{ name: socialProviderKind(provider) ?? provider }} search={search}>
        <div className="form social-sign-in">
          {view.phase === 'failed' ? (
            <div ref={errorRef} role="alert" tabIndex={-1} className="alert">
              {tError(view.error ?? 'socialSignInFailed')}
            </div>
          ) : null}
          <button type="button" className={`button button--block social-button social-button--${provider}`} onClick={view.phase === 'failed' ? tryAgain : view.start}>
            {view.phase === 'failed' ? t('tryAgain') : t('continueWithProvider', { provider: name })}
          </button>
        </div>
      </SignInProviderBlock>
    </LoginSubPage>
  );
}
