import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import type { FirebaseAuthPort, FirebaseSocialProvider } from '@stream/core/machines';
import { connectFirebaseSignIn, firebaseSignInMachine } from '@stream/core/machines';
import {
  consentAnswers,
  forgotPasswordPath,
  initialConsentChecks,
  isConsentValid,
  isMobileUserAgent,
  offersPasswordReset,
  type ConsentTerm,
} from '@stream/core/domain';
import { webStorage } from '@stream/core/platform';
import { useFlow, useResource } from '@stream/react';
import { useI18n, useServices } from '../../app/context';
import { useRealmSettings } from '../../app/useRealmSettings';
import { useAsyncValue } from '../../app/useAsyncValue';
import { EmailField } from '../../components/EmailField';
import { FormAlert } from '../../components/FormAlert';
import { PasswordField } from '../../components/PasswordField';
import { Spinner } from '../../components/Spinner';
import { SubmitButton, BusyContent } from '../../components/SubmitButton';
import { ConsentTerms } from '../../firebase/ConsentTerms';
import { firebaseWebConfig, type FirebaseWebConfig } from '../../firebase/config';
import { LoginSubPage } from '../../signin/LoginSubPage';
import { SignInProviderBlock, useProviderName } from '../../signin/SignInProviderBlock';
import '../../styles/firebase.css';

const SOCIAL: readonly FirebaseSocialProvider[] = ['GOOGLE', 'FACEBOOK', 'APPLE_ID'];

/**
 * Sign in with Firebase (`/login/firebase`; identity-and-routes.md §2 sub-routes, §4 "Firebase",
 * §6, §7 v1 firebase-auth calls, §8 "Firebase"). Reads the realm's `FIREBASE` entry (its web
 * config; the sandbox's emulator address), loads the Firebase SDK on demand and renders the
 * `firebaseSignIn` machine inside the sign-in provider block: email and password (sign-in, or
 * sign-up with the realm's consent terms; `type=signup` on the query starts there), the
 * forgot-password link (Firebase offers password reset), and a button per social provider the
 * entry allows (popup; Facebook on a phone by redirect). Once signed in the machine hands the
 * tokens to the session, which goes (replace) to the target of §2 "After sign-in completion". A
 * realm without a usable Firebase entry
 * shows that the provider is not available.
 */
export default function FirebaseSignInPage() {
  const { t } = useI18n();
  const search = useSearch();
  const settings = useRealmSettings();
  const entry = settings.data?.authProviders.find((provider) => provider.name === 'FIREBASE');
  const config = useMemo(() => firebaseWebConfig(entry), [entry]);
  const configKey = config ? JSON.stringify(config) : '';
  // The SDK (and its adapter) loads only here, and only when the realm has a usable entry.
  const port = useAsyncValue<FirebaseAuthPort | null>(
    () => (config ? import('../../firebase/adapter').then((m) => m.createFirebaseAuthPort(config)) : Promise.resolve(null)),
    configKey,
  );

  let body;
  if (settings.status === 'loading' || (config && port.status === 'loading')) body = <Pending label={t('loading')} />;
  else if (!config || !port.data) {
    body = (
      <p role="alert" className="alert">
        {t('providerNotAvailable')}
      </p>
    );
  } else body = <FirebaseForm key={configKey} port={port.data} config={config} search={search} />;

  return (
    <LoginSubPage subtitle={t('firebaseSignInSubtitle')}>
      {/* Its social buttons are the Firebase form's own: the block does not list those kinds again. */}
      <SignInProviderBlock current={{ name: 'FIREBASE' }} search={search} offeredByCurrent={config?.socialProviders}>
        {body}
      </SignInProviderBlock>
    </LoginSubPage>
  );
}

/** Progress inside the sign-in block (the page heading stays). */
function Pending({ label }: { label: string }) {
  return (
    <p className="firebase-signin__pending" role="status" aria-live="polite">
      <Spinner /> <span>{label}</span>
    </p>
  );
}

/** No consent terms (one array, so that effects depending on the terms do not run again). */
const NO_TERMS: readonly ConsentTerm[] = [];

/**
 * The consent terms of a sign-up (the resource `queries.checkout.context()`, guests too; read only
 * while `enabled`) and whether they are still loading (the sign-up waits for them); none when they
 * fail to load.
 */
function useConsentTerms(enabled: boolean): { terms: readonly ConsentTerm[]; loading: boolean } {
  const { queries } = useServices();
  const context = useResource(enabled ? queries.checkout.context() : null);
  const terms = (context.data?.consentTerms as ConsentTerm[] | undefined) ?? NO_TERMS;
  return { terms: enabled ? terms : NO_TERMS, loading: enabled && context.status === 'loading' };
}

