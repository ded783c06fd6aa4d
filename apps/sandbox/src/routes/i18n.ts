/**
 * The realm's texts and reference lists (docs/sandbox.md "Calls"):
 * - `GET /api/v2/label?realm=` (`calls.labels.get`): the labels of the locale picked from
 *   `Accept-Language` (`labels.ts`); the realm may be named by this query instead of the `Realm`
 *   header (the app's realm check).
 * - `POST /api/v2/labels { keys }` (`calls.labels.byKeys`, no bearer; issue 18): only the asked
 *   keys, by locale (the selected one and the default one).
 * - `GET /api/v2/i18n/countries` (`calls.countries.list`): the seeded country list and the
 *   caller's country.
 */
import { calls } from '@stream/core/contracts';
import { labelsByKeysFor, labelsFor, type LabelCatalog } from '../labels.js';
import { CALLER_COUNTRY_CODE, COUNTRIES } from '../seed/countries.js';
import type { RouteContext } from './context.js';

/** Registers the labels and countries calls; `labels` is the realm's label catalogue. */
export function registerI18nRoutes(ctx: RouteContext, labels: LabelCatalog): void {
  const { route } = ctx;
  route(calls.labels.get, (_, c) => labelsFor(labels, c.req.header('accept-language')));
  route(calls.labels.byKeys, ({ body }, c) => labelsByKeysFor(labels, c.req.header('accept-language'), body.keys));
  route(calls.countries.list, () => ({ countries: [...COUNTRIES], callerCountryCode: CALLER_COUNTRY_CODE }));
}
