import { useMachine } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { connectEmailConfirmation, emailConfirmationMachine } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { LoadingScreen } from './StatusScreen';
import { FlowOutcome, type LoginPrefill } from './EmailFlow';

/** The document title of each confirmation status. */
const TITLE_KEYS = {
  confirming: 'confirmingEmail',
  confirmed: 'welcomeTitle',
  invalidToken: 'emailConfirmationLinkInvalidTitle',
  failed: 'somethingWentWrong',
} as const;

/**
 * The confirmation of one emailed token (`null`: none, which fails at once) and its outcome;
 * EMAIL_CONFIRMATION's (the token in the query) and ACTIVATE_USER's (`/activate/:id`, the token
 * in the path).
 */
export function EmailConfirmation({ token }: { token: string | null }) {
  const { t, path } = useI18n();
  const { api } = useServices();
  const [, navigate] = useLocation();
  // No token: the machine fails at once (something went wrong).
  const [snapshot, send] = useMachine(emailConfirmationMachine, { input: { api, token } });
  const confirmation = connectEmailConfirmation(snapshot, send);
  useDocumentTitle(t(TITLE_KEYS[confirmation.status]), t('appName'));

  switch (confirmation.status) {
    case 'confirming':
      return <LoadingScreen label={t('confirmingEmail')} />;
    case 'invalidToken':
      return <ConfirmationProblem title={t('emailConfirmationLinkInvalidTitle')} message={t('invalidConfirmationToken')} />;
    case 'failed':
      return <ConfirmationProblem title={t('somethingWentWrong')} message={t('emailConfirmationFailed')} />;
    case 'confirmed': {
      const email = confirmation.email;
      const loginNow = () => {
        const state: LoginPrefill | null = email ? { email } : null;
        navigate(path('LOGIN'), { state });
      };
      return (
        <FlowOutcome title={t('welcomeTitle')} message={t('emailConfirmed')}>
          <p className="auth-card__subtitle">{t('emailConfirmationAccepted')}</p>
          <button type="button" className="button button--block" onClick={loginNow}>
            {t('loginNow')}
          </button>
        </FlowOutcome>
      );
    }
  }
}

/** A failure: its title, the message (an alert) and links to sign in or to the home page. */
function ConfirmationProblem({ title, message }: { title: string; message: string }) {
  const { t, path } = useI18n();
  return (
    <FlowOutcome title={title} message={message} tone="alert">
      <p className="auth-card__footer">
        <Link href={path('LOGIN')}>{t('signIn')}</Link>
        {' · '}
        <Link href={path('HOME')}>{t('backToHome')}</Link>
      </p>
    </FlowOutcome>
  );
}
