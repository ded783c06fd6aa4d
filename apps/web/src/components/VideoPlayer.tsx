import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { formatDuration } from '@stream/core/domain';
import { connectPlayer, playerMachine } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { attachStream } from '../player/streamSource';

export interface VideoPlayerProps {
  /** The playback machine's source: a URL and its MIME type. */
  source: { url: string; mimeType: string };
  /** Title of the item, the video's accessible name. */
  title: string;
}

/**
 * An HTML5 `<video>` rendering the player slice (commerce-and-account-data.md §3 "player":
 * position, duration, volume default 100, muted default true so that autoplay is allowed,
 * fullscreen): the element's events go to the machine, the machine's volume and mute go to the
 * element.
 */
export function VideoPlayer({ source, title }: VideoPlayerProps) {
  const { t } = useI18n();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [snapshot, send] = useMachine(playerMachine, { input: {} });
  const player = connectPlayer(snapshot, send);
  const { muted, volume } = player;

  // The slice drives the element's sound.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.muted !== muted) video.muted = muted;
    const level = Math.min(1, Math.max(0, volume / 100));
    if (Math.abs(video.volume - level) > 0.005) video.volume = level;
  }, [muted, volume]);

  // The source: HLS through hls.js (loaded on demand) or natively, a plain file as `src`.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let stream: Awaited<ReturnType<typeof attachStream>> | null = null;
    let detached = false;
    player.onLoadStart();
    void attachStream(video, source, { onFatal: () => player.onError() }).then(
      (attached) => {
        if (detached) attached.destroy();
        else stream = attached;
      },
      () => player.onError(),
    );
    return () => {
      detached = true;
      stream?.destroy();
    };
    // The player's callbacks are stable; the stream changes with the source only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source.url, source.mimeType]);

  // Full screen follows the document (the native control or Escape).
  useEffect(() => {
    const onChange = () => send({ type: 'fullscreen.set', value: document.fullscreenElement === videoRef.current });
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [send]);

  const onVolumeChange = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.muted !== player.muted) player.toggleMute();
    const level = Math.round(video.volume * 100);
    if (level !== Math.round(player.volume) && !video.muted) player.setVolume(level);
  };

  return (
    <figure className="player">
      <video
        ref={videoRef}
        className="player__video"
        controls
        playsInline
        autoPlay
        muted={muted}
        preload="metadata"
        aria-label={title}
        onLoadStart={player.onLoadStart}
        onLoadedMetadata={(event) => player.onLoaded(event.currentTarget.duration)}
        onDurationChange={(event) => player.onLoaded(event.currentTarget.duration)}
        onTimeUpdate={(event) => player.onTime(event.currentTarget.currentTime)}
        onPlay={player.onPlay}
        onPlaying={player.onPlay}
        onPause={player.onPause}
        onEnded={player.onEnded}
        onError={player.onError}
        onVolumeChange={onVolumeChange}
      />
      <figcaption className="player__status">
        <span className="visually-hidden">{t('playbackPosition')} </span>
        <span dir="ltr">
          {formatDuration(player.position)} / {formatDuration(player.duration)}
        </span>
        {player.status === 'error' ? (
          <span role="alert" className="player__error">
            {t('playbackFailed')}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
