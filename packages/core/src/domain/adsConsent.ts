/**
 * The ads headers (identity-and-routes.md §7 "The client adds ... language and ads headers",
 * commerce-and-account-data.md §7; issue 18). The spec names no headers or values; this
 * project's (docs/api.md "Language and ads headers"): every platform call carries
 * {@link ADS_CONSENT_HEADER} with the viewer's advertising consent, and
 * {@link ADS_ID_HEADER} with the device's advertising id only when consent is granted.
 */

/** Header with the viewer's advertising consent: `granted`, `denied` or `unknown` (not asked yet). */
export const ADS_CONSENT_HEADER = 'x-ads-consent';

/** Header with the device's advertising id (a random UUID kept on the device), sent only with consent. */
export const ADS_ID_HEADER = 'x-ads-id';

/** An advertising consent choice; `unknown` until the viewer chooses. */
export type AdsConsent = 'granted' | 'denied' | 'unknown';

/** A usable advertising id: a UUID (any version), lower or upper case. */
const ADVERTISING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The consent a stored value means: `granted` and `denied` as they are, anything else `unknown`. */
export function adsConsentOf(stored: unknown): AdsConsent {
  return stored === 'granted' || stored === 'denied' ? stored : 'unknown';
}

/** True when `value` is a usable advertising id (a UUID). */
export function isAdvertisingId(value: unknown): value is string {
  return typeof value === 'string' && ADVERTISING_ID.test(value);
}

/**
 * The ads headers of a call: always {@link ADS_CONSENT_HEADER} (`adsConsentOf(consent)`), and
 * {@link ADS_ID_HEADER} with `advertisingId` only when consent is `granted` and the id is a UUID.
 * Total over any input.
 */
export function adsHeaders(consent: unknown, advertisingId: unknown): Record<string, string> {
  const choice = adsConsentOf(consent);
  const headers: Record<string, string> = { [ADS_CONSENT_HEADER]: choice };
  if (choice === 'granted' && isAdvertisingId(advertisingId)) headers[ADS_ID_HEADER] = advertisingId.toLowerCase();
  return headers;
}
