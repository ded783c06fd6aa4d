import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { formatDuration } from '@stream/core/domain';
import { connectVideoPlayer, videoPlayerMachine, type VideoPlayerCommand, type VideoPlayerNextEpisode } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { PLAYER_VIDEO_PROPS } from '../player/playerVideo';
import { attachStream, type AttachedStream } from '../player/streamSource';
import type { PlayerPreferences } from '../preferences/usePlayerPreferences';

export interface VideoPlayerProps {
  /** The playback answer: a URL and its MIME type (HLS: `application/vnd.apple.mpegurl`). */
  source: { url: string; mimeType: string };
  /** Title of the item, the video's accessible name. */
  title: string;
  /** A live stream: no duration; a live badge and "go to live" instead. */
  live?: boolean;
  /** The episode that follows (its id, title and watch page `path`), offered when this one ends. */
  nextEpisode?: VideoPlayerNextEpisode | null;
  /** Where playback starts, in seconds (a title resumed where the viewer left it), once the duration is known. @default 0 */
  startAt?: number;
  /** Told what the video does (the history reporter of a signed-in viewer's on-demand title). */
  progress?: PlayerProgressListener | null;
  /**
   * The viewer's preferences, applied from the start (§3 "Preferences"): muted, the audio and
   * subtitle languages chosen when the tracks are known, and auto-advance (at the end the next
   * episode's page opens). @default the player's defaults (muted, the stream's tracks, the next episode offered)
   */
  preferences?: PlayerPreferences;
}

/** What the player tells about playback (the shape of core's `HistoryReporterApi`): times in seconds. */
export interface PlayerProgressListener {
  /** `timeupdate` and `durationchange`: the position and the duration. */
  position(positionSeconds: number, durationSeconds: number): void;
  play(): void;
  pause(): void;
  ended(): void;
}

/** Seconds the arrow keys move by. */
const SEEK_STEP_S = 10;
/** Volume steps of the up and down keys (0–100). */
const VOLUME_STEP = 10;

/**
 * The player: an HTML5 `<video>` with the stream attached by `attachStream` (hls.js on demand,
 * native HLS, or a file), rendering core's `videoPlayerMachine` (commerce-and-account-data.md §3
 * "player": position, duration, volume default 100, muted by default so that autoplay is allowed,
 * fullscreen). The element's events go to the machine; the machine's commands (`video.*`) are
 * applied to the element and the stream. Besides the browser's controls: quality, audio and
 * subtitle menus, picture-in-picture, a live badge with "go to live", and keyboard shortcuts on
 * the player (space or k: play/pause; ←/→: 10 s; ↑/↓: volume; m: mute; f: full screen).
 * Playback starts at `startAt` (a resumed title) and what it does is told to `progress`; the
 * viewer's `preferences` apply from the start, and with auto-advance on, the end opens the next
 * episode's page (the machine's `video.advance`).
 */
