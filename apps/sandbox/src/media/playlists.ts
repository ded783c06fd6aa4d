/**
 * HLS playlist text (RFC 8216) and WebVTT segments, as pure functions: the master playlist of an
 * asset, a VOD media playlist, and the sliding window of a live stream built from a VOD asset's
 * segments played in a loop. No I/O and no clock reads: time is a parameter (epoch milliseconds).
 * Every URI they write is relative, so that a playlist reached through a signed path
 * (`/hls/<token>/…`, routes/streaming.ts) sends the token with every request it leads to.
 */

/** One media segment: its URI relative to its playlist and its duration in seconds. */
export interface Segment {
  uri: string;
  durationS: number;
}

/** A video rendition of a master playlist (`EXT-X-STREAM-INF`). */
export interface VideoVariant {
  /** Media playlist URI, relative to the master playlist. */
  uri: string;
  /** Peak bits per second of the rendition with its audio (`BANDWIDTH`). */
  bandwidth: number;
  /** Average bits per second with its audio (`AVERAGE-BANDWIDTH`). */
  averageBandwidth: number;
  width: number;
  height: number;
  /** RFC 6381 codecs of the video and its audio, for example `avc1.42c01e,mp4a.40.2`. */
  codecs: string;
  /** Frames per second. */
  frameRate: number;
}

/** An alternative rendition (`EXT-X-MEDIA`): an audio or subtitle track. */
export interface AlternativeTrack {
  /** Media playlist URI, relative to the master playlist. */
  uri: string;
  /** BCP 47 language tag (`en`, `es`). */
  language: string;
  /** The name a player's track menu shows (`English`, `Español`). */
  name: string;
  default: boolean;
}

/** What a master playlist lists. */
export interface MasterSpec {
  video: readonly VideoVariant[];
  audio: readonly AlternativeTrack[];
  subtitles: readonly AlternativeTrack[];
}

/** `GROUP-ID` of the audio tracks in a master playlist. */
export const AUDIO_GROUP = 'audio';
/** `GROUP-ID` of the subtitle tracks in a master playlist. */
export const SUBTITLE_GROUP = 'subs';

const quoted = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;
const yesNo = (value: boolean) => (value ? 'YES' : 'NO');

/**
 * The master playlist: the audio and subtitle tracks (`EXT-X-MEDIA`, groups {@link AUDIO_GROUP}
 * and {@link SUBTITLE_GROUP}) and one `EXT-X-STREAM-INF` per video rendition, lowest bandwidth
 * first, each naming both groups.
 */
export function masterPlaylist(spec: MasterSpec): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:4', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const track of spec.audio) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=${quoted(AUDIO_GROUP)},LANGUAGE=${quoted(track.language)},NAME=${quoted(track.name)},` +
        `DEFAULT=${yesNo(track.default)},AUTOSELECT=YES,CHANNELS="2",URI=${quoted(track.uri)}`,
    );
  }
  for (const track of spec.subtitles) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=${quoted(SUBTITLE_GROUP)},LANGUAGE=${quoted(track.language)},NAME=${quoted(track.name)},` +
        `DEFAULT=${yesNo(track.default)},AUTOSELECT=YES,FORCED=NO,URI=${quoted(track.uri)}`,
    );
  }
  for (const variant of [...spec.video].sort((a, b) => a.bandwidth - b.bandwidth)) {
    const groups = `${spec.audio.length ? `,AUDIO=${quoted(AUDIO_GROUP)}` : ''}${spec.subtitles.length ? `,SUBTITLES=${quoted(SUBTITLE_GROUP)}` : ''}`;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(variant.bandwidth)},AVERAGE-BANDWIDTH=${Math.round(variant.averageBandwidth)},` +
        `RESOLUTION=${variant.width}x${variant.height},FRAME-RATE=${variant.frameRate.toFixed(3)},CODECS=${quoted(variant.codecs)}${groups}`,
      variant.uri,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** `EXT-X-TARGETDURATION` for `segments`: the largest duration rounded to the nearest second (at least 1). */
export function targetDuration(segments: readonly Segment[]): number {
  return Math.max(1, ...segments.map((s) => Math.round(s.durationS)));
}

const extinf = (s: Segment) => `#EXTINF:${s.durationS.toFixed(6)},`;

