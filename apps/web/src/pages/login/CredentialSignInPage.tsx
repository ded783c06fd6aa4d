import { LoginSubPage } from '../../signin/LoginSubPage';
import { useI18n } from '../../app/context';

/** Sign in with a PBR or SPTV id and secret (`/login/pbr`, `/login/sptv`). Placeholder until that work lands. */
export default function CredentialSignInPage(_props: { provider: 'pbr' | 'sptv' }) {
  const { t } = useI18n();
  return (
    <LoginSubPage>
      <p role="alert" className="alert">
        {t('providerNotAvailable')}
      </p>
    </LoginSubPage>
  );
}
