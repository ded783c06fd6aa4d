import { useId, type ReactNode } from 'react';
import type { Basket, Discount } from '@stream/core/contracts';
import { formatMoney, periodLabelKey, trialDays } from '@stream/core/domain';
import { useI18n } from '../app/context';

export interface BasketSummaryProps {
  /** The basket as the platform last answered it (`baskets.put`, `vouchers.add/remove`). */
  basket: Basket;
  /** The licence's name (from the catalogue), or null when unknown. */
  licenceName: string | null;
  /** Extra content under the amounts (the voucher form). */
  children?: ReactNode;
}

/**
 * "Your order": the plan (name, billing period, free trial) and the basket's amounts, formatted
 * with core's `formatMoney` in the UI language: subtotal, each voucher with its discount, the
 * discount in total, tax (included or added, §3 `isTaxInclusive`) and the total to pay. A table
 * with a caption, one row per line, so a screen reader reads "Total, £6.49".
 * Implements commerce-and-account-data.md §3 "Basket" and "Money".
 */
export function BasketSummary({ basket, licenceName, children }: BasketSummaryProps) {
  const { t, language } = useI18n();
  const titleId = useId();
  const { amounts } = basket;
  const money = (amount: number) => formatMoney({ amount, scale: amounts.scale, currency: amounts.currency }, language);
  const item = basket.basketItems[0];
  const period = item?.subscriptionSetting?.subscriptionPeriod;
  const periodKey = period ? periodLabelKey(period) : null;
  const days = trialDays(item?.subscriptionSetting?.trialPeriodDuration);
  const subTotal = amounts.subTotal ?? amounts.total;
  const total = amounts.discountedTotal ?? amounts.total;
  const vouchers = amounts.vouchers ?? [];
  // An upgrade's credit lines (this project's `amounts.upgradeCredits`, docs/api.md "Plan changes").
  const credits = upgradeCreditsOf(amounts);
  const credited = credits.reduce((sum, line) => sum + line.amount, 0);
  const saved = subTotal - total - credited;
  const upgradeFrom = (item as { upgradeFrom?: { licenceName?: unknown } } | undefined)?.upgradeFrom;
  const replaced = typeof upgradeFrom?.licenceName === 'string' ? upgradeFrom.licenceName : null;
  const tax = amounts.discountedTax ?? amounts.tax;

  return (
    <section className="card basket-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="basket-summary__title">
        {t('checkoutOrderSummary')}
      </h2>
      <p className="basket-summary__plan">
        <bdi className="basket-summary__name">{licenceName ?? item?.sku ?? ''}</bdi>
        {periodKey ? <span className="basket-summary__period">{t(periodKey)}</span> : null}
        {days !== null ? <span className="basket-summary__trial">{t('freeTrialDays', { days: String(days) })}</span> : null}
      </p>
      {replaced ? <p className="basket-summary__replaces">{t('upgradeReplaces', { name: replaced })}</p> : null}
      <table className="basket-summary__amounts" aria-labelledby={titleId}>
        <tbody>
          <tr>
            <th scope="row">{t('basketSubtotal')}</th>
            <td>{money(subTotal)}</td>
          </tr>
          {vouchers.map((voucher) => (
            <tr key={voucher.name} className="basket-summary__voucher">
              <th scope="row">{t('basketVoucher', { code: voucher.name })}</th>
              <td>{voucher.discount ? discountText(voucher.discount, money, t) : ''}</td>
            </tr>
          ))}
          {credits.map((line) => (
            <tr key={line.licenceId} className="basket-summary__credit">
              <th scope="row">{t('upgradeCreditLine', { name: line.licenceName })}</th>
              <td>−{money(line.amount)}</td>
            </tr>
          ))}
          {saved > 0 ? (
            <tr>
              <th scope="row">{t('basketDiscount')}</th>
              <td>−{money(saved)}</td>
            </tr>
          ) : null}
          {tax !== undefined ? (
            <tr className="basket-summary__tax">
              <th scope="row">{t(amounts.isTaxInclusive === false ? 'basketTax' : 'basketTaxIncluded')}</th>
              <td>{money(tax)}</td>
            </tr>
          ) : null}
          <tr className="basket-summary__total">
            <th scope="row">{t('basketTotal')}</th>
            <td>{money(total)}</td>
          </tr>
        </tbody>
      </table>
      {children}
    </section>
  );
}

/** The upgrade credit lines of basket amounts (`upgradeCredits`: `{ licenceId, licenceName, amount }`, minor units); malformed entries are skipped. */
function upgradeCreditsOf(amounts: Basket['amounts']): { licenceId: string; licenceName: string; amount: number }[] {
  const lines = (amounts as { upgradeCredits?: unknown }).upgradeCredits;
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line: unknown) => {
    const l = line as { licenceId?: unknown; licenceName?: unknown; amount?: unknown };
    return typeof l?.licenceId === 'string' && typeof l.amount === 'number' && Number.isFinite(l.amount)
      ? [{ licenceId: l.licenceId, licenceName: typeof l.licenceName === 'string' ? l.licenceName : l.licenceId, amount: l.amount }]
      : [];
  });
}

/** "50% off" / "£5.00 off" for a voucher's discount. */
function discountText(discount: Discount, money: (amount: number) => string, t: (key: string, vars?: Record<string, string>) => string): string {
  if (discount.type === 'PERCENTAGE' && typeof discount.percentage === 'number') {
    return t('voucherPercentOff', { percentage: String(discount.percentage) });
  }
  if (discount.type === 'AMOUNT' && typeof discount.amount === 'number') return t('voucherAmountOff', { amount: money(discount.amount) });
  return '';
}
