import { LoginSubPage } from '../signin/LoginSubPage';
import { useI18n } from '../app/context';

/** IMPERSONATE (`/impersonate/:token`): an administrator acting as a user. Placeholder until that work lands. */
export default function ImpersonatePage() {
  const { t } = useI18n();
  return (
    <LoginSubPage>
      <p role="alert" className="alert">
        {t('providerNotAvailable')}
      </p>
    </LoginSubPage>
  );
}
