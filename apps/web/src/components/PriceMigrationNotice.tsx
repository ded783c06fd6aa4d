import { useEffect, useId } from 'react';
import { useMachine } from '@xstate/react';
import type { Licence } from '@stream/core/contracts';
import { formatDisplayDate, formatMoney, parseIsoTimestamp } from '@stream/core/domain';
import { connectPriceMigration, priceMigrationMachine } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { Spinner } from './Spinner';

export interface PriceMigrationNoticeProps {
  /** A licence of the account with a price migration awaiting consent. */
  licence: Licence;
  /** Called once the platform took the answer, to load the list again. */
  onUpdated(): void;
}

/**
 * The price-migration notice of one licence (commerce-and-account-data.md §4 "Price migration
 * consent"): the new price and when it applies, with Continue (CONTINUE) and Leave (LEAVE).
 */
export function PriceMigrationNotice({ licence, onUpdated }: PriceMigrationNoticeProps) {
  const { t, language } = useI18n();
  const { api } = useServices();
  const migration = licence.priceMigration;
  const [snapshot, send] = useMachine(priceMigrationMachine, { input: { api, migrationId: migration?.id ?? '' } });
  const consent = connectPriceMigration(snapshot, send);
  const id = useId();

  useEffect(() => {
    if (consent.done) onUpdated();
    // Once, when the answer is taken.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [consent.done]);

  if (!migration) return null;
  const effectiveFrom = parseIsoTimestamp(migration.effectiveFrom);
  const vars = {
    name: licence.name,
    price: formatMoney(migration.newAmount, language),
    date: effectiveFrom === null ? '' : formatDisplayDate(effectiveFrom, language),
  };
  return (
    <section className="notice" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('priceMigrationTitle')}</h4>
      <p>{t('priceMigrationText', vars)}</p>
      {consent.error ? (
        <p role="alert" className="alert">
          {t(consent.error)}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={consent.submitting || consent.done}
          aria-busy={(consent.submitting && consent.consent === 'CONTINUE') || undefined}
          onClick={consent.accept}
        >
          {consent.submitting && consent.consent === 'CONTINUE' ? <Spinner /> : null}
          {t('priceMigrationContinue')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={consent.submitting || consent.done}
          aria-busy={(consent.submitting && consent.consent === 'LEAVE') || undefined}
          onClick={consent.leave}
        >
          {consent.submitting && consent.consent === 'LEAVE' ? <Spinner /> : null}
          {t('priceMigrationLeave')}
        </button>
      </div>
    </section>
  );
}
