/**
 * The device's advertising consent and id in storage (issue 18; docs/api.md "Language and ads
 * headers"): the API client reads them for every call (the domain's `adsHeaders`); the
 * preferences page writes them here.
 */
import { adsConsentOf, isAdvertisingId, type AdsConsent } from '../domain/adsConsent.js';
import { STORAGE_KEYS, type KeyValueStorage } from './types.js';

/** The stored consent: `granted`, `denied`, or `unknown` when the viewer has not chosen. */
export function readAdsConsent(storage: KeyValueStorage): AdsConsent {
  return adsConsentOf(storage.getItem(STORAGE_KEYS.adsConsent));
}

/**
 * Records the viewer's choice. `granted` keeps the device's advertising id, or stores
 * `newId()` (a UUID; `crypto.randomUUID` by default) when there is none; `denied` removes the id,
 * so that no call carries it any more.
 */
export function writeAdsConsent(
  storage: KeyValueStorage,
  consent: Exclude<AdsConsent, 'unknown'>,
  newId: () => string = () => globalThis.crypto.randomUUID(),
): void {
  storage.setItem(STORAGE_KEYS.adsConsent, consent);
  if (consent === 'denied') {
    storage.removeItem(STORAGE_KEYS.advertisingId);
    return;
  }
  if (!isAdvertisingId(storage.getItem(STORAGE_KEYS.advertisingId))) storage.setItem(STORAGE_KEYS.advertisingId, newId());
}
