/**
 * Basket amounts (commerce §3 "Basket"): the sub-total is the licence's price for the caller's
 * country (`localAmounts`, then `choosePrice`: local, else default, else zero), vouchers apply in the order they were added (a percentage of
 * the sub-total, or an amount, never below zero), tax is 20 % included in the prices.
 */
import type { Basket, Discount } from '@stream/core/contracts';
import { choosePrice, localAmounts } from '@stream/core/domain';
import type { CatalogueRow } from '../licences/state.js';
import type { VoucherRow } from './vouchers.js';

/** The VAT rate included in every price, percent. */
export const TAX_RATE_PERCENT = 20;

/** The tax included in a tax-inclusive `gross` amount (minor units, rounded half up). */
export const includedTax = (gross: number) => Math.round((gross * TAX_RATE_PERCENT) / (100 + TAX_RATE_PERCENT));

/**
 * The basket's `amounts`, for `licence` (or none: an empty basket) with `applied` vouchers, in the
 * price of a caller in `country` (core `localAmounts`: the country's amount and currency where the
 * licence has one, else the realm's local, else default price). An AMOUNT voucher takes its
 * minor units off in the basket's currency. `months` (a gift basket, docs/api.md "Gifts") multiplies
 * the licence's price: a gift of 3 months of a monthly plan costs three months.
 */
export function basketAmounts(licence: CatalogueRow | undefined, applied: readonly VoucherRow[], country = 'GB', months = 1): Basket['amounts'] {
  const price = licence ? choosePrice(localAmounts(licence.amounts, country)) : { amount: 0, scale: 2, currency: 'GBP' };
  const subTotal = price.amount * months;
  let discounted = subTotal;
  const voucherEntries = applied.map((v) => {
    let discount: Discount | undefined;
    if (v.type === 'PERCENTAGE' && v.percentage !== null) {
      discounted -= Math.round((subTotal * v.percentage) / 100);
      discount = { type: 'PERCENTAGE', percentage: v.percentage, state: 'ACTIVE' };
    } else if (v.type === 'AMOUNT' && v.amount !== null) {
      discounted -= v.amount;
      discount = { type: 'AMOUNT', amount: v.amount, state: 'ACTIVE' };
    }
    discounted = Math.max(0, discounted);
    return discount ? { name: v.code, discount } : { name: v.code };
  });
  return {
    total: discounted,
    currency: price.currency,
    scale: price.scale,
    vouchers: voucherEntries,
    tax: includedTax(subTotal),
    discountedTax: includedTax(discounted),
    subTotal,
    discountedTotal: discounted,
    isTaxInclusive: true,
    isTaxRateEstimated: false,
  };
}
