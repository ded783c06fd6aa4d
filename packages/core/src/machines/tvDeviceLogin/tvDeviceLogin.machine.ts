import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { DevicePin, DevicePinStatus, LoginResponse } from '../../contracts/index.js';
import { isDevicePin, normaliseDevicePin, TV_CODE_KEYS, tvCodeErrorKey } from '../../domain/adobe.js';
import { errorFacts } from '../../domain/loginErrors.js';
import { handOverToSession } from '../session/session.signIn.js';
import type {
  TvDeviceLoginContext,
  TvDeviceLoginEvent,
  TvDeviceLoginInput,
  TvDevicePinContext,
  TvDevicePinEvent,
  TvDevicePinInput,
} from './tvDeviceLogin.types.js';

/** Failed polls in a row after which the TV stops and offers a new code. */
export const TV_PIN_MAX_POLL_FAILURES = 5;
/** The poll interval when the platform names none. */
export const TV_PIN_DEFAULT_INTERVAL_MS = 3000;

/**
 * The TV_LOGIN page (route `/tv-login/:tvAuthType?`; the device PIN login is this project's, see
 * docs/api.md "Adobe Pass and TV"): a signed-in viewer types the code a TV shows.
 *
 * - `editing`: `pin.change { value }` keeps the text; `pin.submit` with a code that normalises
 *   (the domain's `normaliseDevicePin`: upper case, spaces and hyphens removed) to 4–12 letters and
 *   digits → `confirming`; otherwise `tvCodeMalformed` and nothing is sent.
 * - `confirming`: actor `confirmPin` (`api.tvDevice.confirmPin({ body: { pin } })`, the viewer's bearer) →
 *   `confirmed` (the TV's next poll signs it in); a failure → `editing` with the domain's
 *   `tvCodeErrorKey` (404 `tvCodeInvalid`, 401/403 `tvCodeSignInRequired`, no answer `networkError`,
 *   else `anErrorOccured`).
 * - `confirmed`: `again` → `editing` with an empty code (another TV).
 */
