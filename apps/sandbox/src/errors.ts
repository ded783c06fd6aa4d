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
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type SandboxErrorCode = (typeof SANDBOX_ERROR_CODES)[keyof typeof SANDBOX_ERROR_CODES];

/** HTTP status codes the sandbox uses for errors. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 500;

/**
 * An error a handler throws to answer in the platform's error shape; the app's `onError` turns it
 * into `{ status, code, messages, requestId }`.
 */
export class ApiHttpError extends Error {
  readonly status: ErrorStatus;
  readonly code: SandboxErrorCode;
  readonly messages: string[];

  /** `messages` are message keys or human text, as the real platform sends them. */
  constructor(status: ErrorStatus, code: SandboxErrorCode, messages: string[]) {
    super(`${status} ${code}: ${messages.join('; ')}`);
    this.name = 'ApiHttpError';
    this.status = status;
    this.code = code;
    this.messages = messages;
  }
}

/** Builds the platform error body. */
export function platformError(
  status: number,
  code: string,
  messages: string[],
  requestId: string,
): PlatformError {
  return { status, code, messages, requestId };
}

/** 400 BAD_REQUEST. */
export const badRequest = (...messages: string[]) => new ApiHttpError(400, 'BAD_REQUEST', messages);
/** 401 UNAUTHORIZED. */
export const unauthorized = (...messages: string[]) => new ApiHttpError(401, 'UNAUTHORIZED', messages);
/** 403 FORBIDDEN. */
export const forbidden = (...messages: string[]) => new ApiHttpError(403, 'FORBIDDEN', messages);
