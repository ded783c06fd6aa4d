import type { PlatformError } from '@stream/core/contracts';

/**
 * Error codes the sandbox answers with. The contracts' `ERROR_CODES` plus `TOKEN_EXPIRED`
 * (an expired access token: the client should refresh and replay) and `LICENCE_REQUIRED`.
 * (`/media` also answers 416 `RANGE_NOT_SATISFIABLE`.)
 */
export const SANDBOX_ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  /** Playback of premium content without a licence that grants it (messages `['licenceRequired']`). */
  LICENCE_REQUIRED: 'LICENCE_REQUIRED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** 409: the account holds the licence active; it is not purchasable (messages `['licenceAlreadyActive']`). */
  LICENCE_ALREADY_ACTIVE: 'LICENCE_ALREADY_ACTIVE',
  /** 409: not a plan change the rules allow (a downgrade bought instead of scheduled; messages `['invalidTierChange', …]`). */
  INVALID_TIER_CHANGE: 'INVALID_TIER_CHANGE',
  /** 409: a licence a TV operator grants: pause, cancel, reactivate and plan changes are the operator's. */
  LICENCE_MANAGED_EXTERNALLY: 'LICENCE_MANAGED_EXTERNALLY',
  /** 413: a request body over 1 MiB (every route, `http/guard.ts`). */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** 415: a body whose content-type the route does not take (a JSON call sent as `text/plain`). */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** 503: a peer the platform depends on (the Firebase Auth emulator) cannot be reached. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** 424: the buyer's account lacks fields the purchase needs (`details.missingFields`). */
  BASKET_REQUIREMENTS_FAILED: 'BASKET_REQUIREMENTS_FAILED',
  /** 409: the account already stores the most chargeable payment details allowed (commerce §8). */
  MAX_CHARGEABLE_PAYMENT_DETAILS_REACHED: 'MAX_CHARGEABLE_PAYMENT_DETAILS_REACHED',
  /** 412: the TV-operator sign-in is not complete yet (Adobe `user`/`token`; the client asks again). */
  PRECONDITION_FAILED: 'PRECONDITION_FAILED',
  /** 429: too many device PINs asked for by one device (a rate, not a failed secret check). */
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  /** 409: a pay call's `Idempotency-Key` was first sent for another basket or body (nothing is charged). */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** 409: a card processor token was already attached to payment details (a token is single-use). */
  TOKEN_ALREADY_USED: 'TOKEN_ALREADY_USED',
  /** 429: too many failed secret checks; `Retry-After` gives the wait in seconds (`auth/throttle.ts`). */
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  /** 403: an owner's action (rename, delete, edit) on a watchlist the caller sees as SHARED (commerce §4; messages `['watchlistNotOwner']`). */
  NOT_OWNER: 'NOT_OWNER',
  /** 409: the account already has the most profiles (5; issue 16; messages `['profileLimitReached', …]`). */
  PROFILE_LIMIT: 'PROFILE_LIMIT',
  /** 409: another profile of the account has this name (trimmed, case-insensitive; messages `['profileNameTaken', …]`). */
  PROFILE_NAME_TAKEN: 'PROFILE_NAME_TAKEN',
  /** 409: a session cannot delete its own profile (messages `['profileInUse', …]`). */
  PROFILE_IN_USE: 'PROFILE_IN_USE',
  /** 409: the account's last adult profile cannot be deleted (messages `['lastAdultProfile', …]`). */
  LAST_ADULT_PROFILE: 'LAST_ADULT_PROFILE',
  /** 403: a wrong parental PIN (messages `['wrongPin']`; `routes/parentalControl.ts`). */
  INVALID_PIN: 'INVALID_PIN',
  /** 429: the account already plays its limit of streams (issue 17; messages `['concurrencyLimitReached']`, `details { limit, streams }`; `routes/streamLeases.ts`). */
  CONCURRENCY_LIMIT: 'CONCURRENCY_LIMIT',
  /** 404: a gift code that is malformed or unknown (issue 18; messages `['giftCodeInvalid']`; `routes/gifts.ts`). */
  GIFT_CODE_INVALID: 'GIFT_CODE_INVALID',
  /** 409: a gift code another account redeemed (messages `['giftCodeAlreadyUsed']`). */
  GIFT_CODE_USED: 'GIFT_CODE_USED',
  /** 409: a gift code past its year (messages `['giftCodeExpired']`). */
  GIFT_CODE_EXPIRED: 'GIFT_CODE_EXPIRED',
  /** 403: a watch-together playback update by a member who is not the host (`routes/watchTogether.ts`). */
  NOT_ROOM_HOST: 'NOT_ROOM_HOST',
  /** 403: the relay of a watch-together room the caller has not joined. */
  NOT_ROOM_MEMBER: 'NOT_ROOM_MEMBER',
  /** 409: a watch-together room already holds its 20 members. */
  ROOM_FULL: 'ROOM_FULL',
  /** 409: a watch-together room for an event that is not live now. */
  NOT_LIVE: 'NOT_LIVE',
  /** 403: a call the realm's captcha guards (sign-up, pay) without a valid single-use captcha token (messages `['captchaFailed']`; `providers/captcha.ts`). */
  CAPTCHA_FAIL_ERROR: 'CAPTCHA_FAIL_ERROR',
} as const;
/**
 * Card processor codes, answered with 402 by the pay call and the processor's tokenization
 * (`src/payments/processor.ts`).
 */
