import { useEffect, useRef, useState } from 'react';
import { Redirect } from 'wouter';
import type { AuthProvider } from '@stream/core/contracts';
import { signInScriptConfig } from '@stream/core/domain';
import { connectGigyaSignIn, createGigyaSignInMachine } from '@stream/core/machines';
import { useI18n, useServices } from '../../app/context';
import { useCredentialsForm } from '../../app/useCredentialsForm';
import { AuthLayout } from '../../components/AuthLayout';
import { LoadingScreen } from '../../components/StatusScreen';
import { gigyaScriptLoader } from '../../providers/gigyaScript';
import { ProviderCredentialsForm } from '../../providers/ProviderCredentialsForm';
import { useRealmProvider } from '../../providers/realmProvider';
import { LoginSubPage } from '../../signin/LoginSubPage';
import { SignInProviderBlock } from '../../signin/SignInProviderBlock';
import '../../styles/providers.css';

/** The provider kind of this page (§3). */
const GIGYA = { name: 'GIGYA' } as const;

/** The fields of the GIGYA form, in display order. */
const FIELDS = ['email', 'password'] as const;

/**
 * GIGYA sign-in (`/login/GIGYA`; identity-and-routes.md §2 sub-route `GIGYA`, §5 the sign-in
 * script rule, §6 password reset offered, §8 "Login failure"). Waits for the realm settings; a
 * realm entry without both `scriptUrl` and `apiKey` shows the spec's error
 * (`missingScriptUrlOrApiKey`, focused) and loads nothing. Otherwise the GIGYA script starts
 * loading at once (only on this sub-route) and the email and password form runs the
 * `gigyaSignIn` machine: the script signs the person in, its id token is traded at the platform,
 * and the page goes (replace) to the target of §2 "After sign-in completion". A signed-in viewer
 * who opens the page goes to the default menu.
 */
export default function GigyaSignInPage() {
  const { t } = useI18n();
  const realm = useRealmProvider(GIGYA.name);
  if (realm.status === 'loading') {
    return (
      <AuthLayout>
        <LoadingScreen label={t('loading')} />
      </AuthLayout>
    );
  }
  // Without the realm settings there is no entry: the script rule then says what is missing.
  return <GigyaSignIn entry={realm.status === 'ready' ? realm.entry : undefined} />;
}

function GigyaSignIn({ entry }: { entry: AuthProvider | undefined }) {
  const { t, tError } = useI18n();
  const { config } = useServices();
  const [script] = useState(() => ({ scriptUrl: entry?.scriptUrl, apiKey: entry?.apiKey, base: config.apiBaseUrl, loader: gigyaScriptLoader }));
  const [machine] = useState(() => createGigyaSignInMachine(script));
  const check = signInScriptConfig(script, { base: script.base });
  const credentials = useCredentialsForm({ machine, connect: connectGigyaSignIn, fields: FIELDS, route: 'LOGIN', idPrefix: 'gigya-login' });

  // The script starts loading with the page; the machine's sign-in awaits the same load (and
  // reports a failure then, with the way to try again).
  useEffect(() => {
    const ready = signInScriptConfig(script, { base: script.base });
    if (ready.ok) script.loader.load(ready).catch(() => undefined);
  }, [script]);

  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!check.ok) problemRef.current?.focus();
  }, [check.ok]);

  if (credentials.redirectTo) return <Redirect to={credentials.redirectTo} replace />;

  return (
    <LoginSubPage subtitle={t('gigyaSignInSubtitle')}>
      <SignInProviderBlock current={GIGYA} search={credentials.search}>
        {check.ok ? (
          <ProviderCredentialsForm credentials={credentials} provider={GIGYA.name} idField={{ name: 'email', label: t('email'), email: true }} />
        ) : (
          <div role="alert" aria-atomic="true">
            <div ref={problemRef} tabIndex={-1} className="alert">
              {tError(check.error)}
            </div>
          </div>
        )}
      </SignInProviderBlock>
    </LoginSubPage>
  );
}
