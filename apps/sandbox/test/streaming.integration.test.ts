/**
 * The HLS routes over one generated asset (`aurora`, shared by the whole file; generated in
 * `beforeAll` when the media cache lacks it, 15–30 s on two cores): the master and media
 * playlists, segments behind the token in the path (expired, forged, other asset or stream →
 * 403), unknown files (404), content types, CORS, and the live window moving with the sandbox clock.
 */
import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/index.js';
import { redactPath } from '../src/http/logging.js';
import { MEMORY_MEDIA_CACHE_DIR } from '../src/media/cache.js';
import { ensureHlsAsset, type HlsAssetId } from '../src/media/hls.js';
import { LIVE_WINDOW_SEGMENTS } from '../src/media/playlists.js';
import { MEDIA_TOKEN_TTL_S } from '../src/media/token.js';
import { HLS_MIME_TYPE, hlsPlayback } from '../src/routes/streaming.js';
import { appWith, call, expectError, fakeClock, memoryDeps, type App, type Clock } from './helpers.js';

const BASE = 'http://sandbox.test';
/** `hlsPlayback` reads the request only through `publicUrl`, which these tests answer without one. */
const NO_REQUEST = {} as Context;

let deps: AppDeps;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ deps, close } = await memoryDeps());
  const asset = await ensureHlsAsset(deps.mediaCacheDir ?? MEMORY_MEDIA_CACHE_DIR, 'aurora');
  if (asset.generatedInMs !== undefined) console.log(`[streaming test] generated the aurora asset in ${asset.generatedInMs} ms`);
}, 300_000);

afterAll(async () => {
  await close();
});

/** An app on a clock of its own, and a signer of playback answers on the same clock. */
function setup(): { app: App; clock: Clock; play: (assetId: HlsAssetId, live?: string) => string } {
  const clock = fakeClock();
  const app = appWith(deps, { now: clock.now });
  const play = (assetId: HlsAssetId, live?: string) => {
    const answer = hlsPlayback({ mediaSecret: deps.mediaSecret!, now: clock.now, publicUrl: () => BASE }, NO_REQUEST, { assetId, live });
    expect(answer.mimeType).toBe(HLS_MIME_TYPE);
    expect(Date.parse(answer.expiresAt)).toBe(Math.floor(clock.now() / 1000) * 1000 + MEDIA_TOKEN_TTL_S * 1000);
    expect(answer.url.startsWith(`${BASE}/hls/`)).toBe(true);
    return answer.url.slice(BASE.length);
  };
  return { app, clock, play };
}

/** `uri` resolved against `path` as a player resolves a relative URI. */
const resolve = (path: string, uri: string) => new URL(uri, `${BASE}${path}`).pathname;
const get = (app: App, path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
const uris = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));
const mediaUris = (playlist: string) => [...playlist.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!);

