import { LoginSubPage } from '../signin/LoginSubPage';
import { useI18n } from '../app/context';

/** OAUTH and OAUTH_APP (`/oauth/:provider/:appname?`): generic external OAuth sign-in. Placeholder until that work lands. */
export default function OAuthPage() {
  const { t } = useI18n();
  return (
    <LoginSubPage>
      <p role="alert" className="alert">
        {t('providerNotAvailable')}
      </p>
    </LoginSubPage>
  );
}
