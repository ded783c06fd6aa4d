// Whether the id in a route's path names something the platform has, so that the web server
// (scripts/serve-web.mjs) answers an unknown title, fighter, news item or external page with
// HTTP 404 (the app then shows its not-found page), not a soft 404 (issue 14). It asks the
// platform's public catalogue calls (docs/api.md "Catalogue"); when the platform does not answer
// in time or answers anything but 200 or 404, it cannot tell and the page goes out with 200.
import { matchRouteAnyLocale } from '@stream/core/domain';

/** How long the server waits for the platform, in milliseconds. */
export const KNOWN_ID_TIMEOUT_MS = 400;

const enc = encodeURIComponent;

/**
 * The platform paths that may hold the page's id, tried in order (a watch route names the id but
 * not its type), or null for a route without an id to check.
 * @param {{ key: string, params: Record<string, string | undefined> }} match
 * @returns {string[] | null}
 */
export function lookupsFor(match) {
  const p = match.params;
  const titles = (id, ...types) => (id ? types.map((type) => `/api/v2/titles/${type}/${enc(id)}`) : null);
  switch (match.key) {
    case 'VOD':
      return titles(p.eventId, 'VOD', 'EPISODE');
    case 'LIVE':
    case 'INTERSTITIAL':
      return titles(p.eventId, 'LIVE', 'CHANNEL');
    case 'SERIES':
      return titles(p.seriesId, 'SERIES');
    case 'SEASON':
      return titles(p.seasonId, 'SEASON');
    case 'PLAYLIST':
      return titles(p.playlistId, 'PLAYLIST');
    case 'FIGHTER':
      return p.id ? [`/api/v2/fighters/${enc(p.id)}`] : null;
    case 'NEWS_ITEM':
      return p.feedName && p.newId ? [`/api/v2/news/${enc(p.feedName)}/${enc(p.newId)}`] : null;
    case 'EXTERNAL_PAGE':
      return p.pageId ? [`/api/v2/external-pages/${enc(p.pageId)}`] : null;
    default:
      return null;
  }
}

/**
 * A checker for the platform at `config.apiBaseUrl`: `isUnknown(pathname)` resolves true only
 * when every lookup of the page's id answered 404; false when one answered 200, when the route
 * has no id to check, or when the platform could not tell (timeout, another status).
 * @param {{ apiBaseUrl: string, realm: string, apiKey: string }} config
 * @param {typeof fetch} [fetchImpl]
 */
export function createKnownIdCheck(config, fetchImpl = fetch) {
  const status = (path) =>
    fetchImpl(`${config.apiBaseUrl}${path}`, {
      headers: { accept: 'application/json', 'x-api-key': config.apiKey, realm: config.realm },
      signal: AbortSignal.timeout(KNOWN_ID_TIMEOUT_MS),
    }).then(
      (response) => response.status,
      () => 0,
    );
  return {
    /** @param {string} pathname @returns {Promise<boolean>} */
    async isUnknown(pathname) {
      const match = matchRouteAnyLocale(pathname);
      const lookups = match ? lookupsFor(match) : null;
      if (!lookups) return false;
      for (const path of lookups) {
        const answer = await status(path);
        if (answer !== 404) return false;
      }
      return true;
    },
  };
}
