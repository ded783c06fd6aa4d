import type { ApiClient } from '../../api/types.js';
import type { SessionReceiver } from '../session/session.signIn.js';

/** Input of the `tvDeviceLogin` machine (the TV_LOGIN page of a signed-in viewer). */
export interface TvDeviceLoginInput {
  /** Platform client: `api.tvDevice.confirmPin` (sent with the viewer's bearer). */
  api: ApiClient;
  /** The route's `tvAuthType` param (`/tv-login/:tvAuthType?`), kept for the view; the PIN login is the only kind. */
  tvAuthType?: string | null;
  /** A code to start with (the page's query `code`, when a TV links to the page with it). */
  initialPin?: string | null;
}

/** Context of the `tvDeviceLogin` machine. */
export interface TvDeviceLoginContext {
  /** The code as typed. */
  pin: string;
  /** Message key of the error (`tvCodeMalformed`, `tvCodeInvalid`, `tvCodeSignInRequired`, `networkError`, `anErrorOccured`), else null. */
  error: string | null;
  /** The normalised code being (or last) confirmed, else null. */
  confirmedPin: string | null;
  env: TvDeviceLoginInput;
}

/** Events: `pin.change { value }`, `pin.submit`, `again` (after a confirmation: another TV). */
export type TvDeviceLoginEvent = { type: 'pin.change'; value: string } | { type: 'pin.submit' } | { type: 'again' };

/** Input of the `tvDevicePin` machine (the TV: a sandbox page plays it). */
export interface TvDevicePinInput {
  /** Platform client: `api.tvDevice.createPin` and `api.tvDevice.pollPin` (no bearer). */
  api: ApiClient;
  /** Receives `session.signedIn { tokens }` once the code is confirmed. */
  session?: SessionReceiver;
  /** Milliseconds since the epoch: a PIN past its `expiresAt` is not polled. */
  now: () => number;
  /** Poll interval when the platform names none. @default 3000 */
  defaultIntervalMs?: number;
}

/** Context of the `tvDevicePin` machine. */
export interface TvDevicePinContext {
  /** The code the TV shows, once issued. */
  pin: string | null;
  /** The anchor the TV polls with (never shown). */
  anchor: string | null;
  /** When the code expires (ms since the epoch), once issued. */
  expiresAt: number | null;
  intervalMs: number;
  /** Failed polls in a row (no answer, 5xx); the machine gives up after five. */
  failures: number;
  /** Message key once failed (`networkError`, `anErrorOccured`), else null. */
  error: string | null;
  env: TvDevicePinInput;
}

/** Events: `renew` (an expired or failed code: ask for a new one). */
export type TvDevicePinEvent = { type: 'renew' };
