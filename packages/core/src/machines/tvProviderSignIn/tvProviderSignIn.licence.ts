import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { ExternalLicenceTokenResponse } from '../../contracts/index.js';
import { licenceRedirectTarget, readLicenceRedirect, tvProviderError, type TvProviderError } from '../../domain/adobe.js';
import type { RouteLocale } from '../../domain/routes.js';

/** Input of the `licenceRedirect` machine (the LICENCE_REDIRECT page). */
export interface LicenceRedirectInput {
  /** Platform client: `api.externalLicence.token`. */
  api: ApiClient;
  /** The page's query (`?code=…&extraParams=…`). */
  search: string;
  /** Where to go when nothing else names a target. @default the default menu page */
  defaultPath?: string;
  locale?: RouteLocale;
}

/** Context of the `licenceRedirect` machine. */
export interface LicenceRedirectContext {
  code: string | null;
  extraParams: string | null;
  /** Where the page redirects (replace), once known. */
  target: string | null;
  /** The licences the provider granted, once redeemed. */
  licenceIds: string[];
  /** Why the redemption failed, for the log (the page shows nothing); null otherwise. */
  error: TvProviderError | null;
  env: LicenceRedirectInput;
}

/**
 * The LICENCE_REDIRECT page (commerce-and-account-data.md §2 "Licence redirect page: reads query
 * params code and extraParams, shows no visible content and only redirects"; identity-and-routes.md
 * §7 "POST {external licence provider route}/token"): with a `code`, actor `redeem`
 * (`api.externalLicence.token({ body: { authorisationCode: code } })`) → `done` with `target` = the domain's
 * `licenceRedirectTarget` (the answer's `redirectTo`, else `extraParams`' `redirectTo` or `from`,
 * else the default page); a failure or no code → `done` with the target from `extraParams` and
 * the error kept for the log. Never shows anything.
 */
export const licenceRedirectMachine = setup({
  types: {} as { context: LicenceRedirectContext; events: { type: string }; input: LicenceRedirectInput },
  actors: {
    redeem: fromPromise<ExternalLicenceTokenResponse, { api: ApiClient; code: string }>(({ input }) =>
      input.api.externalLicence.token({ body: { authorisationCode: input.code } }),
    ),
  },
  guards: { hasCode: ({ context }) => context.code !== null },
  actions: {
    setTarget: assign(({ context }, params: { answer: ExternalLicenceTokenResponse | null; error: unknown }) => ({
      target: licenceRedirectTarget({
        answerRedirect: params.answer?.redirectTo,
        extraParams: context.extraParams,
        defaultPath: context.env.defaultPath,
        locale: context.env.locale,
      }),
      licenceIds: params.answer?.licenceIds ?? [],
      error: params.error === null ? null : tvProviderError(params.error),
    })),
  },
}).createMachine({
  id: 'licenceRedirect',
  description:
    'The licence redirect page (commerce §2): redeem the code with the external licence provider (POST {external licence route}/token), then redirect to the answer\'s in-app path, the extraParams target or the default page; no visible content, a failure only changes where it goes.',
  context: ({ input }) => ({ ...readLicenceRedirect(input.search), target: null, licenceIds: [], error: null, env: input }),
  initial: 'start',
  states: {
    start: {
      description: 'A code is redeemed; without one the page redirects at once.',
      always: [{ guard: 'hasCode', target: 'redeeming' }, { target: 'done', actions: { type: 'setTarget', params: { answer: null, error: null } } }],
    },
    redeeming: {
      description: 'Redeeming the code (POST /api/v2/external-licence/token).',
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => ({ api: context.env.api, code: context.code ?? '' }),
        onDone: { target: 'done', actions: { type: 'setTarget', params: ({ event }) => ({ answer: event.output, error: null }) } },
        onError: { target: 'done', actions: { type: 'setTarget', params: ({ event }) => ({ answer: null, error: event.error }) } },
      },
    },
    done: { type: 'final', description: 'The view replaces the address with target.' },
  },
});

/** The licenceRedirect machine's type. */
export type LicenceRedirectMachine = typeof licenceRedirectMachine;

/** What the LICENCE_REDIRECT page needs: where to go once known (nothing is shown). */
export interface LicenceRedirectApi {
  /** In-app path to replace the address with once done, else null (still redeeming). */
  target: string | null;
  /** Why the redemption failed, for the log; null otherwise. */
  error: TvProviderError | null;
}

/** Turns a licenceRedirect snapshot into what the page needs. Pure. */
export function connectLicenceRedirect(snapshot: SnapshotFrom<LicenceRedirectMachine>): LicenceRedirectApi {
  return { target: snapshot.matches('done') ? snapshot.context.target : null, error: snapshot.context.error };
}
