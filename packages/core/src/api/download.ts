import { ApiError, ContractError, NetworkError, SessionExpiredError } from './errors.js';

/**
 * Files the platform serves outside the JSON contracts (a payment's PDF receipt): fetched with the
 * session's bearer in the `Authorization` header, never in the URL, because a plain link cannot
 * send a header. The client's `download` member ({@link ApiDownload}); `client.ts` hands it its
 * own headers and its single-flight renewal, so that the bearer is read and renewed in one place.
 */

/** The call name that errors of {@link ApiDownload} carry. */
export const DOWNLOAD_CALL = 'download';

/** Options of one download. */
export interface DownloadOptions {
  /** The media type asked for (`Accept`). @default 'application/octet-stream' */
  accept?: string;
}

/**
 * Fetches the file at `url` (absolute, or a path on the platform) and resolves with its bytes.
 *
 * - The URL must be on the platform's origin (the client's `baseUrl`), over http(s): else
 *   `ContractError` (direction `'request'`, issue path `url`) and nothing is sent, so the
 *   session's token never goes to another host.
 * - Sends the client's headers (`x-api-key`, `Realm`, `Accept-Language`, the device id) and
 *   `Authorization: Bearer <stored token>`; on a 401 renews the session once (the client's
 *   single-flight refresh) and sends again with the new token. Never retried otherwise.
 * - Errors: `SessionExpiredError` (no token stored), `ApiError` (non-2xx, a 401 when the session
 *   could not be renewed), `NetworkError` (no answer).
 */
export type ApiDownload = (url: string, options?: DownloadOptions) => Promise<Blob>;

/** What {@link createDownload} takes from the client. */
export interface DownloadDeps {
  /** The platform's base URL (`ApiClientOptions.baseUrl`). */
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  /** The client's headers for a request without a body, with `bearer`. */
  headers(bearer: string): Record<string, string>;
  /** The stored access token, or null. */
  bearer(): string | null;
  /** After a 401 sent with `sentBearer`: the token to send again with, or null when the session cannot be renewed. */
  renew(sentBearer: string): Promise<string | null>;
}

/** The client's {@link ApiDownload} over its `deps`. */
export function createDownload(deps: DownloadDeps): ApiDownload {
  return async (target, options = {}) => {
    const response = await sendAuthorized(deps, DOWNLOAD_CALL, target, options.accept ?? 'application/octet-stream');
    return response.blob();
  };
}

/**
 * GETs `target` (on the platform's origin, else `ContractError`) with the client's headers and the
 * stored bearer, renewing the session once on a 401; the answer when 2xx. Errors (named `call`):
 * `SessionExpiredError` (no token), `ApiError` (non-2xx; the platform's code when the body has
 * one), `NetworkError`.
 */
async function sendAuthorized(deps: DownloadDeps, call: string, target: string, accept: string, signal?: AbortSignal): Promise<Response> {
  const url = platformUrl(target, deps.baseUrl, call);
  const send = async (bearer: string): Promise<Response> => {
    try {
      return await deps.fetch(url, {
        method: 'GET',
        headers: { ...deps.headers(bearer), accept },
        cache: 'no-store',
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw new NetworkError(call, error);
    }
  };
  const bearer = deps.bearer();
  if (!bearer) throw new SessionExpiredError(call);
  let response = await send(bearer);
  if (response.status === 401) {
    const renewed = await deps.renew(bearer);
    if (renewed !== null) response = await send(renewed);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: unknown; messages?: unknown } | null;
    throw new ApiError({
      call,
      status: response.status,
      code: typeof body?.code === 'string' ? body.code : 'UNKNOWN',
      messages: Array.isArray(body?.messages) ? body.messages.filter((m): m is string => typeof m === 'string') : [],
      requestId: response.headers.get('x-request-id') ?? undefined,
    });
  }
  return response;
}

/** The call name that errors of {@link ApiEventStream} carry. */
export const EVENT_STREAM_CALL = 'eventStream';

/** One server-sent event: its `event` name (`message` when the stream names none) and its `data` (lines joined with `\n`). */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Opens a stream of server-sent events of the platform at `url` (absolute, or a path on the
 * platform; the relay of a watch-together room) with the session's bearer in the `Authorization`
 * header (never in the URL), renewing the session once on a 401, and yields its events until the
 * stream ends or `signal` aborts (then it simply ends). Errors as {@link ApiDownload}'s, named
 * `eventStream`; a connection lost midway rejects the iteration with `NetworkError`.
 */
export type ApiEventStream = (url: string, options?: { signal?: AbortSignal }) => Promise<AsyncIterable<ServerSentEvent>>;

/** The client's {@link ApiEventStream} over its `deps`. */
export function createEventStream(deps: DownloadDeps): ApiEventStream {
  return async (target, options = {}) => {
    const response = await sendAuthorized(deps, EVENT_STREAM_CALL, target, 'text/event-stream', options.signal);
    const body = response.body;
    return {
      async *[Symbol.asyncIterator]() {
        if (!body) return;
        const reader = body.pipeThrough(new TextDecoderStream()).getReader();
        const parser = serverSentEventParser();
        try {
          for (;;) {
            let chunk: ReadableStreamReadResult<string>;
            try {
              chunk = await reader.read();
            } catch (error) {
              if (options.signal?.aborted) return;
              throw new NetworkError(EVENT_STREAM_CALL, error);
            }
            if (chunk.done) return;
            yield* parser.push(chunk.value);
          }
        } finally {
          reader.releaseLock();
        }
      },
    };
  };
}

/**
 * A parser of the `text/event-stream` format (WHATWG HTML "Server-sent events"): `push` text as it
 * arrives, in pieces of any size, and get the events completed by it. Comment lines (`:`) and
 * fields other than `event` and `data` are ignored; an event without data is not dispatched.
 */
export function serverSentEventParser(): { push(text: string): ServerSentEvent[] } {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  // A CR ending the previous piece: a LF starting this one belongs to it (one line end, CRLF).
  let endedWithCr = false;
  return {
    push(text) {
      buffer += endedWithCr && text.startsWith('\n') ? text.slice(1) : text;
      endedWithCr = text.endsWith('\r');
      const events: ServerSentEvent[] = [];
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) events.push({ event: event || 'message', data: data.join('\n') });
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      return events;
    },
  };
}

/** `target` resolved against `baseUrl`, or `ContractError` when it is not an http(s) URL of the platform's origin. */
function platformUrl(target: string, baseUrl: string, call: string): string {
  let url: URL | undefined;
  let platform: URL | undefined;
  try {
    platform = new URL(baseUrl);
    url = new URL(target, platform);
  } catch {
    url = undefined;
  }
  if (!url || !platform || url.origin !== platform.origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ContractError({ call, direction: 'request', issues: [{ path: 'url', message: "Not on the platform's origin" }] });
  }
  return url.href;
}

/**
 * True when a download failed because there is no usable session (no token, or a 401 the
 * session could not be renewed from): the view asks the viewer to sign in again.
 */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof SessionExpiredError || (error instanceof ApiError && error.status === 401);
}