export const tvDeviceLoginMachine = setup({
  types: {} as { context: TvDeviceLoginContext; events: TvDeviceLoginEvent; input: TvDeviceLoginInput },
  actors: {
    confirmPin: fromPromise<unknown, { api: ApiClient; pin: string }>(({ input }) =>
      input.api.tvDevice.confirmPin({ body: { pin: input.pin } }),
    ),
  },
  guards: {
    pinWellFormed: ({ context }) => isDevicePin(context.pin),
  },
  actions: {
    setPin: assign((_, params: { value: string }) => ({ pin: params.value, error: null })),
    takePin: assign(({ context }) => ({ confirmedPin: normaliseDevicePin(context.pin), error: null })),
    showMalformed: assign({ error: TV_CODE_KEYS.malformed }),
    showFailure: assign((_, params: { error: unknown }) => ({ error: tvCodeErrorKey(params.error) })),
    reset: assign({ pin: '', error: null, confirmedPin: null }),
  },
}).createMachine({
  id: 'tvDeviceLogin',
  description:
    'The TV_LOGIN page: a signed-in viewer types the code a TV shows; a well-formed code is confirmed (POST /api/v2/device/pin/confirm with the viewer\'s bearer) and the TV, polling, is signed in; an unknown or expired code says so, a malformed one is not sent.',
  context: ({ input }) => ({ pin: typeof input.initialPin === 'string' ? input.initialPin : '', error: null, confirmedPin: null, env: input }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The code field.',
      on: {
        'pin.change': { actions: { type: 'setPin', params: ({ event }) => ({ value: event.value }) } },
        'pin.submit': [{ guard: 'pinWellFormed', target: 'confirming', actions: 'takePin' }, { actions: 'showMalformed' }],
      },
    },
    confirming: {
      description: 'Confirming the code for the viewer\'s account.',
      invoke: {
        id: 'confirmPin',
        src: 'confirmPin',
        input: ({ context }) => ({ api: context.env.api, pin: context.confirmedPin ?? '' }),
        onDone: { target: 'confirmed' },
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmed: {
      description: 'The TV is being signed in; another code may follow.',
      on: { again: { target: 'editing', actions: 'reset' } },
    },
  },
});

/** The tvDeviceLogin machine's type. */
export type TvDeviceLoginMachine = typeof tvDeviceLoginMachine;

/** The session's tokens of a confirmed poll answer (the answer without its `status`). */
function tokensOf(answer: DevicePinStatus): LoginResponse {
  const { status: _status, ...tokens } = answer;
  return tokens as LoginResponse;
}

/** An ISO date-time as ms since the epoch, or null. */
function timeOf(value: string | undefined): number | null {
  const ms = value === undefined ? NaN : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The TV side of the device PIN login (this project's; a sandbox page plays the TV): ask for a
 * code, show it, poll until it is confirmed or expires.
 *
 * - `requesting`: actor `createPin` (`api.tvDevice.createPin()`) → `waiting` with `pin`,
 *   `anchor`, `expiresAt` and the interval (`pollIntervalSeconds`, else 3 s); a failure → `failed`.
 * - `waiting`: after the named delay `pollInterval` → `expired` when the clock is past
 *   `expiresAt`, else `polling`.
 * - `polling`: actor `pollPin` (`api.tvDevice.pollPin({ body: { anchor } })`): `confirmed` → the tokens go to
 *   the TV's `session` (`handOverToSession`, no target: the TV screen has its own ending) →
 *   `signedIn` (final); `expired` → `expired`; `pending` → `waiting`; a 404 → `expired`;
 *   any other failure → `waiting`, and after five in a row → `failed`.
 * - `expired` and `failed`: `renew` asks for a new code.
 */
export const tvDevicePinMachine = setup({
  types: {} as { context: TvDevicePinContext; events: TvDevicePinEvent; input: TvDevicePinInput },
  actors: {
    createPin: fromPromise<DevicePin, { api: ApiClient }>(({ input }) => input.api.tvDevice.createPin()),
    pollPin: fromPromise<DevicePinStatus, { api: ApiClient; anchor: string }>(({ input }) =>
      input.api.tvDevice.pollPin({ body: { anchor: input.anchor } }),
    ),
  },
  delays: {
    pollInterval: ({ context }) => context.intervalMs,
  },
  guards: {
    pastExpiry: ({ context }) => context.expiresAt !== null && context.env.now() >= context.expiresAt,
    isConfirmed: (_, params: { status: DevicePinStatus }) => params.status.status === 'confirmed',
    isExpired: (_, params: { status: DevicePinStatus }) => params.status.status === 'expired',
    unknownAnchor: (_, params: { error: unknown }) => errorFacts(params.error).status === 404,
    tooManyFailures: ({ context }) => context.failures + 1 >= TV_PIN_MAX_POLL_FAILURES,
  },
  actions: {
    setPin: assign(({ context }, params: { pin: DevicePin }) => ({
      pin: params.pin.pin,
      anchor: params.pin.anchor,
      expiresAt: timeOf(params.pin.expiresAt),
      intervalMs: params.pin.pollIntervalSeconds ? Math.round(params.pin.pollIntervalSeconds * 1000) : (context.env.defaultIntervalMs ?? TV_PIN_DEFAULT_INTERVAL_MS),
      failures: 0,
      error: null,
    })),
    handOverToSession,
    resetFailures: assign({ failures: 0 }),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    fail: assign((_, params: { error: unknown }) => ({ error: tvCodeErrorKey(params.error) })),
    forgetPin: assign({ pin: null, anchor: null, expiresAt: null }),
  },
}).createMachine({
  id: 'tvDevicePin',
  description:
    'The TV side of the device PIN login: ask the platform for a code (POST /api/v2/device/pin), show it, and poll (POST /api/v2/device/pin/poll { anchor }) until a signed-in viewer confirms it on TV_LOGIN (the TV gets its own session) or it expires (a new code on renew).',
  context: ({ input }) => ({
    pin: null,
    anchor: null,
    expiresAt: null,
    intervalMs: input.defaultIntervalMs ?? TV_PIN_DEFAULT_INTERVAL_MS,
    failures: 0,
    error: null,
    env: input,
  }),
  initial: 'requesting',
  states: {
    requesting: {
      description: 'Asking for a code.',
      invoke: {
        id: 'createPin',
        src: 'createPin',
        input: ({ context }) => ({ api: context.env.api }),
        onDone: { target: 'waiting', actions: { type: 'setPin', params: ({ event }) => ({ pin: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    waiting: {
      description: 'Showing the code until the next poll.',
      after: { pollInterval: [{ guard: 'pastExpiry', target: 'expired' }, { target: 'polling' }] },
    },
    polling: {
      description: 'Asking whether the code was confirmed.',
      invoke: {
        id: 'pollPin',
        src: 'pollPin',
        input: ({ context }) => ({ api: context.env.api, anchor: context.anchor ?? '' }),
        onDone: [
          {
            guard: { type: 'isConfirmed', params: ({ event }) => ({ status: event.output }) },
            target: 'signedIn',
            actions: { type: 'handOverToSession', params: ({ event }) => ({ tokens: tokensOf(event.output) }) },
          },
          { guard: { type: 'isExpired', params: ({ event }) => ({ status: event.output }) }, target: 'expired' },
          { target: 'waiting', actions: 'resetFailures' },
        ],
        onError: [
          { guard: { type: 'unknownAnchor', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          { guard: 'tooManyFailures', target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          { target: 'waiting', actions: 'countFailure' },
        ],
      },
    },
    expired: {
      description: 'The code expired; renew shows a new one.',
      entry: 'forgetPin',
      on: { renew: { target: 'requesting' } },
    },
    failed: {
      description: 'No code could be issued or polled; renew tries again.',
      on: { renew: { target: 'requesting' } },
    },
    signedIn: { type: 'final', description: 'The code was confirmed: the TV has its session.', entry: 'forgetPin' },
  },
});

/** The tvDevicePin machine's type. */
export type TvDevicePinMachine = typeof tvDevicePinMachine;
