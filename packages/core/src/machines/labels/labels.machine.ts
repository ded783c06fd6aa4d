import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { LabelsResponse } from '../../contracts/index.js';
import { flattenLabelsByLocale, missingLabelKeys } from '../../domain/index.js';
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
 *
 * Labels by keys (issue 18; identity-and-routes.md §7 `POST labels`): with input `keys` the start
 * loads only those (`api.labels.byKeys`); `labels.need { keys }` then loads the keys neither
 * loaded nor asked for yet (`fetchingKeys`, the loaded labels staying usable) and merges them in;
 * a failure (`keysFailed`) retries with the same back-off or on `labels.retry`. Without input
 * `keys` every label is loaded and `labels.need` does nothing.
 */
export const labelsMachine = setup({
  types: {} as { context: LabelsContext; events: LabelsEvent; input: LabelsInput },
  actors: {
    /**
     * `api.labels.get({ query: { realm } })`: the realm's labels in the client's current locale;
     * with `keys`, only those (`api.labels.byKeys`, flattened with the default locale as fallback).
     */
    loadLabels: fromPromise<LabelsResponse, { api: ApiClient; realm: string; keys?: readonly string[] | undefined }>(({ input }) =>
      input.keys === undefined ? input.api.labels.get({ query: { realm: input.realm } }) : loadByKeys(input.api, input.keys),
    ),
    /** `api.labels.byKeys({ body: { keys } })`, flattened: the asked keys' texts. */
    loadKeys: fromPromise<LabelsResponse, { api: ApiClient; keys: readonly string[] }>(({ input }) => loadByKeys(input.api, input.keys)),
  },
  guards: {
    /** The machine loads by keys (input `keys`) and the event names keys neither loaded, asked nor waiting. */
    needsKeys: ({ context }, params: { keys: readonly string[] }) => pendingKeys(context, params.keys).length > 0,
    hasQueued: ({ context }) => context.queued.length > 0,
  },
  actions: {
    storeLabels: assign(({ context }, params: { labels: LabelsResponse }) => ({
      translations: params.labels.translations,
      selectedLocale: params.labels.selected_locale,
      defaultLocale: params.labels.default_locale,
      locales: params.labels.locales ?? [],
      asked: markAsked(context.asked, context.inFlight),
      inFlight: [],
      failures: 0,
      error: null,
    })),
    enqueue: assign(({ context }, params: { keys: readonly string[] }) => ({
      queued: [...context.queued, ...pendingKeys(context, params.keys)],
    })),
    startKeys: assign(({ context }) => ({ inFlight: context.queued, queued: [] })),
    mergeKeys: assign(({ context }, params: { labels: LabelsResponse }) => ({
      translations: { ...context.translations, ...params.labels.translations },
      selectedLocale: context.selectedLocale ?? params.labels.selected_locale,
      defaultLocale: context.defaultLocale ?? params.labels.default_locale,
      asked: markAsked(context.asked, context.inFlight),
      inFlight: [],
      failures: 0,
      error: null,
    })),
    requeue: assign(({ context }) => ({ queued: [...context.inFlight, ...context.queued], inFlight: [] })),
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
    'Loads the labels (every visible text, keyed by message key) for the locale the API client sends; with input keys only those, and labels.need loads more (labels by keys). A failed load is retried with back-off (named delay retryLabels: 1 s doubling to at most 30 s) or at once on labels.retry.',
  context: ({ input }) => ({
    translations: input.initial?.translations ?? {},
    selectedLocale: input.initial?.selected_locale ?? null,
    defaultLocale: input.initial?.default_locale ?? null,
    locales: input.initial?.locales ?? [],
    asked: {},
    queued: [],
    // The start's own keys count as in flight (a labels.need meanwhile does not ask for them again).
    inFlight: input.initial === undefined ? [...(input.keys ?? [])] : [],
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
        input: ({ context }) => ({ api: context.env.api, realm: context.env.realm, keys: context.env.keys }),
        onDone: [
          { guard: 'hasQueued', target: 'fetchingKeys', actions: { type: 'storeLabels', params: ({ event }) => ({ labels: event.output }) } },
          { target: 'ready', actions: { type: 'storeLabels', params: ({ event }) => ({ labels: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'labels.need': { guard: { type: 'needsKeys', params: ({ event }) => ({ keys: event.keys }) }, actions: { type: 'enqueue', params: ({ event }) => ({ keys: event.keys }) } } },
    },
    ready: {
      description: 'Labels loaded. Loading by keys, labels.need with keys not loaded yet loads them.',
      on: {
        'labels.need': {
          guard: { type: 'needsKeys', params: ({ event }) => ({ keys: event.keys }) },
          target: 'fetchingKeys',
          actions: { type: 'enqueue', params: ({ event }) => ({ keys: event.keys }) },
        },
      },
    },
    fetchingKeys: {
      description: 'Loading the keys of labels.need events (api.labels.byKeys); the loaded labels stay usable meanwhile.',
      entry: 'startKeys',
      invoke: {
        id: 'loadKeys',
        src: 'loadKeys',
        input: ({ context }) => ({ api: context.env.api, keys: context.inFlight }),
        onDone: [
          { guard: 'hasQueued', target: 'fetchingKeys', reenter: true, actions: { type: 'mergeKeys', params: ({ event }) => ({ labels: event.output }) } },
          { target: 'ready', actions: { type: 'mergeKeys', params: ({ event }) => ({ labels: event.output }) } },
        ],
        onError: { target: 'keysFailed', actions: ['requeue', { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
      on: { 'labels.need': { guard: { type: 'needsKeys', params: ({ event }) => ({ keys: event.keys }) }, actions: { type: 'enqueue', params: ({ event }) => ({ keys: event.keys }) } } },
    },
    keysFailed: {
      description: 'Loading more keys failed; the loaded labels stay usable; retried after the back-off or on labels.retry.',
      after: { retryLabels: { target: 'fetchingKeys' } },
      on: {
        'labels.retry': { target: 'fetchingKeys' },
        'labels.need': { guard: { type: 'needsKeys', params: ({ event }) => ({ keys: event.keys }) }, actions: { type: 'enqueue', params: ({ event }) => ({ keys: event.keys }) } },
      },
    },
    failed: {
      description: 'The load failed; retried after the back-off or on labels.retry.',
      after: { retryLabels: { target: 'loading' } },
      on: {
        'labels.retry': { target: 'loading' },
        'labels.need': { guard: { type: 'needsKeys', params: ({ event }) => ({ keys: event.keys }) }, actions: { type: 'enqueue', params: ({ event }) => ({ keys: event.keys }) } },
      },
    },
  },
});

/** `api.labels.byKeys` flattened into the shape of a labels answer (selected locale, default as fallback). */
async function loadByKeys(api: ApiClient, keys: readonly string[]): Promise<LabelsResponse> {
  const answer = await api.labels.byKeys({ body: { keys: [...keys] } });
  return {
    ...answer,
    translations: flattenLabelsByLocale(answer.translations, answer.selected_locale, answer.default_locale),
  } as LabelsResponse;
}

/**
 * Keys of `keys` to load: none when the machine loaded every label (no input `keys`); else those
 * neither loaded, asked for, in flight nor queued.
 */
function pendingKeys(context: LabelsContext, keys: readonly string[]): string[] {
  if (context.env.keys === undefined) return [];
  const waiting = new Set([...context.inFlight, ...context.queued]);
  return missingLabelKeys(keys, context.translations, context.asked).filter((key) => !waiting.has(key));
}

function markAsked(asked: Record<string, true>, keys: readonly string[]): Record<string, true> {
  const out: Record<string, true> = { ...asked };
  for (const key of keys) Object.defineProperty(out, key, { value: true, enumerable: true, writable: true, configurable: true });
  return out;
}

/** The labels machine's type. */
export type LabelsMachine = typeof labelsMachine;
