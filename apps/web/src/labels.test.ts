import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_FAILED_KEY,
  DISCOUNT_LABEL_KEYS,
  FAILED_AUTHENTICATION_KEY,
  LOGIN_ERROR_CODE_KEYS,
  PERIOD_LABEL_KEYS,
  RENEWAL_LABEL_KEYS,
} from '@stream/core/domain';
import { LICENCE_STATUS_KEYS } from './app/labelKeys';

const LABELS_DIR = fileURLToPath(new URL('../../sandbox/src/seed/labels/', import.meta.url));
const SRC_DIR = fileURLToPath(new URL('./', import.meta.url));
const LOCALES = ['en', 'es', 'pt', 'ar'] as const;

/** The labels of a locale: `<locale>.json` merged with each area directory's `<locale>.json`. */
function read(locale: string): Record<string, string> {
  const labels = JSON.parse(readFileSync(`${LABELS_DIR}${locale}.json`, 'utf8')) as Record<string, string>;
  for (const area of readdirSync(LABELS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const file = `${LABELS_DIR}${area.name}/${locale}.json`;
    if (existsSync(file)) Object.assign(labels, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  }
  return labels;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = `${dir}${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(`${full}/`);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** Keys passed literally to `t('…')` / `tError('…')` in the web app's sources. */
function keysUsedInSources(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles(SRC_DIR)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bt(?:Error)?\('([A-Za-z_]+)'/g)) keys.add(match[1]!);
  }
  return keys;
}

/**
 * Message keys the core's machines and domain rules can put on screen (sign-in, sign-up, the
 * licence machines' `anErrorOccured`, renewal, discount and period labels), and keys the web app
 * chooses by value (licence statuses, content and licence types).
 */
const MACHINE_KEYS = [
  ...RENEWAL_LABEL_KEYS,
  ...DISCOUNT_LABEL_KEYS,
  ...PERIOD_LABEL_KEYS,
  ...Object.values(LICENCE_STATUS_KEYS),
  'contentTypeVod',
  'contentTypeLive',
  'premium',
  'free',
  'licenceTypeFree',
  'licenceTypeStandard',
  FAILED_AUTHENTICATION_KEY,
  ...Object.values(LOGIN_ERROR_CODE_KEYS),
  // Issue 18: a refused captcha on sign-up and payment (the credentials forms and the payment machine).
  CAPTCHA_FAILED_KEY,
  'EMPTY_INPUTS',
  'emailIsEmpty',
  'passwordIsEmpty',
  'pleaseProvideValidEmail',
  'pleaseProvideYourName',
  'pleaseProvideYourEmail',
  'nameTooLong',
  'passwordTooShort',
  'passwordTooLong',
  'sessionExpired',
  'anErrorOccured',
];

describe('labels', () => {
  const en = read('en');

  it('has every key the web app shows, in every locale, non-empty', () => {
    const needed = new Set([...keysUsedInSources(), ...MACHINE_KEYS, 'language_en', 'language_es', 'language_pt', 'language_ar']);
    expect(needed.size).toBeGreaterThan(30);
    for (const locale of LOCALES) {
      const labels = read(locale);
      const missing = [...needed].filter((key) => !labels[key]?.trim());
      expect(missing, `${locale}.json`).toEqual([]);
    }
  });

  it('has the same keys in every locale', () => {
    for (const locale of LOCALES) expect(Object.keys(read(locale)).sort(), locale).toEqual(Object.keys(en).sort());
  });

  it('keeps the English accessible names the end-to-end tests rely on', () => {
    expect(en).toMatchObject({
      signIn: 'Sign in',
      signUp: 'Sign up',
      signOut: 'Sign out',
      account: 'Account',
      email: 'Email',
      password: 'Password',
      name: 'Name',
      createYourAccount: 'Create your account',
      createAccount: 'Create account',
      yourAccount: 'Your account',
      showPassword: 'Show password',
      forgotPasswordWeb: 'Forgot password?',
      language: 'Language',
      EMPTY_INPUTS: 'Enter your email and password to sign in.',
      invalidCredentials: "That email and password don't match. Check them and try again, or reset your password.",
      failedAuthentication: "We couldn't sign you in. Try again in a moment.",
      emailAlreadyInUse: 'An account with this email already exists. Sign in instead.',
      sessionExpired: 'Your session has ended. Sign in again to continue.',
      networkError: "We couldn't reach the service. Check your connection and try again.",
      yourSubscriptions: 'Your subscriptions',
      pause: 'Pause',
      pauseSubscription: 'Pause subscription',
      resume: 'Resume',
      cancelSubscription: 'Cancel subscription',
      reactivate: 'Reactivate',
      keepWithOffer: 'Keep my subscription with the offer',
      refuseOffer: 'No thanks, cancel',
      paused: 'Paused[ until {date}]',
      renewsMonthly: 'Renews monthly[, next on {date}]',
      expiresOn: 'Expires[ on {date}]',
      plansTitle: 'Plans',
      downgrade: 'Downgrade',
      yourPlan: 'Your plan',
      chooseLicence: 'Choose {name}',
      paywallTitle: 'Subscribe to watch',
      seePlans: 'See plans',
    });
  });

  it('keeps {placeholders} in every translation', () => {
    for (const locale of LOCALES) {
      const labels = read(locale);
      for (const [key, text] of Object.entries(en)) {
        const placeholders = text.match(/\{\w+\}/g) ?? [];
        for (const placeholder of placeholders) expect(labels[key], `${locale}.${key}`).toContain(placeholder);
      }
    }
  });
});
