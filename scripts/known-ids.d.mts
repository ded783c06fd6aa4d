// Types of scripts/known-ids.mjs (the web server's check of a route's id), for the web's tests.
export const KNOWN_ID_TIMEOUT_MS: number;
export function lookupsFor(match: { key: string; params: Record<string, string | undefined> }): string[] | null;
export function createKnownIdCheck(
  config: { apiBaseUrl: string; realm: string; apiKey: string },
  fetchImpl?: typeof fetch,
): { isUnknown(pathname: string): Promise<boolean> };
