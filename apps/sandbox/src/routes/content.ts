/**
 * Content and playback (this project's calls, docs/api.md: playback answers an HLS stream of
 * routes/streaming.ts), the media route that serves a plain video file behind a short-lived token
 * (with HTTP Range), and the generated SVG thumbnails.
 */
import { asc, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { calls, CONTENT_TYPES, type ContentItem, type ContentType } from '@stream/core/contracts';
import type { SandboxEnv } from '../http/env.js';
import { contentItems } from '../db/schema.js';
import { ApiHttpError, platformError } from '../errors.js';
import { loadHeld } from '../licences/repository.js';
import { grantsAccess } from '../licences/state.js';
import { MEDIA_FILES, parseRange, readMedia } from '../media/files.js';
import { HLS_ASSET_IDS, type HlsAssetId } from '../media/hls.js';
import { mediaTokenProblem } from '../media/token.js';
import { THUMBNAIL_COLOURS } from '../seed/catalogue.js';
import { findPlayableTitle } from '../catalogue/playable.js';
import { ageLimitOf, ratedTitleId } from '../catalogue/rating.js';
import type { SandboxDb } from '../db/open.js';
import type { AccessClaims } from '../auth/jwt.js';
import type { RouteContext } from './context.js';
import { hlsPlayback, type HlsPlayback } from './streaming.js';

type ContentRow = typeof contentItems.$inferSelect;
const C = calls.content;

/** Registers content, playback, `/media/:file` and `/thumbnails/:file` on `app`. */
export function registerContentRoutes(app: Hono<SandboxEnv>, ctx: RouteContext): void {
  const { db, route } = ctx;

  // GET /api/v2/content: the catalogue (guests too).
  route(C.list, async (_, c) => {
    const limit = ageLimitOf(await ctx.optionalUser(c));
    const rows = await db
      .select()
      .from(contentItems)
      .where(ratedTitleId(undefined, contentItems.id, limit))
      .orderBy(asc(contentItems.sortOrder), asc(contentItems.id));
    return { items: rows.map((row) => toItem(row, ctx.publicUrl(c))) };
  });

  // GET /api/v2/content/:type/:id: one item; 404 NOT_FOUND.
  route(C.get, async ({ params }, c) => {
    const row = await findItem(db, params, ageLimitOf(await ctx.optionalUser(c)));
    return toItem(row, ctx.publicUrl(c));
  });

  // GET /api/v2/playback/:type/:id: a short-lived source when free or granted by an active licence.
  // The six content items as they always played; any other playable title of the catalogue
  // (VOD, EPISODE, LIVE once started and with its replay, CHANNEL: catalogue/playable.ts).
  route(C.playback, async ({ params }, c) => playbackAnswer(ctx, c, params, await ctx.optionalUser(c)));

  // GET /media/:file?token=: the file, with HTTP Range (206), only with a valid, unexpired token for it.
  app.get('/media/:file', async (c) => {
    const file = c.req.param('file');
    const mimeType = Object.hasOwn(MEDIA_FILES, file) ? MEDIA_FILES[file] : undefined;
    if (!mimeType) throw new ApiHttpError(404, 'NOT_FOUND', [`No media file ${file}`]);
    const problem = mediaTokenProblem(ctx.mediaSecret, file, c.req.query('token'), ctx.now());
    if (problem) throw new ApiHttpError(403, 'FORBIDDEN', [problem]);
    const bytes = await readMedia(file);
    const headers: Record<string, string> = {
      'content-type': mimeType,
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=600',
    };
    const range = parseRange(c.req.header('range'), bytes.length);
    if (range === 'unsatisfiable') {
      const body = platformError(416, 'RANGE_NOT_SATISFIABLE', [`Range outside 0-${bytes.length - 1}`], c.get('requestId'));
      return c.json(body, 416, { 'content-range': `bytes */${bytes.length}`, 'accept-ranges': 'bytes' });
    }
    const { start, end } = range ?? { start: 0, end: bytes.length - 1 };
    const slice = bytes.subarray(start, end + 1);
    headers['content-length'] = String(slice.length);
    if (range) headers['content-range'] = `bytes ${start}-${end}/${bytes.length}`;
    return c.body(new Uint8Array(slice), range ? 206 : 200, headers);
  });

  // GET /thumbnails/:id.svg: a generated SVG poster for a content item (public).
  app.get('/thumbnails/:file', async (c) => {
    const id = c.req.param('file').replace(/\.svg$/i, '');
    const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id)).limit(1);
    if (!row) throw new ApiHttpError(404, 'NOT_FOUND', [`No thumbnail ${c.req.param('file')}`]);
    return c.body(thumbnailSvg(row), 200, { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
  });
}

/**
 * The playback answer of `GET /api/v2/playback/{type}/{id}` for the caller `claims` (undefined for
 * a guest), also the source of a started stream (`routes/streamLeases.ts`): 403 `LICENCE_REQUIRED`
 * when no active licence of the caller grants a paid item, 404 for an unknown or unplayable one,
 * 409 for a live event not started or ended (catalogue/playable.ts).
 */
export async function playbackAnswer(
  ctx: RouteContext,
  c: Context,
  params: { type: string; id: string },
  claims: AccessClaims | undefined,
): Promise<HlsPlayback> {
  const { db } = ctx;
  const limit = ageLimitOf(claims);
  const now = await ctx.sandboxNow();
  const item = await findContentItem(db, params, limit);
  const { licenceIds, live } = item
    ? { licenceIds: item.licenceIds, live: item.type === 'LIVE' }
    : await findPlayableTitle(db, params.type, params.id, now, limit);
  await requireLicence(db, claims?.sub, licenceIds, now);
  // HLS (routes/streaming.ts): on demand plays its asset from the start, a live stream a live
  // window over it that follows the sandbox clock.
  return hlsPlayback(ctx, c, { assetId: assetOf(params.id), live: live ? params.id : undefined });
}

/**
 * Passes when `licenceIds` is empty (free) or account `userId` holds one of them granting access
 * at `now` (the sandbox clock); else 403 `LICENCE_REQUIRED` (`licenceRequired`), a guest
 * (`userId` undefined) included.
 */
export async function requireLicence(db: SandboxDb, userId: string | undefined, licenceIds: readonly string[], now: Date): Promise<void> {
  if (licenceIds.length === 0) return;
  const held = userId ? await loadHeld(db, userId, now) : [];
  const granted = held.some((h) => licenceIds.includes(h.cat.id) && grantsAccess(h.row, now));
  if (!granted) throw new ApiHttpError(403, 'LICENCE_REQUIRED', ['licenceRequired']);
}

/**
 * The generated HLS asset an item plays (media/hls.ts: three colour schemes of one programme),
 * chosen from its id so that neighbouring cards differ and an item always plays the same one.
 */
export function assetOf(id: string): HlsAssetId {
  let hash = 0;
  for (let i = 0; i < id.length; i += 1) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return HLS_ASSET_IDS[hash % HLS_ASSET_IDS.length]!;
}

/**
 * The content item the `:type/:id` path names; undefined for an unknown type or id, a type that is
 * not the item's, or an item (a catalogue title of the same id) rated above `ageLimit`.
 */
async function findContentItem(db: SandboxDb, params: { type: string; id: string }, ageLimit: number | undefined): Promise<ContentRow | undefined> {
  const type = params.type.toUpperCase();
  if (!(CONTENT_TYPES as readonly string[]).includes(type)) return undefined;
  const [row] = await db
    .select()
    .from(contentItems)
    .where(ratedTitleId(eq(contentItems.id, params.id), contentItems.id, ageLimit))
    .limit(1);
  return row && row.type === type ? row : undefined;
}

/** The content item the `:type/:id` path names; 404 for an unknown type or id, a type that is not the item's, or one above `ageLimit`. */
async function findItem(db: SandboxDb, params: { type: string; id: string }, ageLimit: number | undefined): Promise<ContentRow> {
  const row = await findContentItem(db, params, ageLimit);
  if (!row) throw new ApiHttpError(404, 'NOT_FOUND', [`No ${params.type.toUpperCase() || 'content'} ${params.id}`]);
  return row;
}

/** A content row in the wire shape; the thumbnail path becomes an absolute URL on `base`. */
function toItem(row: ContentRow, base: string): ContentItem {
  const item: ContentItem = { id: row.id, type: row.type as ContentType, title: row.title, licenceIds: [...row.licenceIds] };
  if (row.description) item.description = row.description;
  if (row.thumbnail) item.thumbnailUrl = `${base}${row.thumbnail}`;
  if (row.durationSeconds != null) item.durationSeconds = row.durationSeconds;
  if (row.startDate) item.startDate = row.startDate.toISOString();
  return item;
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** A 320×180 SVG: a gradient in the item's colours, its title, and a FREE / PREMIUM and VOD / LIVE badge. */
function thumbnailSvg(row: ContentRow): string {
  const [from, to] = THUMBNAIL_COLOURS[row.id] ?? ['#334155', '#64748b'];
  const badge = `${row.type === 'LIVE' ? 'LIVE' : 'VIDEO'} · ${row.licenceIds.length === 0 ? 'FREE' : 'PREMIUM'}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180" role="img" aria-label="${escapeXml(row.title)}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="320" height="180" fill="url(#g)"/>
  <circle cx="160" cy="78" r="26" fill="rgba(255,255,255,0.25)"/>
  <path d="M152 64 L152 92 L174 78 Z" fill="#fff"/>
  <text x="16" y="28" font-family="system-ui, sans-serif" font-size="12" font-weight="700" fill="#fff" letter-spacing="1">${badge}</text>
  <text x="16" y="160" font-family="system-ui, sans-serif" font-size="18" font-weight="700" fill="#fff">${escapeXml(row.title)}</text>
</svg>
`;
}
