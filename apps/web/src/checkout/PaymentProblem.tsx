import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { checkoutPath } from '@stream/core/domain';
import { useI18n } from '../app/context';

export interface PaymentProblemProps {
  /** The error text (translated). */
  message: string;
  /** The licence whose checkout "Back to checkout" reopens; null: a link to the plans instead. */
  licenceId: string | null;
  /** The return path of that checkout (kept in the link when safe). */
  from: string | null;
  /** A gift's payment (issue 18): "Back to checkout" reopens the gift's checkout (GIFT_PAY), never a plan's. */
  giftId?: string | null;
}

/**
 * A payment that did not complete after the payer came back (PAY, PAYMENT_AUTHORIZATION): the
 * page heading, the error (focused, `role="alert"`) and what to do next: back to the checkout of
 * the licence (`/purchase?licenceId=…`) to try again, to the gift's checkout (GIFT_PAY
 * `/gift/{giftId}/pay`) for a gift, or to the plans when there is no checkout.
 */
export function PaymentProblem({ message, licenceId, from, giftId = null }: PaymentProblemProps) {
  const { t, path, routeLocale } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  return (
    <div className="status-screen payment-problem">
      <h1>{t('paymentNotCompletedTitle')}</h1>
      <div ref={ref} role="alert" tabIndex={-1} className="alert status-screen__message">
        {message}
      </div>
      {giftId !== null ? (
        <Link href={path('GIFT_PAY', { giftId })} className="button">
          {t('backToCheckout')}
        </Link>
      ) : licenceId !== null ? (
        <Link href={checkoutPath(routeLocale, licenceId, from)} className="button">
          {t('backToCheckout')}
        </Link>
      ) : (
        <Link href={path('PURCHASE')} className="button">
          {t('seePlans')}
        </Link>
      )}
    </div>
  );
}
