import { showsSignUpLink } from '@stream/core/domain';
import { connectIdSignIn, connectSignUp, idSignInMachine, signUpMachine } from '@stream/core/machines';
import { SIGN_IN_PROVIDER } from '../../app/config';
import { useI18n } from '../../app/context';
import { useCredentialsForm } from '../../app/useCredentialsForm';
import { useRealmSettings } from '../../app/useRealmSettings';
import { captchaFor } from '../../captcha/CaptchaWidget';
import { SIGN_IN_FIELDS, SignInForm } from '../../pages/LoginPage';
import { SIGN_UP_FIELDS, SignUpForm } from '../../pages/SignUpPage';
import '../../styles/auth.css';

/** Props of {@link JourneySignIn} and {@link JourneySignUp}. */
export interface JourneyAuthProps {
  /** The session holds the new tokens: the journey checks the account and goes on. */
  onDone(): void;
  /** Switch between signing in and creating an account (the journey's `switchAuth`). */
  onSwitch(): void;
  /** The heading and the line under it, when not the journey's (GIFT_REDEMPTION_REGISTER's). */
  title?: string;
  subtitle?: string;
}

/**
 * The journey's LOGIN step (identity-and-routes.md §4): the LOGIN page's ID sign-in form, embedded
 * (`onDone`: the session stores the tokens without going anywhere, and the journey goes on), and
 * a button to create an account instead (shown
 * when the realm settings allow self-registration, as on the LOGIN page).
 */
export function JourneySignIn({ onDone, onSwitch }: JourneyAuthProps) {
  const { t } = useI18n();
  const credentials = useCredentialsForm({
    machine: idSignInMachine,
    connect: connectIdSignIn,
    fields: SIGN_IN_FIELDS,
    idPrefix: 'journey-login',
    onDone,
  });
  const settings = useRealmSettings();
  const selfRegistration = settings.status === 'ready' && settings.data?.selfRegistration === true;
  return (
    <div className="auth-card journey-auth">
      <h1>{t('signIn')}</h1>
      <p className="auth-card__subtitle">{t('journeySignInSubtitle')}</p>
      <SignInForm credentials={credentials} />
      {showsSignUpLink(selfRegistration, SIGN_IN_PROVIDER) ? (
        <p className="auth-card__footer">
          {t('newToStream')}{' '}
          <button type="button" className="link-button" onClick={onSwitch}>
            {t('createAnAccount')}
          </button>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The journey's SIGNUP step (identity-and-routes.md §4): the SIGNUP page's form, embedded
 * (`onDone`: the session stores the tokens without going anywhere, and the journey goes on), and
 * a button to sign in with an existing account instead.
 */
export function JourneySignUp(props: JourneyAuthProps) {
  // Issue 18: a realm whose captcha guards sign-up starts the flow with it (a new flow once the settings say so).
  const captchaRequired = captchaFor(useRealmSettings().data, 'signUp') !== null;
  return <JourneySignUpStep key={captchaRequired ? 'captcha' : 'plain'} {...props} captchaRequired={captchaRequired} />;
}

function JourneySignUpStep({ onDone, onSwitch, title, subtitle, captchaRequired }: JourneyAuthProps & { captchaRequired: boolean }) {
  const { t } = useI18n();
  const credentials = useCredentialsForm({
    machine: signUpMachine,
    connect: connectSignUp,
    fields: SIGN_UP_FIELDS,
    idPrefix: 'journey-signup',
    onDone,
    captchaRequired,
  });
  return (
    <div className="auth-card journey-auth">
      <h1>{title ?? t('createYourAccount')}</h1>
      <p className="auth-card__subtitle">{subtitle ?? t('journeySignUpSubtitle')}</p>
      <SignUpForm credentials={credentials} />
      <p className="auth-card__footer">
        {t('alreadyHaveAccount')}{' '}
        <button type="button" className="link-button" onClick={onSwitch}>
          {t('goToSignIn')}
        </button>
      </p>
    </div>
  );
}
