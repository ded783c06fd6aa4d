/**
 * Streaming and artwork (this project's, docs/sandbox.md "Streaming and artwork", docs/api.md
 * "Streaming"): the HLS playlists and segments of the generated assets (media/hls.ts) behind a
 * short-lived signed token in the path, VOD and live (a sliding window over the looped asset that
 * moves with the sandbox clock), the playback answer the catalogue's playback call gives, and the
 * generated artwork (media/artwork.ts).
 *
 * Paths (every URI inside a playlist is relative, so every request a player makes carries the token):
 * - `GET /hls/<token>/vod/<asset>/master.m3u8`, `…/vod/<asset>/<rendition>/index.m3u8`, `…/<rendition>/<segment>`
 * - `GET /hls/<token>/live/<asset>/<stream>/master.m3u8`, `…/<stream>/<rendition>/index.m3u8`, `…/<rendition>/<segment>`
 * - `GET /artwork/<kind>/<id>/<width>` (public)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { IMAGE_WIDTHS } from '@stream/core/domain';
import { ApiHttpError } from '../errors.js';
import type { SandboxEnv } from '../http/env.js';
import { isArtworkKind, renderArtwork, type ArtworkKind, type ArtworkLook } from '../media/artwork.js';
import { MEMORY_MEDIA_CACHE_DIR } from '../media/cache.js';
import { ensureHlsAsset, isHlsAssetId, type HlsAssetId, type HlsRendition } from '../media/hls.js';
import { liveWindow, livePlaylist, vodPlaylist } from '../media/playlists.js';
import { MEDIA_TOKEN_TTL_S, mediaTokenProblem, signMediaToken } from '../media/token.js';
import type { RouteContext } from './context.js';

/** MIME type of an HLS playlist, the `mimeType` of an HLS playback answer. */
export const HLS_MIME_TYPE = 'application/vnd.apple.mpegurl';

/** What to play: a generated asset on demand, or a live stream `live` (a stream id) looping it. */
export interface HlsSource {
  assetId: HlsAssetId;
  /** A live stream's id (1–128 of `[A-Za-z0-9._-]`, starting with a letter or digit): its window moves with the sandbox clock. */
  live?: string;
}

/** The playback answer of an HLS source (the `content.playback` response shape). */
export type HlsPlayback = {
  /** Absolute URL of the master playlist, with the token in its path. */
  url: string;
  mimeType: typeof HLS_MIME_TYPE;
  /** When the token stops opening the playlists and segments (ISO 8601; {@link MEDIA_TOKEN_TTL_S} after now). */
  expiresAt: string;
};

const STREAM_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The string a token signs: what it opens. A VOD token never opens a live stream, nor one stream another. */
function scopeOf(assetId: string, live: string | undefined): string {
  return live === undefined ? `hls/vod/${assetId}` : `hls/live/${assetId}/${live}`;
}

/**
 * The playback answer for `source`: the master playlist's URL on the sandbox's public URL, signed
 * for `ttlS` seconds (default {@link MEDIA_TOKEN_TTL_S}, 15 minutes) on the real clock (`ctx.now`),
 * like `/media` tokens. Throws for an unknown asset or a malformed stream id (a catalogue bug,
 * not a caller's).
 */
export function hlsPlayback(
  ctx: Pick<RouteContext, 'mediaSecret' | 'now' | 'publicUrl'>,
  c: Context,
  source: HlsSource,
  ttlS = MEDIA_TOKEN_TTL_S,
): HlsPlayback {
  if (!isHlsAssetId(source.assetId)) throw new Error(`Unknown HLS asset ${String(source.assetId)}`);
  if (source.live !== undefined && !STREAM_ID.test(source.live)) throw new Error(`Malformed live stream id ${source.live}`);
  const { token, expiresAt } = signMediaToken(ctx.mediaSecret, scopeOf(source.assetId, source.live), ctx.now(), ttlS);
  const where = source.live === undefined ? `vod/${source.assetId}` : `live/${source.assetId}/${source.live}`;
  return { url: `${ctx.publicUrl(c)}/hls/${token}/${where}/master.m3u8`, mimeType: HLS_MIME_TYPE, expiresAt: expiresAt.toISOString() };
}

/**
 * The moment live loops are counted from (epoch ms, 2026-01-01T00:00:00Z). Recent on purpose: the
 * discontinuity sequence counts the loops since then, and hls.js walks an array indexed by it on
 * every playlist reload (`initPTS`), so a count from 1970 (about 28 million with a one-minute
 * loop) cost each live player about a second of main thread per reload (issue 17's multi-view
 * plays four). A sandbox clock before it plays no live stream.
 */
export const LIVE_EPOCH_MS = Date.UTC(2026, 0, 1);

/**
 * When a live stream's loop started (epoch ms): a moment within one loop before
 * {@link LIVE_EPOCH_MS} that depends on the stream id, so that streams looping the same asset show
 * different moments of it.
 */
export function liveAnchorMs(streamId: string, loopMs: number): number {
  const hash = createHash('sha256').update(streamId, 'utf8').digest().readUInt32BE(0);
  return LIVE_EPOCH_MS - (hash % Math.max(1, Math.round(loopMs)));
}

const CONTENT_TYPES: Record<HlsRendition['kind'], string> = { video: 'video/mp2t', audio: 'video/mp2t', subtitles: 'text/vtt; charset=utf-8' };
const PLAYLIST_HEADERS = { 'content-type': HLS_MIME_TYPE, 'cache-control': 'private, max-age=60' };

/** The streaming routes' options. */
export interface StreamingOptions {
  /** The media cache (media/cache.ts `mediaCacheDir`); default `apps/sandbox/.media-cache/`. */
  cacheDir?: string;
}

