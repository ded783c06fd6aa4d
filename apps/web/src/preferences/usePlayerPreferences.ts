import { useEffect, useState } from 'react';
import type { VideoPlayerInput } from '@stream/core/machines';
import { useServices } from '../app/context';

/** What the player takes of the viewer's preferences (core's `VideoPlayerInput`). */
export type PlayerPreferences = Pick<VideoPlayerInput, 'muted' | 'audioLanguage' | 'subtitleLanguage' | 'autoAdvance'>;

/** A guest's player, and one whose preferences could not be read: the player's defaults (muted, the stream's tracks, the next episode offered). */
const PLAYER_DEFAULTS: PlayerPreferences = Object.freeze({});

/**
 * The signed-in viewer's preferences as the player applies them (commerce-and-account-data.md §3
 * "Preferences": subtitle and audio languages, muted, auto-advance), for `enabled` (a signed-in
 * viewer): null while `queries.preferences.get` is read through the resource cache (fresh: the
 * preferences page's save invalidates it), then the player's input; the defaults at once when not
 * `enabled`, and when the read fails (the video plays rather than not at all). Read once per
 * mount: a change made elsewhere applies to the next video.
 */
export function usePlayerPreferences(enabled: boolean): PlayerPreferences | null {
  const { queries, resources } = useServices();
  const [preferences, setPreferences] = useState<PlayerPreferences | null>(enabled ? null : PLAYER_DEFAULTS);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    resources.fetch(queries.preferences.get()).then(
      (answer) =>
        current &&
        setPreferences({
          muted: answer.muted,
          audioLanguage: answer.audioLanguage,
          subtitleLanguage: answer.subTitleLanguage,
          autoAdvance: answer.autoAdvance,
        }),
      () => current && setPreferences(PLAYER_DEFAULTS),
    );
    return () => {
      current = false;
    };
    // Read once, when the player mounts (the caller keys it by title and viewer).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return preferences;
}
