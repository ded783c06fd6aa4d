/**
 * The media cache's pieces (media/cache.ts, media/ffmpeg.ts): publishing a generated folder when
 * another process published it first, stale temporaries, shared generations, the ffmpeg limit.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mediaCacheDir, MEMORY_MEDIA_CACHE_DIR, memoised, publish, removeStaleTemporaries, temporarySibling } from '../src/media/cache.js';
import { concurrencyLimit } from '../src/media/ffmpeg.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'media-cache-test-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A finished generation in a temporary sibling of `final`, holding `content`. */
async function generated(final: string, content: string): Promise<string> {
  const temporary = temporarySibling(final);
  await mkdir(temporary);
  await writeFile(path.join(temporary, 'asset.json'), content);
  return temporary;
}

describe('publish', () => {
  it('keeps the first of two generations of the same folder and deletes the second', async () => {
    const final = path.join(folder, 'aurora-abc');
    const first = await generated(final, 'first');
    const second = await generated(final, 'second');
    expect(await publish(first, final)).toBe(true);
    expect(await publish(second, final)).toBe(false);
    expect(await readFile(path.join(final, 'asset.json'), 'utf8')).toBe('first');
    expect(await readdir(folder)).toEqual(['aurora-abc']);
  });

  it('keeps the first when both rename at once', async () => {
    const final = path.join(folder, 'ember-abc');
    const temporaries = await Promise.all(['a', 'b', 'c'].map((content) => generated(final, content)));
    const results = await Promise.all(temporaries.map((temporary) => publish(temporary, final)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await readdir(folder)).toEqual(['ember-abc']);
  });
});

describe('removeStaleTemporaries', () => {
  it('deletes temporaries older than an hour, and nothing else', async () => {
    const old = temporarySibling(path.join(folder, 'x'));
    const fresh = temporarySibling(path.join(folder, 'y'));
    await Promise.all([mkdir(old), mkdir(fresh), mkdir(path.join(folder, 'aurora-abc'))]);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    await utimes(path.join(folder, 'aurora-abc'), twoHoursAgo, twoHoursAgo);
    await removeStaleTemporaries(folder);
    expect((await readdir(folder)).sort()).toEqual(['aurora-abc', path.basename(fresh)].sort());
  });
});

describe('memoised', () => {
  it('shares one generation between concurrent callers and tries again after a failure', async () => {
    const memo = memoised<number>();
    let runs = 0;
    const failing = () => memo('k', async () => {
      runs += 1;
      throw new Error('ffmpeg failed');
    });
    await expect(Promise.all([failing(), failing()])).rejects.toThrow('ffmpeg failed');
    expect(runs).toBe(1);
    expect(await memo('k', async () => 42)).toBe(42);
    expect(await memo('k', async () => 43)).toBe(42);
  });
});

describe('concurrencyLimit', () => {
  it('never runs more than its limit at once, and runs everything', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const tasks = Array.from({ length: 5 }, (_, i) =>
      limit(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return i;
      }),
    );
    // Release the waiting tasks one at a time until all five have run.
    for (let released = 0; released < 5; released += 1) {
      while (releases.length === 0) await new Promise((resolve) => setImmediate(resolve));
      releases.shift()!();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});

describe('mediaCacheDir', () => {
  it('is inside the data directory, or apps/sandbox/.media-cache for an in-memory sandbox', () => {
    expect(mediaCacheDir('/srv/data')).toBe(path.join('/srv/data', 'media-cache'));
    expect(mediaCacheDir(':memory:')).toBe(MEMORY_MEDIA_CACHE_DIR);
    expect(MEMORY_MEDIA_CACHE_DIR).toMatch(/apps\/sandbox\/\.media-cache\/?$/);
  });
});
