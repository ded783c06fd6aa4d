/**
 * Reading an error-like value: an `ApiError`, a platform error body `{ status, code, messages,
 * details }`, or a wrapper of one in `data` or `body` (ofetch's FetchError). Shared by the
 * login-failure and payment-error rules (identity-and-routes.md §8, commerce-and-account-data.md
 * §8). Never throws: non-objects, hostile arrays and getters that throw read as missing.
 */

/** What {@link readErrorLayers} finds; each field from the first layer that has a usable one. */
export interface ErrorLayers {
  /** HTTP status (an integer), from `status` or `statusCode`. */
  status: number | undefined;
  /** The platform code; empty codes and the `UNKNOWN` placeholder count as none. */
  code: string | undefined;
  /** The string entries of `messages`, in order. */
  messages: string[];
  /** `details.missingFields` (strings), when given. */
  missingFields: string[] | undefined;
}

/** True when `record` has `key` as an own property. */
export const hasOwn = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

/** `source[field]`, or undefined for non-objects and throwing getters. */
export function readField(source: unknown, field: string): unknown {
  if (source === null || (typeof source !== 'object' && typeof source !== 'function')) return undefined;
  try {
    return (source as Record<string, unknown>)[field];
  } catch {
    return undefined;
  }
}

/** The string entries of an array (never throws on hostile arrays); `[]` for a non-array. */
function strings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  try {
    return value.filter((item): item is string => typeof item === 'string');
  } catch {
    return [];
  }
}

/** Reads the error itself, then its `data`, then its `body`; the first usable value of each field wins. */
export function readErrorLayers(error: unknown): ErrorLayers {
  let status: number | undefined;
  let code: string | undefined;
  let messages: string[] = [];
  let missingFields: string[] | undefined;
  for (const layer of [error, readField(error, 'data'), readField(error, 'body')]) {
    const s = readField(layer, 'status') ?? readField(layer, 'statusCode');
    if (status === undefined && typeof s === 'number' && Number.isInteger(s)) status = s;
    const c = readField(layer, 'code');
    if (code === undefined && typeof c === 'string' && c.trim() !== '' && c !== 'UNKNOWN') code = c;
    if (messages.length === 0) messages = strings(readField(layer, 'messages'));
    const fields = readField(readField(layer, 'details'), 'missingFields');
    if (missingFields === undefined && Array.isArray(fields)) missingFields = strings(fields);
  }
  return { status, code, messages, missingFields };
}
