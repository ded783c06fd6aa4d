import { LoginSubPage } from '../../signin/LoginSubPage';
import { useI18n } from '../../app/context';

/** Sign in with Apple, Google or Facebook (`/login/apple|google|facebook`). Placeholder until that work lands. */
export default function SocialSignInPage(_props: { provider: 'apple' | 'google' | 'facebook' }) {
  const { t } = useI18n();
  return (
    <LoginSubPage>
      <p role="alert" className="alert">
        {t('providerNotAvailable')}
      </p>
    </LoginSubPage>
  );
}