/**
 * Registers `/hls/…` on `app`. A token that is missing, malformed, forged, expired or made for
 * another asset or stream answers 403 `FORBIDDEN`; with a valid token, an unknown asset,
 * rendition or file answers 404 `NOT_FOUND`. The first request of an asset not yet generated
 * waits for its generation (media/hls.ts `ensureHlsAsset`; `npm start` and `npm test` generate
 * them beforehand); 503 `SERVICE_UNAVAILABLE` without ffmpeg.
 */
export function registerStreamingRoutes(
  app: Hono<SandboxEnv>,
  ctx: Pick<RouteContext, 'mediaSecret' | 'now' | 'sandboxNow'>,
  options: StreamingOptions = {},
): void {
  const cacheDir = options.cacheDir ?? MEMORY_MEDIA_CACHE_DIR;
  const notFound = (what: string) => new ApiHttpError(404, 'NOT_FOUND', [`No ${what}`]);

  /** The asset the path names, once its token is checked. */
  const open = async (c: Context<SandboxEnv>) => {
    const { token, asset, stream } = c.req.param() as { token: string; asset: string; stream?: string };
    const problem = mediaTokenProblem(ctx.mediaSecret, scopeOf(asset, stream), token, ctx.now());
    if (problem) throw new ApiHttpError(403, 'FORBIDDEN', [problem]);
    if (!isHlsAssetId(asset) || (stream !== undefined && !STREAM_ID.test(stream))) throw notFound(`stream ${asset}`);
    return { hls: await ensureHlsAsset(cacheDir, asset), stream };
  };

  const master = async (c: Context<SandboxEnv>) => {
    const { hls } = await open(c);
    if (c.req.param('file') !== 'master.m3u8') throw notFound(`file ${c.req.param('file')}`);
    return c.body(hls.master, 200, PLAYLIST_HEADERS);
  };

  const media = async (c: Context<SandboxEnv>) => {
    const { hls, stream } = await open(c);
    const { rendition: name, file } = c.req.param() as { rendition: string; file: string };
    const rendition = Object.hasOwn(hls.renditions, name) ? hls.renditions[name] : undefined;
    if (!rendition) throw notFound(`rendition ${name}`);
    if (file === 'index.m3u8') {
      if (stream === undefined) return c.body(vodPlaylist(rendition.segments), 200, PLAYLIST_HEADERS);
      const now = (await ctx.sandboxNow()).getTime();
      const loopMs = hls.timelineS.reduce((sum, s) => sum + s, 0) * 1000;
      const window = liveWindow(hls.timelineS, now, liveAnchorMs(stream, loopMs));
      return c.body(livePlaylist(rendition.segments, window), 200, { 'content-type': HLS_MIME_TYPE, 'cache-control': 'no-cache' });
    }
    const segment = rendition.segments.find((s) => s.uri === file);
    if (!segment) throw notFound(`segment ${file}`);
    const bytes = await readFile(path.join(hls.dir, name, segment.uri));
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': CONTENT_TYPES[rendition.kind],
      'content-length': String(bytes.length),
      'cache-control': 'private, max-age=600',
    });
  };

  app.get('/hls/:token/vod/:asset/:file', master);
  app.get('/hls/:token/vod/:asset/:rendition/:file', media);
  app.get('/hls/:token/live/:asset/:stream/:file', master);
  app.get('/hls/:token/live/:asset/:stream/:rendition/:file', media);
}

/**
 * An item's look for its artwork, or null when there is no such item: the catalogue's answer
 * for `(kind, id)` (it may be asynchronous: a database read).
 */
export type ArtworkLookup = (kind: ArtworkKind, id: string) => ArtworkLook | null | Promise<ArtworkLook | null>;

/** The artwork route's options. */
export interface ArtworkOptions {
  lookup: ArtworkLookup;
  /** The media cache (media/cache.ts `mediaCacheDir`); default `apps/sandbox/.media-cache/`. */
  cacheDir?: string;
}

/**
 * Registers `GET /artwork/<kind>/<id>/<width>` (public, no realm): the JPEG of the item's artwork
 * of `kind` (`poster` 2:3, `hero` and `thumbnail` 16:9) `width` pixels wide, with
 * `cache-control: public, max-age=86400`. 404 `NOT_FOUND` for an unknown kind, a width not in
 * `IMAGE_WIDTHS` (identity-and-routes.md §9), or an id `lookup` does not know. Drawn on the first
 * request of each width (media/artwork.ts), then served from the cache.
 */
export function registerArtworkRoutes(app: Hono<SandboxEnv>, options: ArtworkOptions): void {
  const cacheDir = options.cacheDir ?? MEMORY_MEDIA_CACHE_DIR;
  app.get('/artwork/:kind/:id/:width', async (c) => {
    const { kind, id, width: rawWidth } = c.req.param();
    const width = /^\d{1,5}$/.test(rawWidth) ? Number(rawWidth) : Number.NaN;
    if (!isArtworkKind(kind)) throw new ApiHttpError(404, 'NOT_FOUND', [`No artwork kind ${kind}`]);
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) throw new ApiHttpError(404, 'NOT_FOUND', [`No artwork width ${rawWidth} (widths: ${IMAGE_WIDTHS.join(', ')})`]);
    const look = await options.lookup(kind, id);
    if (!look) throw new ApiHttpError(404, 'NOT_FOUND', [`No ${kind} for ${id}`]);
    const bytes = await readFile(await renderArtwork(cacheDir, kind, id, width, look));
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': 'image/jpeg',
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=86400',
    });
  });
}
