// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { attachStream, HLS_MIME_TYPE, type HlsModule, type StreamTracks } from './streamSource';

type Listener = (event: string, data: Record<string, unknown>) => void;

/** A stand-in for hls.js: records what the bridge asks, and lets the test raise its events. */
function fakeHls(supported = true) {
  const instances: FakeHls[] = [];
  class FakeHls {
    static Events = {
      MANIFEST_PARSED: 'manifestParsed',
      AUDIO_TRACKS_UPDATED: 'audioTracksUpdated',
      SUBTITLE_TRACKS_UPDATED: 'subtitleTracksUpdated',
      LEVEL_SWITCHED: 'levelSwitched',
      ERROR: 'error',
    };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    static isSupported = () => supported;
    listeners = new Map<string, Listener[]>();
    levels = [{ height: 360, bitrate: 600_000 }, { height: 720, bitrate: 1_800_000 }];
    audioTracks = [{ name: 'English', lang: 'en' }, { name: 'Español', lang: 'es' }];
    subtitleTracks = [{ name: 'English', lang: 'en' }];
    currentLevel = -1;
    audioTrack = 0;
    subtitleTrack = -1;
    subtitleDisplay = false;
    calls: string[] = [];
    constructor() {
      instances.push(this);
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    }
    emit(event: string, data: Record<string, unknown> = {}) {
      for (const listener of this.listeners.get(event) ?? []) listener(event, data);
    }
    loadSource(url: string) {
      this.calls.push(`loadSource ${url}`);
    }
    attachMedia() {
      this.calls.push('attachMedia');
    }
    startLoad() {
      this.calls.push('startLoad');
    }
    recoverMediaError() {
      this.calls.push('recoverMediaError');
    }
    destroy() {
      this.calls.push('destroy');
    }
  }
  return { load: async () => ({ default: FakeHls }) as unknown as HlsModule, instances };
}

const video = (nativeHls = false) => {
  const element = document.createElement('video');
  element.canPlayType = (type: string) => (nativeHls && type === HLS_MIME_TYPE ? 'maybe' : '');
  return element;
};

describe('attaching a stream to a video element', () => {
  it('plays a plain file with src, without loading hls.js', async () => {
    let loaded = false;
    const element = video();
    const stream = await attachStream(element, { url: 'http://media.test/a.webm', mimeType: 'video/webm' }, {}, async () => {
      loaded = true;
      throw new Error('must not load');
    });
    expect(stream.engine).toBe('file');
    expect(element.getAttribute('src')).toBe('http://media.test/a.webm');
    expect(loaded).toBe(false);
  });

  it('lets a browser without Media Source Extensions play HLS itself', async () => {
    const element = video(true);
    const stream = await attachStream(element, { url: 'http://media.test/master.m3u8', mimeType: HLS_MIME_TYPE }, {}, fakeHls(false).load);
    expect(stream.engine).toBe('native');
    expect(element.getAttribute('src')).toBe('http://media.test/master.m3u8');
  });

  it('plays HLS through hls.js elsewhere, reporting renditions and tracks, and switches them', async () => {
    const hls = fakeHls();
    const reported: StreamTracks[] = [];
    const renditions: number[] = [];
    // Even where the browser could play HLS itself (recent Chromium): hls.js gives the menus.
    const stream = await attachStream(
      video(true),
      { url: 'http://media.test/master.m3u8', mimeType: HLS_MIME_TYPE },
      { onTracks: (tracks) => reported.push(tracks), onRendition: (id) => renditions.push(id) },
      hls.load,
    );
    const [instance] = hls.instances;
    expect(stream.engine).toBe('hls.js');
    expect(instance!.calls).toEqual(['loadSource http://media.test/master.m3u8', 'attachMedia']);
    instance!.emit('manifestParsed');
    await Promise.resolve();
    expect(reported.at(-1)).toEqual({
      renditions: [{ id: 0, height: 360, bitrate: 600_000 }, { id: 1, height: 720, bitrate: 1_800_000 }],
      audioTracks: [{ id: 0, name: 'English', language: 'en' }, { id: 1, name: 'Español', language: 'es' }],
      subtitleTracks: [{ id: 0, name: 'English', language: 'en' }],
    });
    stream.selectRendition(1);
    expect(instance!.currentLevel).toBe(1);
    stream.selectRendition('auto');
    expect(instance!.currentLevel).toBe(-1);
    stream.selectAudioTrack(1);
    expect(instance!.audioTrack).toBe(1);
    stream.selectSubtitleTrack(0);
    expect([instance!.subtitleTrack, instance!.subtitleDisplay]).toEqual([0, true]);
    stream.selectSubtitleTrack('off');
    expect([instance!.subtitleTrack, instance!.subtitleDisplay]).toEqual([-1, false]);
    instance!.emit('levelSwitched', { level: 1 });
    expect(renditions).toEqual([1]);
  });

  it('reports new tracks once hls.js has selected its own default, so that a choice made then stays', async () => {
    const hls = fakeHls();
    let stream: Awaited<ReturnType<typeof attachStream>> | null = null;
    stream = await attachStream(
      video(),
      { url: 'http://media.test/master.m3u8', mimeType: HLS_MIME_TYPE },
      { onTracks: () => stream?.selectSubtitleTrack(0) },
      hls.load,
    );
    const [instance] = hls.instances;
    // hls.js announces the tracks, then selects its default (no subtitles) when its listeners return.
    instance!.emit('subtitleTracksUpdated');
    instance!.subtitleTrack = -1;
    await Promise.resolve();
    expect([instance!.subtitleTrack, instance!.subtitleDisplay]).toEqual([0, true]);
  });

  it('recovers once from a fatal network and a fatal media error, then reports the failure', async () => {
    const hls = fakeHls();
    const fatal: string[] = [];
    await attachStream(video(), { url: 'http://media.test/master.m3u8', mimeType: HLS_MIME_TYPE }, { onFatal: (e) => fatal.push(e.details) }, hls.load);
    const [instance] = hls.instances;
    instance!.emit('error', { fatal: false, type: 'networkError', details: 'fragLoadError' });
    instance!.emit('error', { fatal: true, type: 'networkError', details: 'manifestLoadError' });
    instance!.emit('error', { fatal: true, type: 'mediaError', details: 'bufferStalledError' });
    expect(fatal).toEqual([]);
    instance!.emit('error', { fatal: true, type: 'networkError', details: 'levelLoadError' });
    expect(fatal).toEqual(['levelLoadError']);
    expect(instance!.calls.slice(2)).toEqual(['startLoad', 'recoverMediaError', 'destroy']);
  });
});