describe('VOD', () => {
  it('serves the master playlist with two renditions, two audio and two subtitle tracks', async () => {
    const { app, play } = setup();
    const res = await get(app, play('aurora'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(HLS_MIME_TYPE);
    const text = await res.text();
    expect(text.match(/#EXT-X-STREAM-INF:/g)).toHaveLength(2);
    expect(text).toContain('RESOLUTION=640x360');
    expect(text).toContain('RESOLUTION=1280x720');
    expect(text).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    expect(text.match(/TYPE=AUDIO/g)).toHaveLength(2);
    expect(text.match(/TYPE=SUBTITLES/g)).toHaveLength(2);
    expect(text).toContain('LANGUAGE="es"');
  });

  it('serves every playlist and segment the master leads to, with their content types', async () => {
    const { app, play } = setup();
    const masterPath = play('aurora');
    const master = await (await get(app, masterPath)).text();
    const playlists = [...uris(master), ...mediaUris(master)].map((uri) => resolve(masterPath, uri));
    expect(playlists).toHaveLength(6);
    let total = 0;
    for (const playlistPath of playlists) {
      const res = await get(app, playlistPath);
      expect(res.status, playlistPath).toBe(200);
      expect(res.headers.get('content-type')).toBe(HLS_MIME_TYPE);
      const text = await res.text();
      expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const durations = [...text.matchAll(/#EXTINF:([0-9.]+),/g)].map((m) => Number(m[1]));
      expect(durations.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(59.9);
      for (const d of durations) expect(d).toBeLessThanOrEqual(6.5);
      // The first and the last segment of each playlist.
      const segments = uris(text);
      for (const uri of [segments[0]!, segments.at(-1)!]) {
        expect(uri).not.toMatch(/^\/|:\/\//);
        const seg = await get(app, resolve(playlistPath, uri));
        expect(seg.status).toBe(200);
        const bytes = new Uint8Array(await seg.arrayBuffer());
        total += bytes.length;
        if (uri.endsWith('.vtt')) {
          expect(seg.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
          expect(new TextDecoder().decode(bytes)).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n/);
        } else {
          expect(seg.headers.get('content-type')).toBe('video/mp2t');
          expect(bytes[0]).toBe(0x47);
          expect(bytes.length % 188).toBe(0);
        }
      }
    }
    expect(total).toBeGreaterThan(100_000);
  });

  it('answers with CORS headers, as the rest of the sandbox', async () => {
    const { app, play } = setup();
    const res = await get(app, play('aurora'), { origin: 'http://127.0.0.1:5173' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('keeps the token out of the request log', () => {
    const { play } = setup();
    const path = play('aurora');
    const token = path.split('/')[2]!;
    expect(redactPath(path)).not.toContain(token.split('.')[1]);
  });
});

describe('the token in the path', () => {
  const segmentOf = (masterPath: string) => resolve(masterPath, '720p/seg_000.ts');

  it('opens a real segment while it lasts, and 403 once expired', async () => {
    const { app, clock, play } = setup();
    const segment = segmentOf(play('aurora'));
    clock.advance(MEDIA_TOKEN_TTL_S - 5);
    const ok = await get(app, segment);
    expect(ok.status).toBe(200);
    expect((await ok.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    const head = await app.request(segment, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(10_000);
    clock.advance(10);
    const res = await call(app, 'GET', segment, { noRealm: true });
    expect(expectError(res, 403, 'FORBIDDEN').messages).toEqual(['Media token expired']);
  });

  it('403 for a forged or malformed token', async () => {
    const { app, play } = setup();
    const [, , token, ...rest] = play('aurora').split('/');
    const [exp, mac] = token!.split('.');
    const flipped = `${mac![0] === 'A' ? 'B' : 'A'}${mac!.slice(1)}`;
    const later = String(Number(exp) + 3600);
    for (const forged of [`${exp}.${flipped}`, `${later}.${mac}`, 'not-a-token', '0']) {
      const path = ['', 'hls', forged, ...rest].join('/');
      expectError(await call(app, 'GET', path, { noRealm: true }), 403, 'FORBIDDEN');
      expectError(await call(app, 'GET', resolve(path, '360p/seg_001.ts'), { noRealm: true }), 403, 'FORBIDDEN');
    }
  });

  it('403 for a token of another asset, of a VOD on a live path, and of another stream', async () => {
    const { app, play } = setup();
    const ember = play('ember').split('/')[2]!;
    const auroraPath = play('aurora');
    expectError(await call(app, 'GET', auroraPath.replace(/\/hls\/[^/]+\//, `/hls/${ember}/`), { noRealm: true }), 403, 'FORBIDDEN');
    const vodToken = auroraPath.split('/')[2]!;
    expectError(await call(app, 'GET', `/hls/${vodToken}/live/aurora/channel-1/master.m3u8`, { noRealm: true }), 403, 'FORBIDDEN');
    const live = play('aurora', 'channel-1');
    expectError(await call(app, 'GET', live.replace('/channel-1/', '/channel-2/'), { noRealm: true }), 403, 'FORBIDDEN');
  });

  it('404 for an unknown file, rendition or segment behind a valid token', async () => {
    const { app, play } = setup();
    const master = play('aurora');
    for (const path of [
      master.replace('master.m3u8', 'other.m3u8'),
      resolve(master, '1080p/index.m3u8'),
      resolve(master, '720p/seg_999.ts'),
      resolve(master, '720p/seg_000.vtt'),
      resolve(master, 'subs-en/seg_000.ts'),
      master.replace('master.m3u8', '720p/..%2Fasset.json'),
    ]) {
      expectError(await call(app, 'GET', path, { noRealm: true }), 404, 'NOT_FOUND');
    }
  });
});

describe('live', () => {
  const sequenceOf = (playlist: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1]);

  it('serves a sliding window that moves with the sandbox clock, over segments that play', async () => {
    const { app, clock, play } = setup();
    const master = play('aurora', 'channel-1');
    const masterText = await (await get(app, master)).text();
    expect(masterText.match(/#EXT-X-STREAM-INF:/g)).toHaveLength(2);
    const playlistPath = resolve(master, '720p/index.m3u8');
    const read = async () => {
      const res = await get(app, playlistPath);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(HLS_MIME_TYPE);
      return res.text();
    };
    const first = await read();
    expect(first).not.toContain('#EXT-X-ENDLIST');
    expect(first).toMatch(/#EXT-X-PROGRAM-DATE-TIME:\d{4}-\d{2}-\d{2}T/);
    expect(uris(first)).toHaveLength(LIVE_WINDOW_SEGMENTS);
    const before = sequenceOf(first);
    expect(Number.isSafeInteger(before)).toBe(true);

    // The real clock (and with it the sandbox clock) moves 40 s: ten 4-second segments.
    clock.advance(40);
    const later = await read();
    expect(sequenceOf(later)).toBe(before + 10);
    const seg = await get(app, resolve(playlistPath, uris(later)[0]!));
    expect(seg.status).toBe(200);
    expect(new Uint8Array(await seg.arrayBuffer())[0]).toBe(0x47);

    // The sandbox clock moved a day ahead by the control: the window follows it.
    const ahead = new Date(clock.now() + 86_400_000).toISOString();
    expect((await call(app, 'POST', '/_sandbox/clock', { body: { now: ahead } })).status).toBe(200);
    try {
      expect(sequenceOf(await read())).toBe(before + 10 + 86_400 / 4);
    } finally {
      await call(app, 'POST', '/_sandbox/clock', { body: { now: null } });
    }
  });

  it('serves the subtitle and audio windows with the same media sequence as the video', async () => {
    const { app, play } = setup();
    const master = play('aurora', 'stadium-2');
    const texts = await Promise.all(['360p', 'audio-es', 'subs-es'].map(async (r) => (await get(app, resolve(master, `${r}/index.m3u8`))).text()));
    const sequences = texts.map(sequenceOf);
    expect(new Set(sequences).size).toBe(1);
    expect(uris(texts[2]!).every((uri) => uri.endsWith('.vtt'))).toBe(true);
  });
});
