import { useCallback, useEffect, useState } from 'react';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import { loadConfig } from './config';
import { ServicesProvider } from './context';
import { FALLBACK_TEXT } from './fallbackText';
import { createServices, type Services } from './services';
import { App } from './App';

type BootState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; services: Services };

/**
 * Loads `/config.json`, then creates the services (api client, session actor) once and renders
 * the app. A failure shows an accessible error with Retry.
 */
export function Bootstrap() {
  const [state, setState] = useState<BootState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadConfig().then(
      (config) => {
        if (!cancelled) setState({ status: 'ready', services: createServices(config) });
      },
      (error: unknown) => {
        console.error(error);
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  if (state.status === 'ready') {
    return (
      <ServicesProvider services={state.services}>
        <App />
      </ServicesProvider>
    );
  }
  return (
    <main id="main" className="site-main">
      {state.status === 'loading' ? (
        <LoadingScreen label={FALLBACK_TEXT.loading} />
      ) : (
        <ErrorScreen
          title={FALLBACK_TEXT.somethingWentWrong}
          message={FALLBACK_TEXT.configLoadFailed}
          retryLabel={FALLBACK_TEXT.retry}
          onRetry={retry}
        />
      )}
    </main>
  );
}
