/**
 * The seeded voucher codes (upserted into `vouchers` on every start; the code is the source of
 * truth). Codes are matched case-insensitively (stored upper case).
 */
import type { vouchers } from '../db/schema.js';

export type VoucherRow = typeof vouchers.$inferSelect;

export const SEED_VOUCHERS: readonly VoucherRow[] = [
  { code: 'HALF', name: '50% off', type: 'PERCENTAGE', percentage: 50, amount: null, freeTrialDenied: false },
  { code: 'FIVEOFF', name: '5.00 off', type: 'AMOUNT', percentage: null, amount: 500, freeTrialDenied: false },
  { code: 'FREE100', name: '100% off', type: 'PERCENTAGE', percentage: 100, amount: null, freeTrialDenied: false },
  { code: 'NOTRIAL', name: 'No free trial', type: 'NONE', percentage: null, amount: null, freeTrialDenied: true },
];

/** The voucher codes, for tests and docs. */
export const VOUCHER_CODES = { HALF: 'HALF', FIVEOFF: 'FIVEOFF', FREE100: 'FREE100', NOTRIAL: 'NOTRIAL' } as const;

/** Normalises a code as sent (URL-decoded by the router): trimmed, upper case. */
export const normaliseVoucherCode = (code: string) => code.trim().toUpperCase();
