/**
 * `/artwork/<kind>/<id>/<width>` over a fake catalogue lookup and a fresh cache folder: a listed
 * width gives a JPEG that wide (read from its header), in the kind's ratio; anything else is 404
 * in the platform's shape; only the widths asked for are drawn.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTH_PLACEHOLDER, IMAGE_WIDTHS, imageUrl } from '@stream/core/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkUrlTemplate, wrapTitle, type ArtworkKind } from '../src/media/artwork.js';
import { drawtextFont } from '../src/media/ffmpeg.js';
import { appWith, call, expectError, memoryDeps, type App } from './helpers.js';

/** Width and height of a JPEG from its first start-of-frame marker (SOF0–SOF3), or undefined. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    const marker = bytes[i + 1]!;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { height: (bytes[i + 5]! << 8) | bytes[i + 6]!, width: (bytes[i + 7]! << 8) | bytes[i + 8]! };
    }
    i += 2 + length;
  }
  return undefined;
}

const LOOKS: Record<string, { title: string; colours: [string, string] }> = {
  'vod-1': { title: 'The Midnight Derby', colours: ['#1e3a8a', '#9333ea'] },
  'vod-1-renamed': { title: 'A Title Nothing Else Has', colours: ['#1e3a8a', '#9333ea'] },
  'series-2': { title: '100% {weird} %{pts} title: with \'quotes\' \\ and : colons', colours: ['#9a3412', 'not-a-colour'] },
};

let app: App;
let cacheDir: string;
let close: () => Promise<void>;
const asked: Array<[ArtworkKind, string]> = [];

beforeAll(async () => {
  const opened = await memoryDeps();
  close = opened.close;
  cacheDir = await mkdtemp(path.join(tmpdir(), 'artwork-test-'));
  app = appWith(opened.deps, {
    mediaCacheDir: cacheDir,
    artworkLookup: async (kind, id) => {
      asked.push([kind, id]);
      return LOOKS[id] ?? null;
    },
  });
});

afterAll(async () => {
  await close();
  await rm(cacheDir, { recursive: true, force: true });
});

const smallest = IMAGE_WIDTHS[0]!;
const second = IMAGE_WIDTHS[1]!;

describe('GET /artwork/:kind/:id/:width', () => {
  it('answers a JPEG of the width asked for, in the kind\'s ratio, cacheable for a day', async () => {
    for (const [kind, width, height] of [
      ['poster', smallest, Math.round((smallest * 3) / 2)],
      ['thumbnail', second, Math.round((second * 9) / 16)],
      ['hero', smallest, Math.round((smallest * 9) / 16)],
    ] as const) {
      const res = await app.request(`/artwork/${kind}/vod-1/${width}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(jpegSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width, height });
    }
  });

  it('draws a title with filter syntax and bad colours without failing', async () => {
    const res = await app.request(`/artwork/poster/series-2/${smallest}`);
    expect(res.status).toBe(200);
    expect(jpegSize(new Uint8Array(await res.arrayBuffer()))?.width).toBe(smallest);
  });

  it('draws a hero without its title (the page writes it over the hero), a poster and a thumbnail with it', async () => {
    const bytes = async (kind: ArtworkKind, id: string) => Buffer.from(await (await app.request(`/artwork/${kind}/${id}/${smallest}`)).arrayBuffer());
    // Same colours, different titles: the same hero, different posters and thumbnails.
    expect((await bytes('hero', 'vod-1')).equals(await bytes('hero', 'vod-1-renamed'))).toBe(true);
    if (drawtextFont()) {
      expect((await bytes('poster', 'vod-1')).equals(await bytes('poster', 'vod-1-renamed'))).toBe(false);
      expect((await bytes('thumbnail', 'vod-1')).equals(await bytes('thumbnail', 'vod-1-renamed'))).toBe(false);
    }
  });

  it('404 for a width not in the list, an unknown kind or an unknown id', async () => {
    for (const path of [
      `/artwork/poster/vod-1/${smallest + 1}`,
      '/artwork/poster/vod-1/100000',
      '/artwork/poster/vod-1/abc',
      `/artwork/poster/vod-1/${smallest}.jpg`,
      `/artwork/banner/vod-1/${smallest}`,
      `/artwork/poster/nothing-here/${smallest}`,
    ]) {
      expectError(await call(app, 'GET', path, { noRealm: true }), 404, 'NOT_FOUND');
    }
  });

  it('draws only the widths asked for, once', async () => {
    const before = await readdir(path.join(cacheDir, 'artwork', 'poster'));
    const again = await app.request(`/artwork/poster/vod-1/${smallest}`);
    expect(again.status).toBe(200);
    const after = await readdir(path.join(cacheDir, 'artwork', 'poster'));
    expect(after).toEqual(before);
    expect(after.every((name) => name.endsWith(`-${smallest}.jpg`))).toBe(true);
    expect(after.some((name) => name.endsWith(`-${IMAGE_WIDTHS.at(-1)}.jpg`))).toBe(false);
  });

  it('is reached through the URL template the catalogue gives', async () => {
    const template = artworkUrlTemplate('', 'poster', 'vod-1');
    expect(template).toBe(`/artwork/poster/vod-1/${IMAGE_WIDTH_PLACEHOLDER}`);
    expect((await app.request(imageUrl(template, smallest))).status).toBe(200);
    expect(asked).toContainEqual(['poster', 'vod-1']);
  });
});

describe('wrapTitle', () => {
  it('gives at most three non-empty lines within the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 4, max: 40 }), (title, max) => {
        const lines = wrapTitle(title, max);
        expect(lines.length).toBeLessThanOrEqual(3);
        for (const line of lines) {
          expect(line.length).toBeGreaterThan(0);
          expect([...line].length).toBeLessThanOrEqual(max);
        }
      }),
    );
    expect(wrapTitle('The Midnight Derby', 14)).toEqual(['The Midnight', 'Derby']);
  });
});
