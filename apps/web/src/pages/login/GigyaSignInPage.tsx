import { LoginSubPage } from '../../signin/LoginSubPage';
import { useI18n } from '../../app/context';

/** Sign in through the GIGYA script (`/login/GIGYA`). Placeholder until that work lands. */
export default function GigyaSignInPage() {
  const { t } = useI18n();
  return (
    <LoginSubPage>
      <p role="alert" className="alert">
        {t('providerNotAvailable')}
      </p>
    </LoginSubPage>
  );
}
