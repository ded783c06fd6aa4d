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
    const url = platformUrl(target, deps.baseUrl);
    const send = async (bearer: string): Promise<Response> => {
      try {
        return await deps.fetch(url, {
          method: 'GET',
          headers: { ...deps.headers(bearer), accept: options.accept ?? 'application/octet-stream' },
          cache: 'no-store',
        });
      } catch (error) {
        throw new NetworkError(DOWNLOAD_CALL, error);
      }
    };
    const bearer = deps.bearer();
    if (!bearer) throw new SessionExpiredError(DOWNLOAD_CALL);
    let response = await send(bearer);
    if (response.status === 401) {
      const renewed = await deps.renew(bearer);
      if (renewed !== null) response = await send(renewed);
    }
    if (!response.ok) {
      throw new ApiError({
        call: DOWNLOAD_CALL,
        status: response.status,
        code: 'UNKNOWN',
        messages: [],
        requestId: response.headers.get('x-request-id') ?? undefined,
      });
    }
    return response.blob();
  };
}

/** `target` resolved against `baseUrl`, or `ContractError` when it is not an http(s) URL of the platform's origin. */
function platformUrl(target: string, baseUrl: string): string {
  let url: URL | undefined;
  let platform: URL | undefined;
  try {
    platform = new URL(baseUrl);
    url = new URL(target, platform);
  } catch {
    url = undefined;
  }
  if (!url || !platform || url.origin !== platform.origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ContractError({ call: DOWNLOAD_CALL, direction: 'request', issues: [{ path: 'url', message: "Not on the platform's origin" }] });
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
