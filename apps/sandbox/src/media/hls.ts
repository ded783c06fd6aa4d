/**
 * The sandbox's HLS assets: a few 60-second videos generated locally with ffmpeg, once, into the
 * media cache (media/cache.ts), each with two H.264 renditions (360p ~600 kbps, 720p ~1.8 Mbps),
 * two AAC audio tracks (English, Spanish: a synthesised voice over a beep, a different voice and
 * tone each) and WebVTT subtitles in English and Spanish, in 4-second MPEG-TS and WebVTT
 * segments. Titles share them (one asset per colour scheme); live streams loop them
 * (media/playlists.ts `liveWindow`). docs/sandbox.md "Streaming and artwork".
 */
import { createHash } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  masterPlaylist,
  parseMediaPlaylist,
  vodPlaylist,
  vttSegment,
  type AlternativeTrack,
  type Cue,
  type Segment,
  type VideoVariant,
} from './playlists.js';
import { ensureFolder, exists, memoised, publish, removeStaleTemporaries, temporarySibling } from './cache.js';
import { concurrencyLimit, drawtextFont, ffmpeg, probeStartTime } from './ffmpeg.js';

/** The generated assets: an id, the name drawn on the picture, and the two colours of its moving background. */
export const HLS_ASSETS = [
  { id: 'aurora', label: 'Aurora', colours: ['#1e3a8a', '#9333ea'] },
  { id: 'ember', label: 'Ember', colours: ['#9a3412', '#f59e0b'] },
  { id: 'lagoon', label: 'Lagoon', colours: ['#065f46', '#0ea5e9'] },
] as const;
export type HlsAssetId = (typeof HLS_ASSETS)[number]['id'];
/** The ids of {@link HLS_ASSETS}, for the catalogue to spread its titles over. */
export const HLS_ASSET_IDS: readonly HlsAssetId[] = HLS_ASSETS.map((asset) => asset.id);

/** Whether `id` names an asset of {@link HLS_ASSETS}. */
export function isHlsAssetId(id: string): id is HlsAssetId {
  return (HLS_ASSET_IDS as readonly string[]).includes(id);
}

/** Length of every asset, seconds. */
export const HLS_ASSET_DURATION_S = 60;
/** Target segment length, seconds (every segment is 4 s: a keyframe every 2 s at 24 fps). */
export const HLS_SEGMENT_S = 4;
const FPS = 24;
const SAMPLE_RATE = 48_000;

/** The video renditions: folder (also the rendition's name), size, bitrate in kbit/s, H.264 level. */
export const VIDEO_RENDITIONS = [
  { id: '360p', width: 640, height: 360, kbps: 600, level: '3.0' },
  { id: '720p', width: 1280, height: 720, kbps: 1800, level: '3.1' },
] as const;

/** The audio tracks: folder, language, menu name, and what it sounds like (a flite voice saying `speech` every 10 s over a beep). */
export const AUDIO_TRACKS = [
  { id: 'audio-en', language: 'en', name: 'English', default: true, voice: 'slt', toneHz: 440, speech: 'English audio. This is the stream sandbox.' },
  { id: 'audio-es', language: 'es', name: 'Español', default: false, voice: 'kal16', toneHz: 660, speech: 'Audio en espanol. Esto es el sandbox.' },
] as const;

/** The subtitle tracks: folder, language, menu name, and the text of the cue shown every 2 seconds. */
export const SUBTITLE_TRACKS = [
  { id: 'subs-en', language: 'en', name: 'English', default: false, cue: (clock: string) => `English subtitles · ${clock}` },
  { id: 'subs-es', language: 'es', name: 'Español', default: false, cue: (clock: string) => `Subtítulos en español · ${clock}` },
] as const;

/** RFC 6381 codec of the audio tracks (AAC-LC). */
export const AUDIO_CODEC = 'mp4a.40.2';

/** One rendition of a generated asset: its kind and its segments (URIs relative to its folder). */
export interface HlsRendition {
  kind: 'video' | 'audio' | 'subtitles';
  segments: Segment[];
}

/** A generated asset, as the routes serve it. */
export interface HlsAsset {
  id: HlsAssetId;
  /** The folder holding `<rendition>/<segment>` files. */
  dir: string;
  /** The master playlist (relative URIs: `<rendition>/index.m3u8`), the same for VOD and live. */
  master: string;
  /** By folder name (`360p`, `720p`, `audio-en`, `audio-es`, `subs-en`, `subs-es`). */
  renditions: Record<string, HlsRendition>;
  /** Segment durations (seconds) of the video: the timeline a live stream loops. */
  timelineS: number[];
  /** How long generation took (ms), or undefined when the asset came from the cache. */
  generatedInMs?: number;
}

