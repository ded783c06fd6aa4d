import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Directory of the media files (`apps/sandbox/media/`). */
export const MEDIA_DIR = fileURLToPath(new URL('../../media/', import.meta.url));

/** The files `/media/<file>` may serve, with their MIME types. Nothing else is reachable. */
export const MEDIA_FILES: Readonly<Record<string, string>> = { 'sample.webm': 'video/webm' };

const cache = new Map<string, Promise<Buffer>>();

/** The bytes of a known media file (read once, then kept in memory: the files are small). */
export function readMedia(file: string): Promise<Buffer> {
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = readFile(path.join(MEDIA_DIR, file));
    bytes.catch(() => cache.delete(file));
    cache.set(file, bytes);
  }
  return bytes;
}

/** A byte range to serve: `start` to `end` inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parses a `Range` header for a body of `size` bytes (RFC 9110 §14): `bytes=a-b`, `bytes=a-`,
 * `bytes=-n`. Answers the range, `'unsatisfiable'` (416), or undefined to serve the whole body
 * (no header, another unit, several ranges, or a malformed header, which may be ignored).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, a = '', b = ''] = match;
  if (a === '' && b === '') return undefined;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || (b !== '' && Number(b) < start)) return 'unsatisfiable';
  return { start, end };
}
