/**
 * Media tokens: `<expiry epoch seconds>.<HMAC-SHA256 of "<file>.<expiry>", base64url>`. A token
 * opens one file until its expiry (on the real clock).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lifetime of a playback URL, seconds. */
export const MEDIA_TOKEN_TTL_S = 900;

function mac(secret: Uint8Array, file: string, exp: number): Buffer {
  return createHmac('sha256', secret).update(`${file}.${exp}`, 'utf8').digest();
}

/** A token for `file` that expires `ttlS` seconds after `nowMs`. */
export function signMediaToken(secret: Uint8Array, file: string, nowMs: number, ttlS = MEDIA_TOKEN_TTL_S): { token: string; expiresAt: Date } {
  const exp = Math.floor(nowMs / 1000) + ttlS;
  return { token: `${exp}.${mac(secret, file, exp).toString('base64url')}`, expiresAt: new Date(exp * 1000) };
}

/** Why `token` does not open `file` at `nowMs`, or undefined when it does. */
export function mediaTokenProblem(secret: Uint8Array, file: string, token: string | undefined, nowMs: number): string | undefined {
  if (!token) return 'Missing media token';
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'Invalid media token';
  const exp = Number(match[1]);
  const expected = mac(secret, file, exp);
  const given = Buffer.from(match[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'Invalid media token';
  if (exp * 1000 <= nowMs) return 'Media token expired';
  return undefined;
}
