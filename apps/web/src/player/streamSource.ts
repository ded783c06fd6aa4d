import type Hls from 'hls.js';

/** The MIME type of an HLS playlist (RFC 8216), as the platform's playback answer names it. */
export const HLS_MIME_TYPE = 'application/vnd.apple.mpegurl';

/** One video rendition of a stream: its index in the stream's list, height in pixels, bit rate in bits per second. */
export interface Rendition {
  id: number;
  height: number;
  bitrate: number;
}

/** One audio or subtitle track: its index in the stream's list, its name, its language tag (BCP 47, may be ''). */
export interface MediaTrack {
  id: number;
  name: string;
  language: string;
}

/** What a stream offers once its playlist is read: renditions and tracks, each possibly empty. */
export interface StreamTracks {
  renditions: Rendition[];
  audioTracks: MediaTrack[];
  subtitleTracks: MediaTrack[];
}

/** What a page hears from an attached stream. */
export interface StreamCallbacks {
  /** The renditions and tracks, once known (hls.js: after the manifest; native: never, the browser's own menus serve). */
  onTracks?(tracks: StreamTracks): void;
  /** The rendition now playing (its `id`), each time it changes. */
  onRendition?(id: number): void;
  /** A failure the stream could not recover from (network or media, after one recovery each). */
  onFatal?(error: { type: string; details: string }): void;
  /**
   * The tallest rendition (height in px) the stream may load, asked once the renditions are known
   * and before the first one loads (a multi-view tile's size, issue 17); null: no cap.
   */
  maxHeight?(heights: number[]): number | null;
}

/** A source attached to a `<video>`: choose a rendition or track, detach. */
export interface AttachedStream {
  /** `'hls.js'` (Media Source Extensions), `'native'` (the browser plays HLS itself) or `'file'` (a plain video file). */
  engine: 'hls.js' | 'native' | 'file';
  /** A rendition by `id`, or `'auto'` (adaptive: the bandwidth decides). */
  selectRendition(id: number | 'auto'): void;
  selectAudioTrack(id: number): void;
  /** A subtitle track by `id`, or `'off'`. */
  selectSubtitleTrack(id: number | 'off'): void;
  /** Caps the adaptive choice at renditions at most `maxHeight` px tall (null: no cap); hls.js only. */
  capRendition(maxHeight: number | null): void;
  /**
   * Where playback is on the stream's own clock, epoch ms: a live stream's program date-time
   * (`EXT-X-PROGRAM-DATE-TIME`), the same for every player of the stream whenever it started;
   * null while unknown (no playlist yet, a stream without dates, a plain file).
   */
  playingDateMs(): number | null;
  /** Stops loading and frees the element. */
  destroy(): void;
}

/** The part of hls.js's module this bridge uses (injected in tests). */
export type HlsModule = { default: typeof Hls };

/**
 * Plays `source` in `video`: an HLS playlist (`mimeType` {@link HLS_MIME_TYPE}) through hls.js,
 * loaded on demand with `import()` so that only a watch page downloads it, wherever Media Source
 * Extensions exist; natively where they do not (iOS Safari); any other type as a plain `src`. hls.js recovers once from a
 * fatal network error (reloads) and once from a fatal media error (`recoverMediaError`) before it
 * reports `onFatal`. Resolves once the source is attached; rejects only when hls.js cannot load.
 */
