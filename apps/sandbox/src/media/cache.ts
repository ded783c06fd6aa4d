/**
 * The cache of generated media (HLS assets, artwork): where it lives, and how a generated file or
 * folder enters it so that two processes generating the same thing at once never see half of it
 * (made in a temporary sibling, then renamed into place; the loser of the race keeps the winner's).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The cache of a sandbox without a data directory (`SANDBOX_DATA_DIR=:memory:`: tests, e2e): `apps/sandbox/.media-cache/` (git-ignored). */
export const MEMORY_MEDIA_CACHE_DIR = fileURLToPath(new URL('../../.media-cache/', import.meta.url));

/**
 * The media cache of a sandbox whose data directory is `dataDir` (an absolute path, or `:memory:`):
 * `<dataDir>/media-cache`, or {@link MEMORY_MEDIA_CACHE_DIR} for `:memory:`.
 */
export function mediaCacheDir(dataDir: string): string {
  return dataDir === ':memory:' ? MEMORY_MEDIA_CACHE_DIR : path.join(dataDir, 'media-cache');
}

/** Temporary siblings start with this; {@link removeStaleTemporaries} deletes the old ones. */
const TEMP_PREFIX = '.tmp-';
/** A temporary sibling this old belongs to a process that died while generating. */
const STALE_TEMP_MS = 60 * 60_000;

/** A new temporary path beside `final` (same folder, so that the rename is atomic). */
export function temporarySibling(final: string): string {
  return path.join(path.dirname(final), `${TEMP_PREFIX}${path.basename(final)}-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/**
 * Moves the finished `temporary` (a file or a folder) to `final`. When another process put
 * `final` there first, its copy is kept and `temporary` deleted. Answers whether this call
 * published.
 */
export async function publish(temporary: string, final: string): Promise<boolean> {
  if (await exists(final)) {
    await rm(temporary, { recursive: true, force: true });
    return false;
  }
  try {
    await rename(temporary, final);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A folder renamed onto a folder another process just published: ENOTEMPTY (or EEXIST).
    if ((code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'EPERM') && (await exists(final))) {
      await rm(temporary, { recursive: true, force: true });
      return false;
    }
    throw error;
  }
}

/** Deletes temporaries in `folder` older than an hour (left by a process killed mid-generation). */
export async function removeStaleTemporaries(folder: string, nowMs = Date.now()): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(TEMP_PREFIX))
      .map(async (name) => {
        const file = path.join(folder, name);
        const info = await stat(file).catch(() => undefined);
        if (info && nowMs - info.mtimeMs > STALE_TEMP_MS) await rm(file, { recursive: true, force: true });
      }),
  );
}

/** Whether `file` exists. */
export async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Creates `folder` and its parents when missing. */
export async function ensureFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
}

/**
 * Memoises an asynchronous generation per key within this process: concurrent callers share one
 * promise; a failure is forgotten so that the next call tries again.
 */
export function memoised<T>(): (key: string, make: () => Promise<T>) => Promise<T> {
  const pending = new Map<string, Promise<T>>();
  return (key, make) => {
    let promise = pending.get(key);
    if (!promise) {
      promise = make();
      pending.set(key, promise);
      promise.catch(() => pending.delete(key));
    }
    return promise;
  };
}
