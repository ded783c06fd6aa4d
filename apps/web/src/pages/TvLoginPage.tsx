import { useEffect, useRef, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { matchRouteAnyLocale, routeAccess } from '@stream/core/domain';
import { connectTvDeviceLogin, tvDeviceLoginMachine } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { Field } from '../components/Field';
import { FormAlert } from '../components/FormAlert';
import { LoadingScreen } from '../components/StatusScreen';
import { SubmitButton } from '../components/SubmitButton';
import '../styles/tv.css';

/**
 * TV_LOGIN (`/tv-login/:tvAuthType?`, identity-and-routes.md §2 route table, §4 device login): a
 * signed-in viewer enters the code a TV shows and the TV's session is signed in (the platform's
 * device PIN login). A guest goes to LOGIN with `from` set to this page (core's `routeAccess`).
 * The query's `code` pre-fills the field and is then removed from the address (replace).
 */
export default function TvLoginPage() {
  const { t, routeLocale } = useI18n();
  const { status, user } = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  useDocumentTitle(t('tvLoginTitle'), t('appName'));

  if (status === 'loading') return <LoadingScreen label={t('loading')} />;
  const access = routeAccess('TV_LOGIN', status === 'signedIn' && user ? 'signedIn' : 'guest', pathname + (search ? `?${search}` : ''), routeLocale);
  if (access.kind === 'redirect') return <Redirect to={access.path} replace />;
  const params = matchRouteAnyLocale(pathname, routeLocale)?.params ?? {};
  const query = new URLSearchParams(search);
  const initialPin = query.get('code');
  query.delete('code');
  const rest = query.toString();
  return (
    <TvCodeForm
      tvAuthType={params.tvAuthType ?? null}
      initialPin={initialPin}
      addressWithoutCode={initialPin !== null ? pathname + (rest ? `?${rest}` : '') : null}
    />
  );
}

/**
 * The code form: renders core's `tvDeviceLogin` machine (code input, submit with progress, error,
 * success). `initialPin` pre-fills the field once; the address then loses its `code`
 * (`addressWithoutCode`, replace) so that the TV's code does not stay in the address or history.
 */
function TvCodeForm({ tvAuthType, initialPin, addressWithoutCode }: { tvAuthType: string | null; initialPin: string | null; addressWithoutCode: string | null }) {
  const { t } = useI18n();
  const { api } = useServices();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(tvDeviceLoginMachine, { input: { api, tvAuthType, initialPin } });
  const view = connectTvDeviceLogin(snapshot, send);
  const alertRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const previousPhase = useRef(view.phase);

  useEffect(() => {
    if (addressWithoutCode !== null) navigate(addressWithoutCode, { replace: true });
  }, [addressWithoutCode, navigate]);

  useEffect(() => {
    if (view.phase === 'confirmed') doneRef.current?.focus();
    else if (view.phase === 'editing' && view.error) alertRef.current?.focus();
    // "Sign in another TV" removed the focused button: focus goes to the empty code field.
    else if (view.phase === 'editing' && previousPhase.current === 'confirmed') inputRef.current?.focus();
    previousPhase.current = view.phase;
  }, [view.phase, view.error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    view.submit();
  };

  return (
    <div className="page tv-login">
      <h1>{t('tvLoginTitle')}</h1>
      {view.phase === 'confirmed' ? (
        <div className="card form">
          <p ref={doneRef} tabIndex={-1} role="status" className="alert alert--info">
            {t('tvCodeConfirmed')}
          </p>
          <button type="button" className="button button--secondary" onClick={view.again}>
            {t('tvCodeAnother')}
          </button>
        </div>
      ) : (
        <form className="card form tv-login__code" onSubmit={onSubmit} noValidate>
          <p>{t('tvLoginIntro')}</p>
          <FormAlert id="tv-login-error" alertRef={alertRef} message={view.error ? t(view.error) : null} />
          <Field
            ref={inputRef}
            id="tv-code"
            label={t('tvCodeLabel')}
            hint={t('tvCodeHint')}
            aria-invalid={view.error ? true : undefined}
            aria-describedby={view.error ? 'tv-login-error tv-code-hint' : 'tv-code-hint'}
            value={view.pin}
            onChange={(event) => view.change(event.target.value)}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            readOnly={view.busy}
          />
          <SubmitButton busy={view.busy} busyLabel={t('tvCodeSubmitting')}>
            {t('tvCodeSubmit')}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