export async function attachStream(
  video: HTMLVideoElement,
  source: { url: string; mimeType: string },
  callbacks: StreamCallbacks = {},
  loadHls: () => Promise<HlsModule> = () => import('hls.js'),
): Promise<AttachedStream> {
  const isHls = source.mimeType.toLowerCase() === HLS_MIME_TYPE || /\.m3u8(\?|$)/i.test(source.url);
  const plain = (engine: 'native' | 'file'): AttachedStream => {
    video.src = source.url;
    return {
      engine,
      selectRendition: () => undefined,
      selectAudioTrack: () => undefined,
      selectSubtitleTrack: () => undefined,
      capRendition: () => undefined,
      playingDateMs: () => {
        // Safari's native HLS: the date of the media timeline's zero.
        const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.().getTime();
        return start !== undefined && Number.isFinite(start) ? start + video.currentTime * 1000 : null;
      },
      destroy: () => {
        video.removeAttribute('src');
        video.load();
      },
    };
  };
  if (!isHls) return plain('file');
  // hls.js wherever Media Source Extensions exist (as its authors advise: the menus of renditions
  // and tracks need it, and recent Chromium also plays HLS natively, without them); else the
  // browser's own HLS (iOS Safari), or its attempt, which reports an error the page shows.
  const { default: HlsClass } = await loadHls();
  if (!HlsClass.isSupported()) return plain('native');
  const hls = new HlsClass({ enableWorker: true, capLevelToPlayerSize: true });
  const { Events, ErrorTypes } = HlsClass;
  const tracks = (): StreamTracks => ({
    renditions: hls.levels.map((level, id) => ({ id, height: level.height, bitrate: level.bitrate })),
    audioTracks: hls.audioTracks.map((track, id) => ({ id, name: track.name, language: track.lang ?? '' })),
    subtitleTracks: hls.subtitleTracks.map((track, id) => ({ id, name: track.name, language: track.lang ?? '' })),
  });
  // Reported once hls.js has finished with the event: right after announcing new tracks it selects
  // its own default (none for subtitles), which would undo a choice made while it announces them
  // (the viewer's preferred languages, chosen as soon as the tracks are known).
  const reportTracks = () => queueMicrotask(() => callbacks.onTracks?.(tracks()));
  /** The highest level index at most `maxHeight` px tall (the lowest when none is), or -1 (no cap). */
  const capAt = (maxHeight: number | null) => {
    if (maxHeight === null) return -1;
    let cap = 0;
    hls.levels.forEach((level, index) => {
      if (level.height <= maxHeight && level.height >= (hls.levels[cap]?.height ?? 0)) cap = index;
    });
    return cap;
  };
  const capRendition = (maxHeight: number | null) => {
    const cap = capAt(maxHeight);
    hls.autoLevelCapping = cap;
    if (cap >= 0 && hls.currentLevel > cap) hls.nextLevel = cap;
  };
  if (callbacks.maxHeight) {
    hls.on(Events.MANIFEST_PARSED, () => {
      const cap = capAt(callbacks.maxHeight!(hls.levels.map((level) => level.height)));
      hls.autoLevelCapping = cap;
      if (cap >= 0) hls.startLevel = Math.min(cap, Math.max(0, hls.startLevel));
    });
  }
  hls.on(Events.MANIFEST_PARSED, reportTracks);
  hls.on(Events.AUDIO_TRACKS_UPDATED, reportTracks);
  hls.on(Events.SUBTITLE_TRACKS_UPDATED, reportTracks);
  hls.on(Events.LEVEL_SWITCHED, (_, data) => callbacks.onRendition?.(data.level));
  const recovered = { network: false, media: false };
  hls.on(Events.ERROR, (_, data) => {
    if (!data.fatal) return;
    if (data.type === ErrorTypes.NETWORK_ERROR && !recovered.network) {
      recovered.network = true;
      hls.startLoad();
      return;
    }
    if (data.type === ErrorTypes.MEDIA_ERROR && !recovered.media) {
      recovered.media = true;
      hls.recoverMediaError();
      return;
    }
    callbacks.onFatal?.({ type: String(data.type), details: String(data.details) });
    hls.destroy();
  });
  hls.loadSource(source.url);
  hls.attachMedia(video);
  return {
    engine: 'hls.js',
    selectRendition: (id) => {
      // currentLevel switches at once (flushing the buffer); -1 is hls.js's automatic choice.
      hls.currentLevel = id === 'auto' ? -1 : id;
    },
    selectAudioTrack: (id) => {
      hls.audioTrack = id;
    },
    selectSubtitleTrack: (id) => {
      hls.subtitleTrack = id === 'off' ? -1 : id;
      hls.subtitleDisplay = id !== 'off';
    },
    capRendition,
    playingDateMs: () => hls.playingDate?.getTime() ?? null,
    destroy: () => hls.destroy(),
  };
}
