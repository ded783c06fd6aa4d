import type { ApiClient } from '@stream/core/api';
import type { HistoryReportFunction } from '@stream/core/machines';
import { RESOURCE_KEYS, type ResourceCache } from '@stream/core/resources';

/**
 * The history reporter's report function over the API client: `PUT /api/v2/history/{id}`
 * (docs/api.md "Favourites, history and continue watching"), through the resource cache so that
 * every history read (home's continue-watching row, HISTORY, a title's resume position) reloads
 * afterwards. Every report is sent with `keepalive` and is not aborted when the reporter stops:
 * the report made on page hide or when the viewer leaves the page must outlive it (the platform
 * merges reports by their `updatedAt`, so a late one never overwrites a newer one).
 */
export function reportProgressOver(api: ApiClient, resources: ResourceCache): HistoryReportFunction {
  return ({ id, positionSeconds, durationSeconds, updatedAt, ended }) =>
    resources.mutate(
      () => api.history.report({ params: { id }, body: { positionSeconds, durationSeconds, updatedAt, ended } }, { keepalive: true }),
      [RESOURCE_KEYS.history],
    );
}
