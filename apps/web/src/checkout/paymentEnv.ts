import { useMemo } from 'react';
import type { CardProcessor } from '@stream/core/api';
import type { PaymentInput } from '@stream/core/machines';
import { webStorage, type KeyValueStorage } from '@stream/core/platform';
import { useI18n, useServices } from '../app/context';

let tab: KeyValueStorage | null = null;

/**
 * The tab's `sessionStorage` (guarded by core's `webStorage('session')`: kept in memory when it is
 * blocked), one for the page's life: where the payment keeps the pending checkout across a
 * provider's page or a 3-D Secure challenge. This tab only, never card data.
 */
export function tabStorage(): KeyValueStorage {
  tab ??= webStorage('session');
  return tab;
}

/**
 * The card processor at `baseUrl`, whose code loads with the first card payment (the payment page
 * does not need it to show). The card goes to it only. Errors as `CardProcessor.tokenize`, plus a
 * failed chunk load.
 */
function lazyCardProcessor(baseUrl: string): CardProcessor {
  let processor: Promise<CardProcessor> | null = null;
  return {
    async tokenize(card) {
      processor ??= import('./cardProcessor').then((m) => m.cardProcessor(baseUrl));
      return (await processor).tokenize(card);
    },
  };
}

/**
 * The environment every payment flow of the web runs in: the client, the navigation (leaving for
 * a provider or a challenge), the tab's storage, the app's origin and route set (the ways back),
 * and, with `withCardProcessor`, the card processor that tokenises a card.
 */
export function usePaymentEnv(withCardProcessor = false): Pick<PaymentInput, 'api' | 'navigation' | 'storage' | 'origin' | 'locale' | 'processor'> {
  const { api, navigation, config } = useServices();
  const { routeLocale } = useI18n();
  return useMemo(
    () => ({
      api,
      navigation,
      storage: tabStorage(),
      origin: window.location.origin,
      locale: routeLocale,
      processor: withCardProcessor ? lazyCardProcessor(config.processorBaseUrl) : null,
    }),
    [api, navigation, routeLocale, config.processorBaseUrl, withCardProcessor],
  );
}
