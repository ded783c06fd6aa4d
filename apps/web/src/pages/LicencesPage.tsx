import type { Licence, LicenceFamily } from '@stream/core/contracts';
import {
  choosePrice,
  familyViewType,
  formatMoney,
  isDowngrade,
  periodLabelKey,
  planChange,
  trialDays,
} from '@stream/core/domain';
import type { MouseEvent } from 'react';
import { useI18n } from '../app/context';
import '../styles/catalogue.css';

/** Props of {@link LicencePlans}. */
export interface LicencePlansProps {
  /**
   * The catalogue by family, as the purchase journey loads it (`licences.families` with
   * `includeEntitlements=ALL_ACTIVE_USER_ENTITLEMENTS`): for a signed-in viewer the platform puts the account's active licences, with their status,
   * in place of the catalogue entries, so owned plans and downgrades are known from one answer.
   */
  families: readonly LicenceFamily[];
  /** The viewer chose a selectable licence (the journey's `selectPackage`). */
  onChoose(licence: Licence): void;
  /** The address of a licence's Choose link (opened in a new tab, or without script). */
  chooseHref(licence: Licence): string;
  /**
   * The viewer asked to switch `from` (held) to the lower `licence` at renewal (a downgrade is
   * scheduled, not bought: docs/api.md "Plan changes"). Without it a downgrade offers no button.
   */
  onDowngrade?(licence: Licence, from: Licence): void;
  /** The licence whose downgrade is being scheduled (its button shows progress), if any. */
  downgrading?: string | null;
}

/**
 * The plans (the PURCHASE journey's PACKAGE_SELECTION step): the licence catalogue grouped by
 * family, each licence with its price and period, trial, FREE or STANDARD, the Downgrade marker
 * and "Your plan" (commerce-and-account-data.md §3, §4, §5), and a Choose link (a disabled
 * button when the domain's `isSelectable` says no). A plain click calls `onChoose`; the link's
 * `chooseHref` serves a new tab. The page heading (`h1` Plans) is part of it.
 */
export function LicencePlans({ families, onChoose, chooseHref, onDowngrade, downgrading = null }: LicencePlansProps) {
  const { t } = useI18n();
  // Every licence shown: the account's active ones carry their status, the others are catalogue entries.
  const owned = families.flatMap((family) => family.licences);
  return (
    <>
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
                  <LicenceCard
                    licence={licence}
                    owned={owned}
                    onChoose={onChoose}
                    href={chooseHref(licence)}
                    {...(onDowngrade ? { onDowngrade } : {})}
                    busy={downgrading === licence.id}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))}
    </>
  );
}

interface LicenceCardProps {
  licence: Licence;
  owned: readonly Licence[];
  onChoose(licence: Licence): void;
  href: string;
  onDowngrade?(licence: Licence, from: Licence): void;
  busy: boolean;
}

function LicenceCard({ licence, owned, onChoose, href, onDowngrade, busy }: LicenceCardProps) {
  const { t, language } = useI18n();
  const price = formatMoney(choosePrice(licence.amounts), language);
  const periodKey = licence.purchaseStrategy?.subscriptionPeriod ? periodLabelKey(licence.purchaseStrategy.subscriptionPeriod) : null;
  const days = trialDays(licence.trialDetails?.trialPeriodDuration);
  const viewType = familyViewType(licence);
  // The domain decides: held active (Your plan, nothing to buy), a downgrade (switch at renewal), or buyable.
  const change = planChange(licence, owned);
  const yourPlan = change.kind === 'HELD' && change.current !== null;
  const downgrade = isDowngrade(licence, owned);
  const selectable = change.kind === 'NEW' || change.kind === 'UPGRADE';
  const nameId = `licence-${licence.id}`;

  const choose = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window keeps the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onChoose(licence);
  };

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
        {yourPlan ? (
          <p className="licence-card__yours">{t('yourPlanNote')}</p>
        ) : change.kind === 'DOWNGRADE' && onDowngrade ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => onDowngrade(licence, change.from)}
          >
            {busy ? t('schedulingChange') : t('downgradeAtRenewalLabel', { name: licence.name })}
          </button>
        ) : selectable ? (
          <a href={href} onClick={choose} className="button" aria-label={t('chooseLicence', { name: licence.name })}>
            {t('choose')}
          </a>
        ) : (
          <button type="button" className="button" disabled aria-label={t('chooseLicence', { name: licence.name })}>
            {t('choose')}
          </button>
        )}
      </div>
    </article>
  );
}