function FirebaseForm({ port, config, search }: { port: FirebaseAuthPort; config: FirebaseWebConfig; search: string }) {
  const { t, tError, isKnownKey, routeLocale } = useI18n();
  const { api, session } = useServices();
  const [storage] = useState(() => webStorage('session'));
  const providerName = useProviderName();
  const [view] = useFlow(firebaseSignInMachine, {
    connect: connectFirebaseSignIn,
    input: {
      api,
      auth: port,
      storage,
      isMobile: isMobileUserAgent(navigator.userAgent),
      signUp: new URLSearchParams(search).get('type') === 'signup',
      appCheck: typeof port.appCheckToken === 'function',
      session,
      search: `?${search}`,
      isKnownKey,
    },
  });
  const signUp = view.mode === 'signUp';
  const { terms, loading: termsLoading } = useConsentTerms(signUp);
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  useEffect(() => setChecked(initialConsentChecks(terms)), [terms]);
  const [consentHint, setConsentHint] = useState(false);

  const alertRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Focus the first failure once the machine is back on the form.
  const failure = view.phase === 'form' ? (view.fieldErrors.email ?? view.fieldErrors.password ?? view.formError ?? view.error?.key ?? null) : null;
  useEffect(() => {
    if (!failure) return;
    if (view.fieldErrors.email) emailRef.current?.focus();
    else if (view.fieldErrors.password) passwordRef.current?.focus();
    else alertRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.phase, view.fieldErrors, view.formError, view.error]);

  if (view.phase === 'leaving') return <Pending label={t('takingYouToProvider')} />;
  if (view.busyWith === 'resuming' || view.phase === 'signedIn') return <Pending label={t('finishingSignIn')} />;

  const message = (() => {
    if (view.formError) return t(view.formError);
    const error = view.error;
    if (!error) return null;
    const vars = { email: error.vars.email, provider: error.vars.providerKey ? t(error.vars.providerKey) : undefined };
    return isKnownKey(error.key) ? t(error.key, vars) : tError(error.key);
  })();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (signUp && termsLoading) return;
    if (signUp && !isConsentValid(terms, checked)) {
      setConsentHint(true);
      return;
    }
    setConsentHint(false);
    view.submit({
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      ...(signUp ? { consentAnswers: consentAnswers(terms, checked) } : {}),
    });
  };
  const busy = view.phase === 'busy';
  /** What the email and password fields share: id and name, the field's error (translated), disabled while busy. */
  const fieldProps = (name: 'email' | 'password') => {
    const error = view.fieldErrors[name];
    return { id: `firebase-${name}`, name, error: error ? t(error) : undefined, disabled: busy };
  };
  const socialProviders = SOCIAL.filter((provider) => config.socialProviders.includes(provider));

  return (
    <div className="firebase-signin" data-provider="FIREBASE">
      <form className="form" noValidate onSubmit={submit} aria-labelledby="firebase-form-heading">
        <h2 id="firebase-form-heading" className="firebase-signin__heading">
          {signUp ? t('firebaseCreateAccount') : t('firebaseSignInHeading')}
        </h2>
        <FormAlert id="firebase-error" alertRef={alertRef} message={message} />
        <EmailField ref={emailRef} {...fieldProps('email')} label={t('email')} autoComplete="email" defaultValue={view.email} />
        <PasswordField
          ref={passwordRef}
          {...fieldProps('password')}
          label={t('password')}
          showLabel={t('showPassword')}
          autoComplete={signUp ? 'new-password' : 'current-password'}
          hint={signUp ? t('passwordHint') : undefined}
        />
        {!signUp && offersPasswordReset('FIREBASE') ? (
          <p className="forgot-link">
            <Link href={forgotPasswordPath('FIREBASE', search, routeLocale)}>{t('forgotPasswordWeb')}</Link>
          </p>
        ) : null}
        {signUp && termsLoading ? <Pending label={t('loading')} /> : null}
        {signUp ? (
          <ConsentTerms
            terms={terms}
            checked={checked}
            showHint={consentHint && !isConsentValid(terms, checked)}
            onChange={(fieldName, ticked) => setChecked((previous) => ({ ...previous, [fieldName]: ticked }))}
          />
        ) : null}
        <SubmitButton busy={view.busyWith === 'password'} busyLabel={signUp ? t('creatingAccount') : t('signingIn')}>
          {signUp ? t('createAccount') : t('signIn')}
        </SubmitButton>
        <p className="firebase-signin__switch">
          {signUp ? t('alreadyHaveAccount') : t('firebaseNoAccountYet')}{' '}
          <button type="button" className="link-button" disabled={busy} onClick={() => view.setMode(signUp ? 'signIn' : 'signUp')}>
            {signUp ? t('signIn') : t('firebaseCreateAccount')}
          </button>
        </p>
      </form>
      {socialProviders.length > 0 ? (
        <div className="firebase-signin__social" role="group" aria-label={t('firebaseSocialHeading')}>
          <p className="firebase-signin__or" aria-hidden="true">
            {t('firebaseOr')}
          </p>
          {socialProviders.map((provider) => (
            <button
              key={provider}
              type="button"
              className="button button--secondary"
              disabled={busy}
              aria-busy={view.busyWith === provider || undefined}
              onClick={() => view.chooseProvider(provider)}
            >
              <BusyContent busy={view.busyWith === provider} busyLabel={t('signingIn')}>
                {t('continueWithProvider', { provider: providerName({ name: provider }) })}
              </BusyContent>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
