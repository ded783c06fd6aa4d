/**
 * Leaving the app to pay and coming back: which addresses the browser may be sent to (a
 * redirecting provider's approval page, the card's 3-D Secure challenge), the way back added to
 * a challenge, what a provider sends the payer back with, and what a confirmation shows about a
 * payment that succeeded.
 * Implements commerce-and-account-data.md §2 ("Payment confirmation page", PAY and
 * PAYMENT_AUTHORIZATION routes) and §4 ("Redirecting payment providers").
 */
import type { Money } from '../contracts/licences.js';
import { readField } from './errorLayers.js';

/**
 * `url` normalised (`URL.href`) when it is an absolute `http:` or `https:` address, else null: the
 * browser is never sent to a `javascript:`, `data:` or relative address an answer might carry.
 * A non-string or an empty string gives null. Never throws. §4 "Redirecting payment providers".
 */
export function externalUrl(url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The challenge address `url` with `returnUrl=<returnUrl>` set in its query (an existing
 * `returnUrl` is replaced, every other parameter kept): where the card's 3-D Secure challenge
 * sends the payer back. Null when `url` is not an {@link externalUrl}. Never throws.
 * commerce-and-account-data.md §2 (PAYMENT_AUTHORIZATION).
 */
export function withReturnUrl(url: unknown, returnUrl: string): string | null {
  const target = externalUrl(url);
  if (target === null) return null;
  const parsed = new URL(target);
  parsed.searchParams.set('returnUrl', String(returnUrl));
  return parsed.href;
}

/** The status a provider sends when the payer approved (`redirect_status`). */
export const PROVIDER_APPROVED_STATUS = 'succeeded';

/** What a redirecting provider sends the payer back to PAY with (§2 "Payment confirmation page"). */
export interface ProviderReturn {
  targetPaymentProvider: string;
  paymentProviderId: string;
  paymentMethodType: string;
  paymentDetailsExid: string;
  /** `succeeded` when the payer approved; anything else counts as declined. */
  redirectStatus: string;
}

/** A query as {@link providerReturnOf} reads it: `URLSearchParams`, or anything with `get`. */
export interface QueryLike {
  get(name: string): string | null;
}

/**
 * The provider's answer in the PAY query (`targetPaymentProvider`, `paymentProviderId`,
 * `paymentMethodType`, `paymentDetailsExid`, `redirect_status`), or null when any of them is
 * missing or blank. Values are kept as sent. Never throws.
 */
export function providerReturnOf(query: QueryLike | null | undefined): ProviderReturn | null {
  const read = (name: string): string => {
    try {
      const value = query?.get(name);
      return typeof value === 'string' ? value : '';
    } catch {
      return '';
    }
  };
  const value: ProviderReturn = {
    targetPaymentProvider: read('targetPaymentProvider'),
    paymentProviderId: read('paymentProviderId'),
    paymentMethodType: read('paymentMethodType'),
    paymentDetailsExid: read('paymentDetailsExid'),
    redirectStatus: read('redirect_status'),
  };
  return Object.values(value).every((entry) => entry.trim() !== '') ? value : null;
}

/** Whether the payer approved at the provider: `redirectStatus` is exactly `succeeded`. */
export function providerApproved(back: Pick<ProviderReturn, 'redirectStatus'> | null | undefined): boolean {
  return back?.redirectStatus === PROVIDER_APPROVED_STATUS;
}

/** The `paymentId` of a pay answer (a non-empty string), or null. Never throws. */
export function paymentIdOf(result: unknown): string | null {
  const id = readField(result, 'paymentId');
  return typeof id === 'string' && id !== '' ? id : null;
}

/** What a confirmation shows about a payment that succeeded. */
export interface PaidItem {
  /** The licence's name, or null when unknown. */
  licenceName: string | null;
  /** What was paid, or null when unknown. */
  paid: Money | null;
  /** The payment's status (`succeeded`, `failed`, `requires_action`), lower case. */
  status: string;
  /** A gift's payment (`itemType: 'GIFT'` with `gift.giftId`; docs/api.md "Gifts"): the gift's id; absent for a plan. */
  giftId?: string;
}

/** A payment history item as {@link paidItemOf} reads it (§3 "Payment history item"). */
export interface PaidHistoryItemLike {
  status: string;
  /** `'GIFT'` for a gift's payment (this project's field; docs/api.md "Gifts"). */
  itemType?: string | undefined;
  /** A gift's payment: the gift (`giftId`). */
  gift?: { giftId?: string | undefined } | undefined;
  skuLicence?: { licenceName?: string | undefined; price?: Money | undefined } | undefined;
}

/**
 * A payment history item as a {@link PaidItem}: the licence's name and price, the status lower
 * case, and `giftId` for a gift's payment (`itemType` `GIFT` with a non-empty `gift.giftId`).
 * Never throws.
 */
export function paidItemOf(item: PaidHistoryItemLike): PaidItem {
  const giftId = item?.itemType === 'GIFT' ? item.gift?.giftId : undefined;
  return {
    licenceName: item?.skuLicence?.licenceName ?? null,
    paid: item?.skuLicence?.price ?? null,
    status: typeof item?.status === 'string' ? item.status.toLowerCase() : '',
    ...(typeof giftId === 'string' && giftId !== '' ? { giftId } : {}),
  };
}
