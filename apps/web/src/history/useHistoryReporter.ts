import { useEffect, useMemo, useRef } from 'react';
import { connectHistoryReporter, historyReporterMachine, type HistoryReporterApi } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useServices } from '../app/context';

/**
 * Runs core's history reporter for title `id` of catalogue type `type` while the component lives
 * (a live stream stays `untracked` and reports nothing): the player feeds it what the video does
 * (`position`, `play`, `pause`, `ended`); this hook adds the page's `hidden` reports, on
 * `pagehide`, on `visibilitychange` to hidden, and when the component unmounts (the viewer went
 * elsewhere in the app), before the machine stops. For a signed-in viewer only (the reports need
 * an account). Read once: a new title needs a new component `key`.
 */
export function useHistoryReporter(id: string, type: string): HistoryReporterApi {
  const { queries } = useServices();
  const hidden = useRef<(() => void) | null>(null);
  // Declared before the flow, so that its clean-up runs first (hooks clean up in order): the
  // last position is reported while the machine still runs.
  useEffect(() => () => hidden.current?.(), []);
  const input = useMemo(
    () => ({ id, type, report: queries.history.report }),
    // Read once, when the machine starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [reporter] = useFlow(historyReporterMachine, { input, connect: connectHistoryReporter });
  hidden.current = reporter.hidden;

  useEffect(() => {
    const onPageHide = () => hidden.current?.();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hidden.current?.();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
  return reporter;
}
