import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { Router } from 'wouter';
import { connectLabels, labelsMachine, storedLanguage } from '@stream/core/machines';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import { I18nProvider, useI18n, useServices } from './context';
import { FALLBACK_TEXT } from './fallbackText';
import { Shell } from './Shell';

/**
 * Loads the labels (texts of the UI language) and renders the shell with them. The language is
 * the stored one (§4 "Language change"), else the one the platform selected for this browser.
 */
export function App() {
  const services = useServices();
  const [snapshot, send] = useMachine(labelsMachine, { input: { api: services.api, realm: services.config.realm } });
  const labels = connectLabels(snapshot, send);

  if (labels.status !== 'ready') {
    // After a failure the machine retries by itself with back-off; the error stays on screen
    // (with Retry) until a load succeeds.
    return (
      <main id="main" className="site-main">
        {labels.status === 'failed' || snapshot.context.failures > 0 ? (
          <ErrorScreen
            title={FALLBACK_TEXT.somethingWentWrong}
            message={FALLBACK_TEXT.labelsLoadFailed}
            retryLabel={FALLBACK_TEXT.retry}
            onRetry={labels.retry}
          />
        ) : (
          <LoadingScreen label={FALLBACK_TEXT.loading} />
        )}
      </main>
    );
  }

  const language = storedLanguage(services.storage) ?? labels.locale ?? labels.defaultLocale ?? 'en';
  services.language.current = language;

  return (
    <I18nProvider language={language} labels={labels}>
      <DocumentLanguage />
      <Router>
        <Shell />
      </Router>
    </I18nProvider>
  );
}

/** Keeps `<html lang dir>` in step with the UI language (ar → rtl). */
function DocumentLanguage() {
  const { language, direction } = useI18n();
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = direction;
  }, [language, direction]);
  return null;
}
