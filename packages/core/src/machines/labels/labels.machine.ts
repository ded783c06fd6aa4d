import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { LabelsResponse } from '../../contracts/index.js';
import type { LabelsContext, LabelsEvent, LabelsInput } from './labels.types.js';

/** First automatic retry after a failed load, in ms; doubles per failure. */
export const LABELS_RETRY_BASE_MS = 1_000;
/** Longest wait between automatic retries, in ms. */
export const LABELS_RETRY_MAX_MS = 30_000;

/**
 * Labels: every visible text of the app, keyed by message key (guide/architecture.md "All visible
 * text comes from the labels"; identity-and-routes.md §3 "Labels response", §7
 * `GET /api/v2/label`).
 *
 * Starts `ready` with the labels of its input (`initial`) when it has them; else
 * `loading` (actor `loadLabels` = `api.labels.get({ query: { realm } })`) → `ready` with translations, selected,
 * default and offered locales; or `failed`, which retries by itself after the named delay
 * `retryLabels` (1 s, doubling per failure, at most 30 s; reads back off) or at once on
 * `labels.retry`.
 */
export const labelsMachine = setup({
  types: {} as { context: LabelsContext; events: LabelsEvent; input: LabelsInput },
  actors: {
    /** `api.labels.get({ query: { realm } })`: the realm's labels in the client's current locale. */
    loadLabels: fromPromise<LabelsResponse, { api: ApiClient; realm: string }>(({ input }) =>
      input.api.labels.get({ query: { realm: input.realm } }),
    ),
  },
  actions: {
    storeLabels: assign((_, params: { labels: LabelsResponse }) => ({
      translations: params.labels.translations,
      selectedLocale: params.labels.selected_locale,
      defaultLocale: params.labels.default_locale,
      locales: params.labels.locales ?? [],
      failures: 0,
      error: null,
    })),
    recordFailure: assign(({ context }, params: { error: unknown }) => ({
      failures: context.failures + 1,
      error: params.error,
    })),
  },
  delays: {
    /** 1 000 ms × 2^(failures − 1), capped at 30 000 ms. */
    retryLabels: ({ context }) =>
      Math.min(LABELS_RETRY_BASE_MS * 2 ** Math.max(context.failures - 1, 0), LABELS_RETRY_MAX_MS),
  },
}).createMachine({
  id: 'labels',
  description:
    'Loads the labels (every visible text, keyed by message key) for the locale the API client sends. A failed load is retried with back-off (named delay retryLabels: 1 s doubling to at most 30 s) or at once on labels.retry.',
  context: ({ input }) => ({
    translations: input.initial?.translations ?? {},
    selectedLocale: input.initial?.selected_locale ?? null,
    defaultLocale: input.initial?.default_locale ?? null,
    locales: input.initial?.locales ?? [],
    failures: 0,
    error: null,
    env: input,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Ready at once with the labels of the input (initial), else loading them.',
      always: [{ guard: ({ context }) => context.env.initial !== undefined, target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      description: 'Fetching the labels.',
      invoke: {
        id: 'loadLabels',
        src: 'loadLabels',
        input: ({ context }) => ({ api: context.env.api, realm: context.env.realm }),
        onDone: { target: 'ready', actions: { type: 'storeLabels', params: ({ event }) => ({ labels: event.output }) } },
        onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: { description: 'Labels loaded.' },
    failed: {
      description: 'The load failed; retried after the back-off or on labels.retry.',
      after: { retryLabels: { target: 'loading' } },
      on: { 'labels.retry': { target: 'loading' } },
    },
  },
});

/** The labels machine's type. */
export type LabelsMachine = typeof labelsMachine;
