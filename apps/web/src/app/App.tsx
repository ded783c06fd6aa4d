import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { Router } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { connectLabels, storedLanguage, type labelsMachine } from '@stream/core/machines';
import { I18nProvider, useI18n, useServices } from './context';
import { FALLBACK_TEXT } from './fallbackText';
import { StartFailure } from './StartFailure';
import { Frame, frameKindOf } from './Frame';
import { Shell } from './Shell';

/**
 * Renders the shell with the labels (texts of the UI language) of the running `labels` actor;
 * the page's {@link Frame} until they are loaded. The language is the stored one (§4 "Language
 * change"), else the one the platform selected for this browser.
 */
export function App({ labels: actor }: { labels: ActorRefFrom<typeof labelsMachine> }) {
  const services = useServices();
  const snapshot = useSelector(actor, (s) => s);
  const labels = connectLabels(snapshot, actor.send);

  if (labels.status !== 'ready') {
    // After a failure the machine retries by itself with back-off; the error stays on screen
    // (with Retry) until a load succeeds.
    if (labels.status === 'loading' && snapshot.context.failures === 0) {
      return <Frame kind={frameKindOf(window.location.pathname)} />;
    }
    return <StartFailure message={FALLBACK_TEXT.labelsLoadFailed} onRetry={labels.retry} />;
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
