/**
 * The sandbox's log policy (docs/sandbox.md "Logs"): a log line names the method, the path
 * without its query string, the status, the time and the request id; never a token, a PIN, a
 * password, a code or an email address. Paths are logged with their secret-looking segments
 * replaced ({@link redactPath}); an unexpected error is logged by its name, a redacted message
 * and its stack frames ({@link describeError}), never the query parameters a database error
 * carries.
 */

const EMAIL = /[^\s@/"'<>(),;:]+@[^\s@/"'<>(),;:]+/g;
const JWT = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g;
const BEARER = /\b(bearer|basic)\s+\S+/gi;
/** `password=…`, `"token": "…"`, `pin: …` and the like. */
const SECRET_FIELD =
  /((?:pass(?:word)?|secret|token|pin|code|regcode|otp|api[-_]?key|authori[sz]ation|cookie|refresh[-_]?token|id[-_]?token)["']?\s*[:=]\s*["']?)[^\s"',;&}]+/gi;
/** A long opaque string (random tokens, hashes). */
const OPAQUE = /[A-Za-z0-9_+/=-]{24,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Path segments that are followed by a secret (a voucher code, a TV regcode, an interaction, a streaming token). */
const SECRET_AFTER = new Set(['vouchers', 'voucher', 'checkauthn', 'regcode', 'interaction', 'magic-email', 'reset-password', 'pin', 'hls']);

/** Replaces email addresses, bearer and JWT tokens, `secret=value` pairs and long opaque strings in free text. */
export function redactText(text: string): string {
  return text
    .replace(/\bparams:.*$/gm, 'params: <redacted>')
    .replace(JWT, '<token>')
    .replace(BEARER, '$1 <token>')
    .replace(EMAIL, '<email>')
    .replace(SECRET_FIELD, '$1<redacted>')
    .replace(OPAQUE, (match) => (UUID.test(match) ? match : '<redacted>'));
}

/**
 * The path of a request as the log shows it: no query string, and each segment that may be a
 * secret replaced: one with `@` (an email), a JWT, a long non-UUID opaque string (16+ characters
 * of a token alphabet), a segment that does not decode, and the segment after `vouchers`,
 * `checkauthn`, `regcode`, `interaction` and the like.
 */
export function redactPath(pathOrUrl: string): string {
  let path = pathOrUrl;
  const scheme = path.indexOf('://');
  if (scheme >= 0) {
    const slash = path.indexOf('/', scheme + 3);
    path = slash < 0 ? '/' : path.slice(slash);
  }
  path = path.split('?')[0]!.split('#')[0]!;
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return '<redacted>';
      }
      const previous = i > 0 ? safeDecode(segments[i - 1]!).toLowerCase() : '';
      if (segment !== '' && SECRET_AFTER.has(previous)) return '<redacted>';
      if (decoded.includes('@')) return '<email>';
      if (/^eyJ/.test(decoded)) return '<token>';
      if (/[\u0000-\u001f]/.test(decoded)) return '<redacted>';
      if (decoded.length >= 16 && /^[A-Za-z0-9_+/=.-]+$/.test(decoded) && !UUID.test(decoded) && /\d/.test(decoded) && !/^[a-z0-9-]+\.[a-z0-9]+$/i.test(decoded)) {
        return '<redacted>';
      }
      return decoded.length > 128 ? `${decoded.slice(0, 16)}…` : segment;
    })
    .join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * An error as the log may show it: `Name [code]: redacted message`, its stack frames (file and
 * line only), and the same for each `cause`. Nothing else (a drizzle error's `params`, a
 * request's headers or body) is printed.
 */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    const prefix = depth === 0 ? '' : 'caused by ';
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      const codePart = typeof code === 'string' || typeof code === 'number' ? ` [${code}]` : '';
      lines.push(`${prefix}${current.name}${codePart}: ${redactText(current.message)}`);
      const frames = (current.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
      lines.push(...frames.slice(0, 8).map((frame) => redactText(frame)));
      current = current.cause;
    } else {
      lines.push(`${prefix}${typeof current}`);
      current = undefined;
    }
  }
  return lines.join('\n');
}