export function VideoPlayer({ source, title, live = false, nextEpisode = null, startAt = 0, progress = null, preferences = {} }: VideoPlayerProps) {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const figureRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<AttachedStream | null>(null);
  const [snapshot, send, actor] = useMachine(videoPlayerMachine, { input: { ...preferences, live, nextEpisode } });
  const player = connectVideoPlayer(snapshot, send);
  // `startAt` is applied once, at the first known duration.
  const pendingStart = useRef(live ? 0 : startAt);

  const onDuration = (video: HTMLVideoElement) => {
    player.onLoadedMetadata(video.duration);
    const start = pendingStart.current;
    if (start > 0 && Number.isFinite(video.duration) && video.duration > 0) {
      pendingStart.current = 0;
      player.seek(start);
    }
    // After the seek (applied at once): leaving right away reports where playback resumed, not 0.
    progress?.position(video.currentTime, video.duration);
  };

  // The machine's commands reach the element and the stream.
  useEffect(() => {
    const apply = (command: VideoPlayerCommand) => {
      const video = videoRef.current;
      if (!video) return;
      switch (command.type) {
        case 'video.play':
          void video.play().catch(() => undefined);
          break;
        case 'video.pause':
          video.pause();
          break;
        case 'video.seek':
          video.currentTime = command.position;
          break;
        case 'video.volume':
          video.volume = Math.min(1, Math.max(0, command.volume / 100));
          video.muted = command.muted;
          break;
        case 'video.fullscreen':
          if (command.fullscreen) void figureRef.current?.requestFullscreen?.().catch(() => undefined);
          else if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
          break;
        case 'video.quality':
          streamRef.current?.selectRendition(command.quality);
          break;
        case 'video.audioTrack':
          streamRef.current?.selectAudioTrack(command.id);
          break;
        case 'video.subtitleTrack':
          streamRef.current?.selectSubtitleTrack(command.id);
          break;
        case 'video.load':
          video.load();
          break;
        case 'video.advance':
          navigate(command.nextEpisode.path);
          break;
      }
    };
    const subscription = actor.on('*', (event) => apply(event as VideoPlayerCommand));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  // The source: HLS through hls.js (loaded on demand) or natively, a plain file as `src`.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let detached = false;
    void attachStream(video, source, {
      onTracks: (tracks) => send({ type: 'media.tracks', ...tracks }),
      onRendition: (id) => send({ type: 'media.rendition', id }),
      onFatal: (error) => send({ type: 'media.error', error }),
    }).then(
      (attached) => {
        if (detached) attached.destroy();
        else streamRef.current = attached;
      },
      (error: unknown) => send({ type: 'media.error', error }),
    );
    return () => {
      detached = true;
      streamRef.current?.destroy();
      streamRef.current = null;
    };
  }, [source.url, source.mimeType, send]);

  // Full screen follows the document (the native control or Escape).
  useEffect(() => {
    const onChange = () => send({ type: 'media.fullscreenChange', fullscreen: document.fullscreenElement === figureRef.current });
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [send]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys typed in the menus stay theirs.
    if (event.target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const keys: Record<string, () => void> = {
      ' ': player.togglePlay,
      k: player.togglePlay,
      ArrowLeft: () => player.seekBy(-SEEK_STEP_S),
      ArrowRight: () => player.seekBy(SEEK_STEP_S),
      ArrowUp: () => player.setVolume(player.volume + VOLUME_STEP),
      ArrowDown: () => player.setVolume(player.volume - VOLUME_STEP),
      m: player.toggleMute,
      f: player.toggleFullscreen,
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const goToLive = () => {
    const video = videoRef.current;
    if (!video || video.seekable.length === 0) return;
    player.seek(video.seekable.end(video.seekable.length - 1));
  };

  const pictureInPicture = () => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture?.().catch(() => undefined);
  };

  return (
    <figure ref={figureRef} className="player" onKeyDown={onKeyDown} aria-label={title}>
      <video
        ref={videoRef}
        {...PLAYER_VIDEO_PROPS}
        muted={player.muted}
        preload="metadata"
        aria-label={title}
        onLoadStart={player.onLoadStart}
        onLoadedMetadata={(event) => onDuration(event.currentTarget)}
        onDurationChange={(event) => onDuration(event.currentTarget)}
        onTimeUpdate={(event) => {
          player.onTimeUpdate(event.currentTarget.currentTime);
          progress?.position(event.currentTarget.currentTime, event.currentTarget.duration);
        }}
        onSeeked={(event) => player.onTimeUpdate(event.currentTarget.currentTime)}
        onPlaying={() => {
          player.onPlaying();
          progress?.play();
        }}
        onPause={() => {
          player.onPause();
          progress?.pause();
        }}
        onWaiting={player.onWaiting}
        onEnded={() => {
          player.onEnded();
          progress?.ended();
        }}
        onError={() => player.onError()}
        onVolumeChange={(event) => player.onVolumeChange(event.currentTarget.volume, event.currentTarget.muted)}
      />
      <figcaption className="player__bar">
        {player.live ? (
          <>
            <span className="player__live">{t('liveBadge')}</span>
            <button type="button" className="button button--secondary player__control" onClick={goToLive}>
              {t('goToLive')}
            </button>
          </>
        ) : (
          <span className="player__status">
            <span className="visually-hidden">{t('playbackPosition')} </span>
            <span dir="ltr">
              {formatDuration(player.position)} / {formatDuration(player.duration)}
            </span>
          </span>
        )}
        {player.renditions.length > 1 ? (
          <TrackMenu
            label={t('playerQuality')}
            value={player.quality}
            options={[
              { value: 'auto', label: `${t('playerQualityAuto')}${player.quality === 'auto' && player.rendition ? ` (${player.rendition.height}p)` : ''}` },
              ...player.renditions.map((rendition) => ({ value: rendition.id, label: `${rendition.height}p` })),
            ]}
            onSelect={player.selectQuality}
          />
        ) : null}
        {player.audioTracks.length > 1 ? (
          <TrackMenu
            label={t('playerAudio')}
            value={player.audioTrack}
            options={player.audioTracks.map((track) => ({ value: track.id, label: track.name, lang: track.language }))}
            onSelect={player.selectAudioTrack}
          />
        ) : null}
        {player.subtitleTracks.length > 0 ? (
          <TrackMenu
            label={t('playerSubtitles')}
            value={player.subtitleTrack}
            options={[
              { value: 'off', label: t('playerSubtitlesOff') },
              ...player.subtitleTracks.map((track) => ({ value: track.id, label: track.name, lang: track.language })),
            ]}
            onSelect={player.selectSubtitleTrack}
          />
        ) : null}
        {typeof document !== 'undefined' && document.pictureInPictureEnabled ? (
          <button type="button" className="button button--secondary player__control" onClick={pictureInPicture}>
            {t('pictureInPicture')}
          </button>
        ) : null}
        <span className="visually-hidden" aria-live="polite">
          {player.rendition ? `${t('playerQuality')}: ${player.rendition.height}p` : ''}
        </span>
        <span className="player__rendition" data-rendition={player.rendition?.height ?? ''} aria-hidden="true">
          {player.rendition ? `${player.rendition.height}p` : ''}
        </span>
        <span className="visually-hidden" role="status">
          {player.advancing ? t('nextEpisodeStarting') : ''}
        </span>
        {player.nextEpisode?.path ? (
          <Link href={player.nextEpisode.path} className="button player__next">
            {t('nextEpisode')}
            {player.nextEpisode.title ? (
              <>
                {': '}
                <bdi>{player.nextEpisode.title}</bdi>
              </>
            ) : null}
          </Link>
        ) : null}
        {player.failed ? (
          <span role="alert" className="player__error">
            {t('playbackFailed')}{' '}
            <button type="button" className="button button--secondary" onClick={player.retry}>
              {t('retry')}
            </button>
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** One choice of a {@link TrackMenu}: its value, its visible name, and the language of that name (a BCP 47 tag; empty or absent when unknown). */
export interface TrackMenuOption<V extends string | number> {
  value: V;
  label: string;
  lang?: string;
}

/**
 * One of the player's menus (quality, audio, subtitles): a select labelled `label` (its
 * accessible name) showing `value` (null: none chosen yet, the first option shows), calling
 * `onSelect` with the value of the option chosen, as given (a number stays a number).
 */
export function TrackMenu<V extends string | number>({
  label,
  value,
  options,
  onSelect,
}: {
  label: string;
  value: V | null;
  options: readonly TrackMenuOption<V>[];
  onSelect: (value: V) => void;
}) {
  return (
    <label className="player__menu">
      <span>{label}</span>
      <select
        value={value === null ? '' : String(value)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.currentTarget.value);
          if (chosen) onSelect(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)} lang={option.lang || undefined}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
