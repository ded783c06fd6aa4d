import { useEffect, useRef, useState } from 'react';
import { multiViewRenditionCap } from '@stream/core/domain';
import { attachStream, type AttachedStream } from '../player/streamSource';

/**
 * One multi-view tile's video (issue 17): the stream attached by `attachStream` (hls.js), muted
 * unless the tile has the audio focus, and capped at the rendition that fits the tile
 * (`multiViewRenditionCap`: the tile's height in device pixels, never 720p in a layout of 3 or 4
 * videos), again when the tile is resized. `data-rendition-cap` names the cap (px) for tests.
 */
export function TileVideo({ source, title, muted, layoutCount }: { source: { url: string; mimeType: string }; title: string; muted: boolean; layoutCount: number }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<AttachedStream | null>(null);
  const heights = useRef<number[]>([]);
  const count = useRef(layoutCount);
  count.current = layoutCount;
  const [cap, setCap] = useState<number | null>(null);

  const capFor = (all: number[]) => {
    const video = videoRef.current;
    return multiViewRenditionCap(all, video?.clientHeight ?? 0, count.current, window.devicePixelRatio);
  };

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let detached = false;
    void attachStream(video, source, {
      maxHeight: (all) => {
        heights.current = all;
        const chosen = capFor(all);
        setCap(chosen);
        return chosen;
      },
    }).then((attached) => {
      if (detached) attached.destroy();
      else streamRef.current = attached;
    }, () => undefined);
    return () => {
      detached = true;
      streamRef.current?.destroy();
      streamRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the stream follows its source alone
  }, [source.url, source.mimeType]);

  // The cap follows the tile's size and the layout.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      if (heights.current.length === 0) return;
      const chosen = capFor(heights.current);
      setCap(chosen);
      streamRef.current?.capRendition(chosen);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(video);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- capFor reads refs
  }, [layoutCount]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = muted;
    // Unmuting can pause a video started muted where the browser wants a gesture: play again.
    if (video.paused && video.readyState > 0) void video.play().catch(() => undefined);
  }, [muted]);

  const resume = (video: HTMLVideoElement) => {
    if (video.paused && !video.ended) void video.play().catch(() => undefined);
  };

  return (
    <video
      ref={videoRef}
      className="multiview__video"
      autoPlay
      playsInline
      muted={muted}
      aria-label={title}
      data-rendition-cap={cap ?? ''}
      // A tile has no pause control: whatever paused it (the browser pauses muted videos it judges
      // idle), it plays on.
      onCanPlay={(event) => resume(event.currentTarget)}
      onPause={(event) => resume(event.currentTarget)}
    />
  );
}
