import { LoginSubPage } from '../../signin/LoginSubPage';
import { useI18n } from '../../app/context';

/** Sign in with an OPIN token (`/login/opin`). Placeholder until that work lands. */
export default function OpinSignInPage() {
  const { t } = useI18n();
  return (
    <LoginSubPage>
      <p role="alert" className="alert">
        {t('providerNotAvailable')}
      </p>
    </LoginSubPage>
  );
}