/** What `asset.json` in an asset's folder holds. */
interface Manifest {
  id: HlsAssetId;
  master: string;
  renditions: Record<string, HlsRendition>;
}

const memo = memoised<HlsAsset>();
/** One HLS generation at a time per process: each uses both cores already. */
const oneAtATime = concurrencyLimit(1);

/**
 * The asset `id`, from `<cacheDir>/hls/<id>-<recipe>/` when generated before (by this process or
 * another), else generated there now (about 15–30 s on two cores). Concurrent calls share one
 * generation; two processes generating at once each write a temporary folder and the first to
 * rename it into place wins. Rejects with `FfmpegMissingError` (503) without ffmpeg.
 */
export function ensureHlsAsset(cacheDir: string, id: HlsAssetId): Promise<HlsAsset> {
  const spec = HLS_ASSETS.find((asset) => asset.id === id);
  if (!spec) return Promise.reject(new Error(`Unknown HLS asset ${id}`));
  const recipe = assetRecipe(spec);
  const final = path.join(cacheDir, 'hls', `${id}-${recipe.hash}`);
  return memo(final, async () => {
    if (await exists(path.join(final, 'asset.json'))) return loadAsset(final);
    return oneAtATime(async () => {
      if (await exists(path.join(final, 'asset.json'))) return loadAsset(final);
      const started = performance.now();
      await ensureFolder(path.dirname(final));
      await removeStaleTemporaries(path.dirname(final));
      const temporary = temporarySibling(final);
      try {
        await generate(spec, recipe, temporary);
        await publish(temporary, final);
      } catch (error) {
        await rm(temporary, { recursive: true, force: true });
        throw error;
      }
      return { ...(await loadAsset(final)), generatedInMs: Math.round(performance.now() - started) };
    });
  });
}

async function loadAsset(dir: string): Promise<HlsAsset> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'asset.json'), 'utf8')) as Manifest;
  const video = manifest.renditions[VIDEO_RENDITIONS[0].id];
  return { id: manifest.id, dir, master: manifest.master, renditions: manifest.renditions, timelineS: video?.segments.map((s) => s.durationS) ?? [] };
}

type AssetSpec = (typeof HLS_ASSETS)[number];

