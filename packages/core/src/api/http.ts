import { NetworkError } from './errors.js';

/** An answer with its body read as text (`''` when it has none). */
export interface TextAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Options of {@link sendRequest}. */
export interface SendOptions {
  /** Fetch implementation, read at call time (a test may replace `globalThis.fetch`). @default globalThis.fetch */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Keep only the message of a failure as the `NetworkError`'s cause (for requests whose body
   * holds a card or a secret: nothing of the request may reach an error reporter). @default false
   */
  opaqueFailure?: boolean;
}

/**
 * Sends one request for the call named `call` (`labels.get`, `processor.tokens`) and reads the
 * whole body as text. Every status is an answer (the caller decides what a non-2xx means);
 * nothing is retried and there is no timeout of its own. Errors: `NetworkError(call)` when no
 * answer comes (or its body cannot be read).
 */
export async function sendRequest(call: string, url: string, init: RequestInit, options: SendOptions = {}): Promise<TextAnswer> {
  try {
    const response = await (options.fetch ?? globalThis.fetch)(url, init);
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    const cause = options.opaqueFailure ? new Error(error instanceof Error ? error.message : 'fetch failed') : error;
    throw new NetworkError(call, cause);
  }
}

/** `base` and `path` joined with one slash between them (`http://h/_processor` + `/v1/tokens`). */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * The body of another host's answer: its JSON when it parses, `undefined` when empty, else the
 * text itself (the contract check that follows then reports it).
 */
export function bodyOf(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
