import { STORAGE_KEYS, type KeyValueStorage } from '@stream/core/platform';

/**
 * Downloading a payment's PDF receipt (commerce-and-account-data.md §3 "Payment history item": a
 * pdf link only when the status is succeeded). The platform answers the receipt only with the
 * bearer header (docs/sandbox.md `GET /api/v2/customer/payments/:id/receipt.pdf`), which a plain
 * link cannot send: the receipt is fetched with the session's token in the `Authorization` header
 * (never in the URL) and saved through an object URL.
 */

/** What {@link fetchReceipt} needs from the app's services. */
export interface ReceiptDeps {
  /** The platform's base URL (`config.apiBaseUrl`): the bearer is sent to this origin only. */
  apiBaseUrl: string;
  realm: string;
  apiKey: string;
  /** Where the session's tokens are (`STORAGE_KEYS.authToken`). */
  storage: KeyValueStorage;
  /** Renews the session after a 401 (the API client's single-flight `auth.refresh`). */
  refresh(): Promise<{ authorisationToken: string }>;
  fetch?: typeof globalThis.fetch;
}

/** Why a receipt could not be fetched. */
export class ReceiptError extends Error {
  override readonly name = 'ReceiptError';
  constructor(
    /** `foreign`: the URL is not the platform's; `signedOut`: no session; `http`: an error answer; `network`: no answer. */
    readonly reason: 'foreign' | 'signedOut' | 'http' | 'network',
    /** The HTTP status of an `http` failure. */
    readonly status?: number,
  ) {
    super(`receipt download failed: ${reason}${status ? ` ${status}` : ''}`);
  }
}

/**
 * Fetches the PDF at `receiptUrl` (the history item's `receiptUrl`) as a Blob.
 *
 * - The URL must be on the platform's origin (`deps.apiBaseUrl`), else `ReceiptError('foreign')`
 *   and nothing is sent: the session's token never goes to another host.
 * - Sends `Authorization: Bearer <stored token>`, `x-api-key`, `Realm`; on a 401 it renews the
 *   session once (`deps.refresh`) and sends again with the new token.
 * - Errors: `ReceiptError` `signedOut` (no token, or the refresh failed), `http` (non-2xx, with
 *   the status), `network` (no answer).
 */
export async function fetchReceipt(receiptUrl: string, deps: ReceiptDeps): Promise<Blob> {
  let url: URL;
  let platform: URL;
  try {
    platform = new URL(deps.apiBaseUrl);
    url = new URL(receiptUrl, platform);
  } catch {
    throw new ReceiptError('foreign');
  }
  if (url.origin !== platform.origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new ReceiptError('foreign');
  const doFetch = deps.fetch ?? globalThis.fetch;
  const send = async (token: string): Promise<Response> => {
    try {
      return await doFetch(url.href, {
        method: 'GET',
        headers: { accept: 'application/pdf', 'x-api-key': deps.apiKey, Realm: deps.realm, Authorization: `Bearer ${token}` },
        cache: 'no-store',
      });
    } catch {
      throw new ReceiptError('network');
    }
  };

  const token = deps.storage.getItem(STORAGE_KEYS.authToken);
  if (!token) throw new ReceiptError('signedOut');
  let response = await send(token);
  if (response.status === 401) {
    let renewed: string;
    try {
      renewed = (await deps.refresh()).authorisationToken;
    } catch {
      throw new ReceiptError('signedOut');
    }
    response = await send(renewed);
  }
  if (!response.ok) throw new ReceiptError(response.status === 401 ? 'signedOut' : 'http', response.status);
  return response.blob();
}

/** The file name a receipt is saved under: `receipt-<id>.pdf` (unsafe characters replaced). */
export function receiptFileName(paymentId: string): string {
  const safe = paymentId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
  return `receipt-${safe || 'payment'}.pdf`;
}

/**
 * Saves `blob` as a download named `fileName` through a temporary object URL and `<a download>`
 * (the browser's own download; the URL is released afterwards). Browser only.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started from the click; the object URL is released once it no longer matters.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