/** The ffmpeg arguments of an asset (outputs relative to the folder it runs in) and their hash, the cache key. */
function assetRecipe(spec: AssetSpec): { args: string[]; hash: string } {
  const font = drawtextFont();
  const hex = (colour: string) => `0x${colour.slice(1)}`;
  const text = (value: string, size: number, position: string, box = false) =>
    font
      ? `,drawtext=fontfile=${font}:text='${value}':fontsize=${size}:fontcolor=white:borderw=${Math.ceil(size / 20)}:bordercolor=black@0.6` +
        `${box ? ':box=1:boxcolor=black@0.45:boxborderw=8' : ''}:${position}`
      : '';
  // The largest rendition's size; the sources are drawn at a quarter of it and scaled up.
  const { width: W, height: H } = VIDEO_RENDITIONS[VIDEO_RENDITIONS.length - 1]!;
  // Video: a slowly turning gradient in the asset's colours, a test pattern sliding across it,
  // the running time and the asset's name; each rendition writes its own name in a corner.
  const graph = [
    `[0:v]scale=${W}:${H}:flags=bicubic[bg]`,
    `[bg][1:v]overlay=x='(W-w)*(0.5+0.45*sin(2*PI*t/12))':y='(H-h)*0.4':eval=frame` +
      text('%{pts\\:hms}', Math.round(H / 9), 'x=(w-tw)/2:y=h-th-h/12') +
      text(spec.label, Math.round(H / 16), 'x=w/32:y=h/18') +
      `,split=${VIDEO_RENDITIONS.length}${VIDEO_RENDITIONS.map((_, i) => `[s${i}]`).join('')}`,
    ...VIDEO_RENDITIONS.map(
      (r, i) => `[s${i}]scale=${r.width}:${r.height}${text(r.id, Math.round(r.height / 16), 'x=w-tw-w/40:y=h/30', true)}[v${i}]`,
    ),
    // Audio: the voice padded to 10 s and looped, over a quiet beep; cut at a whole AAC frame.
    ...AUDIO_TRACKS.map(
      (_, i) =>
        `[${2 + 2 * i}:a]aresample=${SAMPLE_RATE},apad=whole_dur=10,aloop=loop=-1:size=${10 * SAMPLE_RATE},atrim=end_sample=${HLS_ASSET_DURATION_S * SAMPLE_RATE}[voice${i}];` +
        `[${3 + 2 * i}:a]volume=0.15[tone${i}];` +
        `[voice${i}][tone${i}]amix=inputs=2:duration=first:normalize=0,atrim=end_sample=${Math.floor((HLS_ASSET_DURATION_S * SAMPLE_RATE) / 1024) * 1024}[a${i}]`,
    ),
  ].join(';');
  const hls = (folder: string) => ['-f', 'hls', '-hls_time', String(HLS_SEGMENT_S), '-hls_playlist_type', 'vod', '-hls_segment_filename', `${folder}/seg_%03d.ts`, `${folder}/index.m3u8`];
  const args = [
    '-f', 'lavfi', '-i', `gradients=s=${W / 4}x${H / 4}:r=${FPS}:d=${HLS_ASSET_DURATION_S}:c0=${hex(spec.colours[0])}:c1=${hex(spec.colours[1])}:speed=0.03:seed=1`,
    '-f', 'lavfi', '-i', `testsrc2=s=${W / 4}x${H / 4}:r=${FPS}:d=${HLS_ASSET_DURATION_S}`,
    ...AUDIO_TRACKS.flatMap((track) => [
      '-f', 'lavfi', '-i', `flite=textfile=${track.id}.txt:voice=${track.voice}`,
      '-f', 'lavfi', '-i', `sine=frequency=${track.toneHz}:beep_factor=4:sample_rate=${SAMPLE_RATE}:duration=${HLS_ASSET_DURATION_S}`,
    ]),
    '-filter_complex', graph,
    ...VIDEO_RENDITIONS.flatMap((r, i) => [
      '-map', `[v${i}]`, '-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'baseline', '-level:v', r.level, '-pix_fmt', 'yuv420p',
      '-r', String(FPS), '-g', String(FPS * 2), '-keyint_min', String(FPS * 2), '-sc_threshold', '0',
      '-b:v', `${r.kbps}k`, '-maxrate', `${Math.round(r.kbps * 1.15)}k`, '-bufsize', `${r.kbps * 2}k`,
      ...hls(r.id),
    ]),
    ...AUDIO_TRACKS.flatMap((track, i) => ['-map', `[a${i}]`, '-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-ar', String(SAMPLE_RATE), ...hls(track.id)]),
  ];
  const hash = createHash('sha256')
    .update(JSON.stringify({ args, speech: AUDIO_TRACKS.map((t) => t.speech), cues: SUBTITLE_TRACKS.map((t) => t.cue('0:00')), version: 1 }))
    .digest('hex')
    .slice(0, 12);
  return { args, hash };
}

/** Generates the asset into the empty-or-missing folder `dir`: ffmpeg's segments, then the subtitles, playlists and `asset.json`. */
async function generate(spec: AssetSpec, recipe: { args: string[] }, dir: string): Promise<void> {
  await ensureFolder(dir);
  for (const folder of [...VIDEO_RENDITIONS, ...AUDIO_TRACKS, ...SUBTITLE_TRACKS].map((r) => r.id)) await ensureFolder(path.join(dir, folder));
  for (const track of AUDIO_TRACKS) await writeFile(path.join(dir, `${track.id}.txt`), track.speech);
  await ffmpeg(recipe.args, dir);

  const renditions: Record<string, HlsRendition> = {};
  for (const r of VIDEO_RENDITIONS) renditions[r.id] = { kind: 'video', segments: await segmentsOf(dir, r.id) };
  for (const t of AUDIO_TRACKS) renditions[t.id] = { kind: 'audio', segments: await segmentsOf(dir, t.id) };
  const timeline = renditions[VIDEO_RENDITIONS[0].id]!.segments;
  for (const [name, rendition] of Object.entries(renditions)) {
    if (rendition.segments.length !== timeline.length) {
      throw new Error(`HLS asset ${spec.id}: ${name} has ${rendition.segments.length} segments, the video ${timeline.length}`);
    }
  }

  // Subtitles: a cue every 2 seconds, in the segment it starts in, times mapped to the video's first frame.
  const mpegtsStart = Math.round((await probeStartTime(path.join(dir, VIDEO_RENDITIONS[0].id, timeline[0]!.uri))) * 90_000);
  let start = 0;
  const windows = timeline.map((segment) => {
    const window = { startS: start, endS: start + segment.durationS };
    start = window.endS;
    return window;
  });
  for (const track of SUBTITLE_TRACKS) {
    const segments: Segment[] = [];
    for (const [i, window] of windows.entries()) {
      const cues: Cue[] = [];
      for (let t = Math.ceil(window.startS / 2) * 2; t < window.endS - 1e-6; t += 2) {
        cues.push({ startS: t + 0.1, endS: Math.min(t + 1.9, window.endS), text: track.cue(clockText(t)) });
      }
      const uri = `seg_${String(i).padStart(3, '0')}.vtt`;
      await writeFile(path.join(dir, track.id, uri), vttSegment(cues, mpegtsStart));
      segments.push({ uri, durationS: window.endS - window.startS });
    }
    renditions[track.id] = { kind: 'subtitles', segments };
  }

  for (const [name, rendition] of Object.entries(renditions)) await writeFile(path.join(dir, name, 'index.m3u8'), vodPlaylist(rendition.segments));
  const master = masterPlaylist({
    video: await Promise.all(VIDEO_RENDITIONS.map((r) => videoVariant(dir, r, renditions))),
    audio: AUDIO_TRACKS.map((t) => track(t)),
    subtitles: SUBTITLE_TRACKS.map((t) => track(t)),
  });
  await writeFile(path.join(dir, 'master.m3u8'), master);
  const manifest: Manifest = { id: spec.id, master, renditions };
  await writeFile(path.join(dir, 'asset.json'), JSON.stringify(manifest));
}

