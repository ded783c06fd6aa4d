import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARD_ERROR_KEYS, FAILED_PAYMENT_KEY, PAYMENT_ERROR_KEYS, cardErrorKey, providerLabelKey } from '@stream/core/domain';

const LABELS_DIR = fileURLToPath(new URL('../../../sandbox/src/seed/labels/', import.meta.url));

/** A locale's labels: `<locale>.json` merged with every area directory's file. */
function read(locale: string): Record<string, string> {
  const labels = JSON.parse(readFileSync(`${LABELS_DIR}${locale}.json`, 'utf8')) as Record<string, string>;
  for (const area of readdirSync(LABELS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const file = `${LABELS_DIR}${area.name}/${locale}.json`;
    if (existsSync(file)) Object.assign(labels, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  }
  return labels;
}

/**
 * Keys the payment step shows by value (not as a literal `t('…')`, which labels.test.ts checks):
 * the machine's and the domain's payment error keys (§8), the card error keys of the card form
 * and of a failed 3-D Secure challenge, the providers' names, the tax lines, the voucher errors.
 */
const KEYS_BY_VALUE = [
  ...CARD_ERROR_KEYS,
  ...PAYMENT_ERROR_KEYS,
  FAILED_PAYMENT_KEY,
  cardErrorKey('authentication_failed'),
  'anErrorOccured',
  ...['CARDS', 'PAYPAL', 'IDEAL'].map((id) => providerLabelKey(id)),
  'basketTax',
  'basketTaxIncluded',
  'voucherNotValid',
  'voucherNotApplicable',
  'voucherCodeEmpty',
  'unknownError',
  'cardHolderNameMissing',
];

describe('payment labels', () => {
  it('has every key the payment step shows by value, in every locale, non-empty', () => {
    for (const locale of ['en', 'es', 'pt', 'ar']) {
      const labels = read(locale);
      const missing = KEYS_BY_VALUE.filter((key) => key === null || !labels[key]?.trim());
      expect(missing, locale).toEqual([]);
    }
  });

  it('keeps the zero-balance button and its mandate naming the company (§2)', () => {
    const en = read('en');
    expect(en.useZeroBalancePayment).toBeTruthy();
    expect(en.zeroBalanceMandate).toContain('{company}');
  });
});
