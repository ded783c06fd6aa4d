import { LoginSubPage } from '../../signin/LoginSubPage';
import { useI18n } from '../../app/context';

/** Sign in with Firebase (`/login/firebase`). Placeholder until that work lands. */
export default function FirebaseSignInPage() {
  const { t } = useI18n();
  return (
    <LoginSubPage>
      <p role="alert" className="alert">
        {t('providerNotAvailable')}
      </p>
    </LoginSubPage>
  );
}
