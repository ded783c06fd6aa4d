import { isTvProviderKind } from '@stream/core/domain';

/**
 * The realm's auth provider entries with every ADOBE / ADOBE_DCR `baseUri` made absolute against
 * the API base URL (the sandbox lists `/_adobe`; core's `tvProviderSettings` needs http(s)).
 * Other entries, and entries without a text `baseUri`, come back unchanged; an address that cannot
 * be resolved is left as it is (core then rejects the entry: `providerNotAvailable`). Never throws.
 */
export function resolveTvProviders(providers: readonly unknown[], apiBaseUrl: string, pageUrl: string): unknown[] {
  return providers.map((entry) => {
    if (!entry || typeof entry !== 'object') return entry;
    const { name, baseUri } = entry as { name?: unknown; baseUri?: unknown };
    if (!isTvProviderKind(name) || typeof baseUri !== 'string' || baseUri === '') return entry;
    try {
      return { ...entry, baseUri: new URL(baseUri, new URL(apiBaseUrl, pageUrl)).toString() };
    } catch {
      return entry;
    }
  });
}