/** A VOD media playlist (`EXT-X-PLAYLIST-TYPE:VOD`, media sequence 0, `EXT-X-ENDLIST`). */
export function vodPlaylist(segments: readonly Segment[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${targetDuration(segments)}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (const segment of segments) lines.push(extinf(segment), segment.uri);
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/**
 * The segments of a media playlist written by ffmpeg's HLS muxer (`#EXTINF:<seconds>,` followed
 * by the URI); lines it does not know are skipped.
 */
export function parseMediaPlaylist(text: string): Segment[] {
  const segments: Segment[] = [];
  let duration: number | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const inf = /^#EXTINF:([0-9.]+)/.exec(line);
    if (inf) duration = Number(inf[1]);
    else if (line && !line.startsWith('#') && duration !== undefined) {
      segments.push({ uri: line, durationS: duration });
      duration = undefined;
    }
  }
  return segments;
}

/** One segment of a live window. */
export interface LiveEntry {
  /** Media sequence number: the count of segments the stream made before this one. */
  sequence: number;
  /** Index of the looped VOD segment it plays (0 to the asset's segment count − 1). */
  segment: number;
  /** When it starts on the stream's clock (epoch milliseconds; `EXT-X-PROGRAM-DATE-TIME`). */
  startMs: number;
  /** The loop wraps before it (an `EXT-X-DISCONTINUITY` precedes it); never on the window's first entry. */
  discontinuity: boolean;
}

/** The sliding window of a live stream at one moment. */
export interface LiveWindow {
  /** `EXT-X-MEDIA-SEQUENCE`: the sequence number of the first entry. */
  mediaSequence: number;
  /** `EXT-X-DISCONTINUITY-SEQUENCE`: loop wraps before the first entry. */
  discontinuitySequence: number;
  /** Oldest first; at most the window size, fewer only in the stream's first seconds. */
  entries: LiveEntry[];
}

/** Segments in the window of a live playlist (20 seconds with 4-second segments). */
export const LIVE_WINDOW_SEGMENTS = 5;

/**
 * The live window at `nowMs` of a stream that started at `anchorMs` and plays, in a loop, segments
 * of `timelineS` seconds: the last `size` segments that have ended by `nowMs`. The media sequence
 * never goes backwards as `nowMs` advances; each wrap of the loop starts a new discontinuity.
 * Durations are counted in whole milliseconds. An empty or invalid timeline (a duration not
 * positive and finite), a `size` below 1 or a non-finite time give an empty window.
 */
export function liveWindow(timelineS: readonly number[], nowMs: number, anchorMs: number, size = LIVE_WINDOW_SEGMENTS): LiveWindow {
  const empty: LiveWindow = { mediaSequence: 0, discontinuitySequence: 0, entries: [] };
  const durations = timelineS.map((s) => Math.round(s * 1000));
  if (!durations.length || durations.some((d) => !Number.isFinite(d) || d <= 0)) return empty;
  if (!Number.isFinite(nowMs) || !Number.isFinite(anchorMs) || !(size >= 1)) return empty;
  const starts: number[] = [];
  let loopMs = 0;
  for (const d of durations) {
    starts.push(loopMs);
    loopMs += d;
  }
  const n = durations.length;
  const elapsed = Math.floor(nowMs - anchorMs);
  if (elapsed <= 0) return empty;
  const loops = Math.floor(elapsed / loopMs);
  const rest = elapsed - loops * loopMs;
  let inLoop = 0;
  while (inLoop < n && starts[inLoop]! + durations[inLoop]! <= rest) inLoop += 1;
  const made = loops * n + inLoop;
  const first = Math.max(0, made - Math.floor(size));
  const entries: LiveEntry[] = [];
  for (let sequence = first; sequence < made; sequence += 1) {
    const segment = sequence % n;
    const loop = Math.floor(sequence / n);
    entries.push({ sequence, segment, startMs: anchorMs + loop * loopMs + starts[segment]!, discontinuity: segment === 0 && sequence !== first });
  }
  return { mediaSequence: first, discontinuitySequence: Math.floor(first / n), entries };
}

/**
 * A live media playlist of `window` over one rendition's `segments` (indexed by
 * {@link LiveEntry.segment}): media and discontinuity sequences, `EXT-X-PROGRAM-DATE-TIME` on every
 * segment, `EXT-X-DISCONTINUITY` where the loop wraps, and no `EXT-X-ENDLIST`.
 */
export function livePlaylist(segments: readonly Segment[], window: LiveWindow): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${targetDuration(segments)}`,
    `#EXT-X-MEDIA-SEQUENCE:${window.mediaSequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${window.discontinuitySequence}`,
  ];
  for (const entry of window.entries) {
    const segment = segments[entry.segment];
    if (!segment) continue;
    if (entry.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(entry.startMs).toISOString()}`, extinf(segment), segment.uri);
  }
  return `${lines.join('\n')}\n`;
}

/** A WebVTT cue: start and end in seconds from the asset's start, and its text. */
export interface Cue {
  startS: number;
  endS: number;
  text: string;
}

/** `HH:MM:SS.mmm` of `seconds`. */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * One WebVTT segment of a subtitle playlist holding `cues` (times from the asset's start). The
 * `X-TIMESTAMP-MAP` header maps the asset's time 0 to `mpegtsStart` (90 kHz ticks: the
 * presentation time of the video's first frame), so that players line the cues up with the video.
 */
export function vttSegment(cues: readonly Cue[], mpegtsStart: number): string {
  const blocks = cues.map((cue) => `${vttTime(cue.startS)} --> ${vttTime(cue.endS)}\n${cue.text.replace(/\n{2,}|-->/g, ' ')}`);
  return ['WEBVTT', `X-TIMESTAMP-MAP=MPEGTS:${Math.round(mpegtsStart)},LOCAL:00:00:00.000`, '', ...blocks.flatMap((b) => [b, ''])].join('\n');
}
