import { useEffect, useState } from 'react';
import { resumePositionSeconds } from '@stream/core/domain';
import { useServices } from '../app/context';

/**
 * Where the player starts title `id`, in seconds, for a signed-in viewer (`enabled`): null while
 * the title's progress is read (`queries.history.get` through the resource cache: fresh, since
 * every report invalidates it), then its saved position when it is `IN_PROGRESS`
 * (`resumePositionSeconds`), else 0; 0 at once when not `enabled` (a guest, a live stream) and
 * when the read fails (playback starts from the beginning rather than not at all). Read once per
 * mount: the reports made while playing do not move the player.
 */
export function useResumePosition(id: string, enabled: boolean): number | null {
  const { queries, resources } = useServices();
  const [seconds, setSeconds] = useState<number | null>(enabled ? null : 0);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    resources.fetch(queries.history.get(id)).then(
      (answer) => current && setSeconds(resumePositionSeconds(answer.progress)),
      () => current && setSeconds(0),
    );
    return () => {
      current = false;
    };
    // Read once, when the player mounts (the caller keys it by title and viewer).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return seconds;
}
