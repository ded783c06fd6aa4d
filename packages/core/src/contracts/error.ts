import * as z from 'zod/mini';

/**
 * The platform's error body: `{ status, code, messages, requestId }`.
 * `messages` are message keys or human text from the server, `requestId` identifies the request
 * in the platform's logs. Implements the architecture's error shape (guide/architecture.md).
 */
export const platformErrorSchema = z.looseObject({
  status: z.int(),
  code: z.string(),
  messages: z.array(z.string()),
  requestId: z.string(),
  /** Extra facts of some errors, for example `{ missingFields: [...] }` with 424. */
  details: z.optional(z.record(z.string(), z.unknown())),
});
export type PlatformError = z.infer<typeof platformErrorSchema>;

/** Error codes the sandbox answers with; the real platform may send others. */
export const ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  CONFLICT: 'CONFLICT',
  INVALID_TOKEN: 'INVALID_TOKEN',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
