/**
 * The pure parts of streaming and artwork: playlist text (master, VOD, the live window and its
 * playlist), WebVTT segments, the codec string and the live anchor.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { avcCodec } from '../src/media/hls.js';
import {
  LIVE_WINDOW_SEGMENTS,
  livePlaylist,
  liveWindow,
  masterPlaylist,
  parseMediaPlaylist,
  targetDuration,
  vodPlaylist,
  vttSegment,
  vttTime,
  type Segment,
} from '../src/media/playlists.js';
import { LIVE_EPOCH_MS, liveAnchorMs } from '../src/routes/streaming.js';

const MASTER = {
  video: [
    { uri: '720p/index.m3u8', bandwidth: 2_000_000, averageBandwidth: 1_900_000, width: 1280, height: 720, codecs: 'avc1.42c01f,mp4a.40.2', frameRate: 24 },
    { uri: '360p/index.m3u8', bandwidth: 750_000, averageBandwidth: 700_000, width: 640, height: 360, codecs: 'avc1.42c01e,mp4a.40.2', frameRate: 24 },
  ],
  audio: [
    { uri: 'audio-en/index.m3u8', language: 'en', name: 'English', default: true },
    { uri: 'audio-es/index.m3u8', language: 'es', name: 'Español', default: false },
  ],
  subtitles: [
    { uri: 'subs-en/index.m3u8', language: 'en', name: 'English', default: false },
    { uri: 'subs-es/index.m3u8', language: 'es', name: 'Español', default: false },
  ],
};

const segmentsOf = (durations: readonly number[], ext = 'ts'): Segment[] =>
  durations.map((durationS, i) => ({ uri: `seg_${String(i).padStart(3, '0')}.${ext}`, durationS }));

describe('master playlist', () => {
  const text = masterPlaylist(MASTER);

  it('lists both video renditions, lowest bandwidth first, with bandwidth, resolution, codecs and both groups', () => {
    const variants = text.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(2);
    expect(variants[0]).toContain('BANDWIDTH=750000');
    expect(variants[0]).toContain('RESOLUTION=640x360');
    expect(variants[0]).toContain('CODECS="avc1.42c01e,mp4a.40.2"');
    expect(variants[1]).toContain('RESOLUTION=1280x720');
    for (const variant of variants) expect(variant).toMatch(/AUDIO="audio",SUBTITLES="subs"$/);
    const lines = text.split('\n');
    expect(lines[lines.indexOf(variants[0]!) + 1]).toBe('360p/index.m3u8');
    expect(lines[lines.indexOf(variants[1]!) + 1]).toBe('720p/index.m3u8');
  });

  it('lists both audio tracks and both subtitle tracks with their languages, names and relative URIs', () => {
    const media = text.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:'));
    expect(media.filter((line) => line.includes('TYPE=AUDIO'))).toEqual([
      expect.stringContaining('LANGUAGE="en",NAME="English",DEFAULT=YES'),
      expect.stringContaining('LANGUAGE="es",NAME="Español",DEFAULT=NO'),
    ]);
    expect(media.filter((line) => line.includes('TYPE=SUBTITLES'))).toEqual([
      expect.stringContaining('URI="subs-en/index.m3u8"'),
      expect.stringContaining('URI="subs-es/index.m3u8"'),
    ]);
    expect(text.startsWith('#EXTM3U\n')).toBe(true);
  });
});

describe('VOD media playlist', () => {
  it('round-trips through the parser and ends with EXT-X-ENDLIST', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 30 }), (ms) => {
        const segments = segmentsOf(ms.map((m) => m / 1000));
        const text = vodPlaylist(segments);
        expect(parseMediaPlaylist(text)).toEqual(segments);
        expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
        expect(text).toContain(`#EXT-X-TARGETDURATION:${targetDuration(segments)}`);
        for (const s of segments) expect(Math.round(s.durationS)).toBeLessThanOrEqual(targetDuration(segments));
      }),
    );
  });
});

const timeline = fc.array(fc.integer({ min: 500, max: 10_000 }), { minLength: 1, maxLength: 20 }).map((ms) => ms.map((m) => m / 1000));

describe('live window', () => {
  it('holds the last `size` segments that have ended, consecutive, with wraps marked', () => {
    fc.assert(
      fc.property(
        timeline,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: 1e10 }),
        (durations, size, anchorMs, extraMs) => {
          const loopMs = durations.reduce((sum, s) => sum + Math.round(s * 1000), 0);
          // Enough elapsed time for a full window: `size` whole loops and more.
          const nowMs = anchorMs + size * loopMs + extraMs;
          const w = liveWindow(durations, nowMs, anchorMs, size);
          expect(w.entries).toHaveLength(size);
          expect(w.mediaSequence).toBe(w.entries[0]!.sequence);
          expect(w.discontinuitySequence).toBe(Math.floor(w.mediaSequence / durations.length));
          w.entries.forEach((entry, i) => {
            expect(entry.sequence).toBe(w.mediaSequence + i);
            expect(entry.segment).toBe(entry.sequence % durations.length);
            expect(entry.discontinuity).toBe(i > 0 && entry.segment === 0);
            const next = w.entries[i + 1];
            if (next) expect(next.startMs).toBe(entry.startMs + Math.round(durations[entry.segment]! * 1000));
          });
          const last = w.entries[size - 1]!;
          const lastEnd = last.startMs + Math.round(durations[last.segment]! * 1000);
          expect(lastEnd).toBeLessThanOrEqual(nowMs);
          // The segment after the window's last has not ended yet.
          expect(lastEnd + Math.round(durations[(last.segment + 1) % durations.length]! * 1000)).toBeGreaterThan(nowMs);
        },
      ),
    );
  });

  it('never goes backwards as time advances, and keeps its length', () => {
    fc.assert(
      fc.property(timeline, fc.integer({ min: 0, max: 1e12 }), fc.array(fc.integer({ min: 0, max: 1e8 }), { maxLength: 10 }), (durations, startMs, steps) => {
        const loopMs = durations.reduce((sum, s) => sum + Math.round(s * 1000), 0);
        // Past the stream's first window: the window has its full length from then on.
        let nowMs = startMs + LIVE_WINDOW_SEGMENTS * loopMs;
        let previous = liveWindow(durations, nowMs, startMs);
        for (const step of steps) {
          nowMs += step;
          const current = liveWindow(durations, nowMs, startMs);
          expect(current.mediaSequence).toBeGreaterThanOrEqual(previous.mediaSequence);
          expect(current.discontinuitySequence).toBeGreaterThanOrEqual(previous.discontinuitySequence);
          expect(current.entries).toHaveLength(previous.entries.length);
          previous = current;
        }
      }),
    );
  });

  it('moves one segment per segment duration of the clock', () => {
    const durations = Array.from({ length: 15 }, () => 4);
    const at = (nowMs: number) => liveWindow(durations, nowMs, 0, 4).mediaSequence;
    expect(at(1_000_000_000) + 1).toBe(at(1_000_000_000 + 4000));
    expect(at(1_000_000_000) + 15).toBe(at(1_000_000_000 + 60_000));
  });

  it('is short in the stream\'s first seconds and empty for invalid input (never throws)', () => {
    expect(liveWindow([4, 4], 10_000, 0, 4).entries.map((e) => e.sequence)).toEqual([0, 1]);
    expect(liveWindow([4], 1000, 0).entries).toEqual([]);
    expect(liveWindow([], 1e12, 0).entries).toEqual([]);
    expect(liveWindow([4, 0], 1e12, 0).entries).toEqual([]);
    expect(liveWindow([4, Number.NaN], 1e12, 0).entries).toEqual([]);
    expect(liveWindow([4], Number.POSITIVE_INFINITY, 0).entries).toEqual([]);
    expect(liveWindow([4], 1e12, 0, 0).entries).toEqual([]);
  });
});

describe('live media playlist', () => {
  const durations = [4, 4, 4];
  const segments = segmentsOf(durations);

  it('has the sequences, a date-time per segment, a discontinuity where the loop wraps, relative URIs and no ENDLIST', () => {
    const window = liveWindow(durations, 1_000_000_000 + 2000, 1_000_000_000 - 3 * 12_000, 4);
    const text = livePlaylist(segments, window);
    const lines = text.trimEnd().split('\n');
    expect(lines).toContain(`#EXT-X-MEDIA-SEQUENCE:${window.mediaSequence}`);
    expect(lines).toContain(`#EXT-X-DISCONTINUITY-SEQUENCE:${window.discontinuitySequence}`);
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(lines.filter((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME:'))).toHaveLength(4);
    expect(lines.filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength(1);
    const uris = lines.filter((l) => !l.startsWith('#'));
    expect(uris).toHaveLength(4);
    for (const uri of uris) expect(uri).toMatch(/^seg_\d{3}\.ts$/);
    const discontinuity = lines.indexOf('#EXT-X-DISCONTINUITY');
    expect(lines[discontinuity + 3]).toBe('seg_000.ts');
  });

  it('moves with the clock', () => {
    const at = (nowMs: number) => livePlaylist(segments, liveWindow(durations, nowMs, 0));
    expect(at(1_000_000_000)).not.toBe(at(1_000_004_000));
    expect(at(1_000_000_000)).toBe(at(1_000_000_500));
  });
});

describe('WebVTT segments', () => {
  it('start with the header and the timestamp map, then the cues', () => {
    const text = vttSegment([{ startS: 4.1, endS: 5.9, text: 'Subtítulos en español · 0:04' }], 126_000);
    expect(text.split('\n').slice(0, 5)).toEqual([
      'WEBVTT',
      'X-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000',
      '',
      '00:00:04.100 --> 00:00:05.900',
      'Subtítulos en español · 0:04',
    ]);
    expect(vttTime(3725.5)).toBe('01:02:05.500');
  });
});

describe('avcCodec', () => {
  it('reads profile, constraints and level of the first sequence parameter set', () => {
    const bytes = Uint8Array.from([0x47, 0, 0, 0, 1, 0x09, 0xf0, 0, 0, 0, 1, 0x67, 0x42, 0xc0, 0x1f, 0xd9]);
    expect(avcCodec(bytes)).toBe('avc1.42c01f');
    expect(() => avcCodec(Uint8Array.from([0, 0, 1, 0x65, 1, 2, 3]))).toThrow();
  });
});

describe('liveAnchorMs', () => {
  it('is within one loop before LIVE_EPOCH_MS (2026) and differs between streams', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 1e7 }), (id, loopMs) => {
        const anchor = liveAnchorMs(id, loopMs);
        expect(anchor).toBeLessThanOrEqual(LIVE_EPOCH_MS);
        expect(anchor).toBeGreaterThan(LIVE_EPOCH_MS - loopMs);
      }),
    );
    expect(liveAnchorMs('channel-1', 60_000)).not.toBe(liveAnchorMs('channel-2', 60_000));
  });
});
