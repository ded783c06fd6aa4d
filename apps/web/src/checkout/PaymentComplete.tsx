import { useEffect, useRef } from 'react';
import type { Money } from '@stream/core/contracts';
import { carriedFrom, formatMoney } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { OnwardLinks } from '../components/OnwardLinks';

export interface PaymentCompleteProps {
  /** The licence bought, or null when unknown (the text then names no plan). */
  licenceName: string | null;
  /** What was paid (zero for a zero balance), or null when unknown. */
  paid: Money | null;
  /** Where the viewer came from (a safe in-app path): the "Start watching" link goes there; else home. */
  from: string | null;
  /** The heading level: 1 when the confirmation is the page's main content (the default), 2 inside another page. @default 1 */
  headingLevel?: 1 | 2;
}

/**
 * The confirmation of a payment (the journey's PAYMENT_COMPLETE, and the PAY and
 * PAYMENT_AUTHORIZATION pages once paid): the plan now active, what was paid (core's
 * `formatMoney`), a link to start watching (back to `from` when it is a safe in-app path that is
 * not a sign-in page, else home) and one to the account page. The heading takes focus when shown.
 * Implements commerce-and-account-data.md §2 (payment confirmation page).
 */
export function PaymentComplete({ licenceName, paid, from, headingLevel = 1 }: PaymentCompleteProps) {
  const { t, path, language } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const watchTarget = carriedFrom(from) ?? path('HOME');
  return (
    <section className="card payment-complete" aria-labelledby="payment-complete-title">
      <Heading id="payment-complete-title" ref={headingRef} tabIndex={-1}>
        {t('paymentCompleteTitle')}
      </Heading>
      <p role="status">
        {licenceName ? (
          t('paymentCompleteText', { licence: licenceName })
        ) : (
          t('paymentCompleteTextGeneric')
        )}
      </p>
      {paid ? (
        <dl className="details details--compact">
          <dt>{t('paymentAmountPaid')}</dt>
          <dd>{formatMoney(paid, language)}</dd>
        </dl>
      ) : null}
      <OnwardLinks href={watchTarget} label={t('startWatching')} accountLabel={t('goToAccount')} className="payment-complete__actions" />
    </section>
  );
}