const track = (t: { id: string; language: string; name: string; default: boolean }): AlternativeTrack => ({
  uri: `${t.id}/index.m3u8`,
  language: t.language,
  name: t.name,
  default: t.default,
});

/** `m:ss` of `seconds`. */
const clockText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

async function segmentsOf(dir: string, folder: string): Promise<Segment[]> {
  const segments = parseMediaPlaylist(await readFile(path.join(dir, folder, 'index.m3u8'), 'utf8'));
  if (!segments.length) throw new Error(`ffmpeg wrote no segments for ${folder}`);
  return segments;
}

/** Peak and average bits per second of a rendition, from its segments' sizes. */
async function bitrates(dir: string, folder: string, segments: readonly Segment[]): Promise<{ peak: number; average: number }> {
  const sizes = await Promise.all(segments.map(async (s) => (await stat(path.join(dir, folder, s.uri))).size));
  const total = segments.reduce((sum, s) => sum + s.durationS, 0);
  return {
    peak: Math.max(...sizes.map((size, i) => (size * 8) / segments[i]!.durationS)),
    average: (sizes.reduce((a, b) => a + b, 0) * 8) / total,
  };
}

async function videoVariant(dir: string, r: (typeof VIDEO_RENDITIONS)[number], renditions: Record<string, HlsRendition>): Promise<VideoVariant> {
  const video = await bitrates(dir, r.id, renditions[r.id]!.segments);
  const audio = await Promise.all(AUDIO_TRACKS.map((t) => bitrates(dir, t.id, renditions[t.id]!.segments)));
  const first = await readFile(path.join(dir, r.id, renditions[r.id]!.segments[0]!.uri));
  return {
    uri: `${r.id}/index.m3u8`,
    bandwidth: Math.ceil(video.peak + Math.max(...audio.map((a) => a.peak))),
    averageBandwidth: Math.ceil(video.average + Math.max(...audio.map((a) => a.average))),
    width: r.width,
    height: r.height,
    codecs: `${avcCodec(first)},${AUDIO_CODEC}`,
    frameRate: FPS,
  };
}

/**
 * The RFC 6381 codec (`avc1.PPCCLL`) of the first H.264 sequence parameter set in `bytes` (an
 * MPEG-TS segment): profile, constraint flags and level as hex. Throws when there is none.
 */
export function avcCodec(bytes: Uint8Array): string {
  for (let i = 0; i + 6 < bytes.length; i += 1) {
    if (bytes[i] === 0 && bytes[i + 1] === 0 && bytes[i + 2] === 1 && (bytes[i + 3]! & 0x1f) === 7) {
      const hex = (b: number) => b.toString(16).padStart(2, '0');
      return `avc1.${hex(bytes[i + 4]!)}${hex(bytes[i + 5]!)}${hex(bytes[i + 6]!)}`;
    }
  }
  throw new Error('No H.264 sequence parameter set in the segment');
}