export const CARD_ERROR_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'incorrect_number',
  'invalid_expiry_year',
  'authentication_failed',
  'payment_method_declined',
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];
export type SandboxErrorCode = (typeof SANDBOX_ERROR_CODES)[keyof typeof SANDBOX_ERROR_CODES] | CardErrorCode;

/** HTTP status codes the sandbox uses for errors. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 412 | 413 | 415 | 424 | 429 | 500 | 503;

/**
 * An error a handler throws to answer in the platform's error shape; the app's `onError` turns it
 * into `{ status, code, messages, requestId }`.
 */
export class ApiHttpError extends Error {
  readonly status: ErrorStatus;
  readonly code: SandboxErrorCode;
  readonly messages: string[];
  /** Extra facts of the error (`{ missingFields }` with 424), sent as `details`. */
  readonly details: Record<string, unknown> | undefined;
  /** Response headers of the answer (`Retry-After` with 429), set by the app's `onError`. */
  readonly headers: Readonly<Record<string, string>> | undefined;

  /** `messages` are message keys or human text, as the real platform sends them. */
  constructor(
    status: ErrorStatus,
    code: SandboxErrorCode,
    messages: string[],
    details?: Record<string, unknown>,
    headers?: Readonly<Record<string, string>>,
  ) {
    super(`${status} ${code}: ${messages.join('; ')}`);
    this.name = 'ApiHttpError';
    this.status = status;
    this.code = code;
    this.messages = messages;
    this.details = details;
    this.headers = headers;
  }
}

/** Builds the platform error body. */
export function platformError(
  status: number,
  code: string,
  messages: string[],
  requestId: string,
  details?: Record<string, unknown>,
): PlatformError {
  return details ? { status, code, messages, requestId, details } : { status, code, messages, requestId };
}

/** 400 BAD_REQUEST. */
export const badRequest = (...messages: string[]) => new ApiHttpError(400, 'BAD_REQUEST', messages);
/** 401 UNAUTHORIZED. */
export const unauthorized = (...messages: string[]) => new ApiHttpError(401, 'UNAUTHORIZED', messages);
/** 403 FORBIDDEN. */
export const forbidden = (...messages: string[]) => new ApiHttpError(403, 'FORBIDDEN', messages);
/** 503 SERVICE_UNAVAILABLE: a peer (the Firebase Auth emulator) is down or still starting; try again later. */
export const serviceUnavailable = (...messages: string[]) => new ApiHttpError(503, 'SERVICE_UNAVAILABLE', messages);

/**
 * A peer the platform calls could not be reached (connection refused, timeout). Peer clients
 * throw it (or a subclass); the app's `onError` answers 503 `SERVICE_UNAVAILABLE` with its
 * `messages`, so no unreachable peer ever turns into a 500.
 */
export class PeerUnavailableError extends Error {
  /** `messages` are message keys or human text, as in {@link ApiHttpError}. */
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
    this.name = 'PeerUnavailableError';
  }
}
