import type { ApiClient } from '@stream/core/api';
import type { Licence, LicenceFamily } from '@stream/core/contracts';
import {
  choosePrice,
  familyViewType,
  formatMoney,
  isActive,
  isDowngrade,
  isSelectable,
  periodLabelKey,
  trialDays,
} from '@stream/core/domain';
import { Link } from 'wouter';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { useResource } from '../app/useResource';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import '../styles/catalogue.css';

/**
 * The catalogue by family (`GET licence-family?includeEntitlements=ALL_ACTIVE_USER_ENTITLEMENTS`):
 * for a signed-in viewer the platform puts the account's active licences, with their status, in
 * place of the catalogue entries, so owned plans and downgrades are known from one answer.
 */
async function loadFamilies(api: ApiClient): Promise<LicenceFamily[]> {
  return (await api.licences.families()).licenceFamilies;
}

/**
 * PURCHASE: the licence catalogue grouped by family, each licence with its price and period, trial,
 * FREE or STANDARD, the Downgrade marker and "Your plan" (commerce-and-account-data.md §3, §4,
 * §5), and a Choose link to the checkout (disabled when the licence is not selectable).
 */
export default function LicencesPage() {
  const { t } = useI18n();
  const { api } = useServices();
  const { status, isSignedIn, user } = useSession();
  // Loaded again when the viewer changes (sign-in in another tab, session expiry).
  const data = useResource(() => loadFamilies(api), `${isSignedIn}:${user?.id ?? ''}`);
  useDocumentTitle(t('plansTitle'), t('appName'));

  if (status === 'loading' || data.status === 'loading') return <LoadingScreen label={t('loadingLicences')} />;
  if (data.status === 'failed' || !data.data) {
    return (
      <div className="page">
        <ErrorScreen title={t('plansTitle')} message={t('couldntLoadLicences')} retryLabel={t('retry')} onRetry={data.reload} />
      </div>
    );
  }
  const families = data.data;
  // Every licence shown: the account's active ones carry their status, the others are catalogue entries.
  const owned = families.flatMap((family) => family.licences);
  return (
    <div className="page page--wide">
      <h1>{t('plansTitle')}</h1>
      <p className="page-intro">{t('plansIntro')}</p>
      {families
        .filter((family) => family.licences.length > 0)
        .map((family) => (
          <section key={family.id} className="licence-family" aria-labelledby={`family-${family.id}`}>
            <h2 id={`family-${family.id}`}>
              <bdi>{family.name ?? family.id}</bdi>
            </h2>
            <ul className="licence-list">
              {family.licences.map((licence) => (
                <li key={licence.id}>
                  <LicenceCard licence={licence} owned={owned} />
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

function LicenceCard({ licence, owned }: { licence: Licence; owned: readonly Licence[] }) {
  const { t, path, language } = useI18n();
  const price = formatMoney(choosePrice(licence.amounts), language);
  const periodKey = licence.purchaseStrategy?.subscriptionPeriod ? periodLabelKey(licence.purchaseStrategy.subscriptionPeriod) : null;
  const days = trialDays(licence.trialDetails?.trialPeriodDuration);
  const viewType = familyViewType(licence);
  const yourPlan = isActive(licence);
  const downgrade = isDowngrade(licence, owned);
  const selectable = isSelectable(licence, owned);
  const nameId = `licence-${licence.id}`;

  return (
    <article className={`licence-card${yourPlan ? ' licence-card--owned' : ''}`} aria-labelledby={nameId}>
      <h3 id={nameId}>
        <bdi>{licence.name}</bdi>
      </h3>
      <ul className="badges">
        <li className={`badge ${viewType === 'FREE' ? 'badge--free' : 'badge--plain'}`}>
          {t(viewType === 'FREE' ? 'licenceTypeFree' : 'licenceTypeStandard')}
        </li>
        {yourPlan ? <li className="badge badge--owned">{t('yourPlan')}</li> : null}
        {downgrade ? <li className="badge badge--downgrade">{t('downgrade')}</li> : null}
      </ul>
      {licence.description ? (
        <p className="licence-card__description">
          <bdi>{licence.description}</bdi>
        </p>
      ) : null}
      <p className="licence-card__price">
        {price}
        {periodKey ? <span className="licence-card__period"> {t(periodKey)}</span> : null}
      </p>
      {days !== null ? <p className="licence-card__trial">{t('freeTrialDays', { days: String(days) })}</p> : null}
      <div className="licence-card__action">
        {selectable ? (
          <Link
            href={`${path('PAYMENT_CONFIRMATION')}?${new URLSearchParams({ licenceId: licence.id }).toString()}`}
            className="button"
            aria-label={t('chooseLicence', { name: licence.name })}
          >
            {t('choose')}
          </Link>
        ) : (
          <button type="button" className="button" disabled aria-label={t('chooseLicence', { name: licence.name })}>
            {t('choose')}
          </button>
        )}
      </div>
    </article>
  );
}
