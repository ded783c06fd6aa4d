import { useCallback, useState } from 'react';
import { ServicesProvider } from './context';
import { FALLBACK_TEXT } from './fallbackText';
import { StartFailure } from './StartFailure';
import { Frame, frameKindOf } from './Frame';
import { startApp, type StartOutcome } from './start';
import { App } from './App';

/**
 * Renders the started app (`outcome` of main.tsx's {@link startApp}), or an accessible error
 * with Retry when `/config.json` could not be loaded; Retry starts the app again, showing the
 * page's {@link Frame} meanwhile.
 */
export function Bootstrap({ outcome: first }: { outcome: StartOutcome }) {
  const [outcome, setOutcome] = useState<StartOutcome | null>(first);

  const retry = useCallback(() => {
    setOutcome(null);
    void startApp().then(setOutcome);
  }, []);

  if (outcome === null) return <Frame kind={frameKindOf(window.location.pathname)} />;
  if ('app' in outcome) {
    return (
      <ServicesProvider services={outcome.app.services}>
        <App labels={outcome.app.labels} firstPaintMedia={outcome.app.firstPaint.media} />
      </ServicesProvider>
    );
  }
  return <StartFailure message={FALLBACK_TEXT.configLoadFailed} onRetry={retry} />;
}
