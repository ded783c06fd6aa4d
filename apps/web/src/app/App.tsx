import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useResource, useSessionSelector } from '@stream/react';
import { loginPageTitleKey, matchRouteAnyLocale } from '@stream/core/domain';
import { Router } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { connectLabels, storedLanguage, type labelsMachine } from '@stream/core/machines';
import { I18nProvider, useI18n, useServices } from './context';
import { FALLBACK_TEXT } from './fallbackText';
import { StartFailure } from './StartFailure';
import { Frame, frameKindOf, type FrameContent } from './Frame';
import { heroArtwork, heroOf, homeSectionQuery } from './homeHero';
import { Shell } from './Shell';

/**
 * Renders the shell with the labels (texts of the UI language) of the running `labels` actor;
 * the page's {@link Frame} until they are loaded. On the first page LOGIN or HOME the frame shows
 * that page's largest element before the page renders (the card's heading and subtitle; the
 * hero's artwork) and stays for one paint after the labels came (on HOME until that
 * image loaded or failed, at most `HOME_FRAME_WAIT_MS`), so that the largest paint does not
 * wait for the page's first render; when the server already put that content into the page's HTML
 * (scripts/first-paint.mjs) the frame keeps it and the page follows after one paint. The language is the stored one (§4 "Language change"), else
 * the one the platform selected for this browser.
 */
export function App({
  labels: actor,
  firstPaintMedia = null,
}: {
  labels: ActorRefFrom<typeof labelsMachine>;
  /** The home frame's hero artwork the server already put into the page (app/firstPaint.ts), or null. */
  firstPaintMedia?: readonly string[] | null;
}) {
  const services = useServices();
  const snapshot = useSelector(actor, (s) => s);
  const labels = connectLabels(snapshot, actor.send);
  // The page the app started on decides what its frame shows early (never changes afterwards).
  const [early] = useState(() => earlyContentOf(window.location.pathname));
  // Thumbnails already in the page's HTML painted with it: the frame keeps them and need not wait.
  const served = early === 'home' && firstPaintMedia !== null && firstPaintMedia.length > 0;
  const home = useFrameMedia(early === 'home' && !served);
  const media = served ? firstPaintMedia : home.media;
  // The frame with its early content is painted once before the page renders over it: on the
  // home page once its hero artwork has loaded (or the read failed), at most HOME_FRAME_WAIT_MS
  // after the labels came.
  const labelsReady = labels.status === 'ready';
  const waitedEnough = useElapsed(labelsReady && early === 'home', HOME_FRAME_WAIT_MS);
  const contentShown = early !== 'home' || served || home.settled || waitedEnough;
  const framePainted = useAfterNextPaint(labelsReady && early !== null && contentShown);

  if (labels.status !== 'ready') {
    // After a failure the machine retries by itself with back-off; the error stays on screen
    // (with Retry) until a load succeeds.
    if (labels.status === 'loading' && snapshot.context.failures === 0) {
      return <Frame kind={frameKindOf(window.location.pathname)} media={media} onMediaSettled={home.onImageSettled} />;
    }
    return <StartFailure message={FALLBACK_TEXT.labelsLoadFailed} onRetry={labels.retry} />;
  }

  const language = storedLanguage(services.storage) ?? labels.locale ?? labels.defaultLocale ?? 'en';
  services.language.current = language;

  if (early !== null && !framePainted) {
    const text: FrameContent['text'] = early === 'login' ? { title: labels.t(loginPageTitleKey('LOGIN')), subtitle: labels.t('loginSubtitle') } : undefined;
    return <Frame kind={frameKindOf(window.location.pathname)} text={text} media={media} onMediaSettled={home.onImageSettled} />;
  }

  return (
    <I18nProvider language={language} labels={labels} revision={snapshot.context.asked}>
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

/**
 * The first page whose frame shows content before the page renders (issue 13: the largest paint
 * of the public routes need not wait for the page's code): LOGIN (the card's heading and
 * subtitle, in the labels' language) and HOME or ROOT (the hero's artwork). Null for
 * every other page, which renders as soon as the labels are there.
 */
function earlyContentOf(pathname: string): 'login' | 'home' | null {
  const key = matchRouteAnyLocale(pathname)?.key;
  if (key === 'LOGIN') return 'login';
  return key === 'HOME' || key === 'ROOT' ? 'home' : null;
}

/** How long the home page's frame may wait for its hero artwork once the labels are there, in milliseconds. */
const HOME_FRAME_WAIT_MS = 1000;

/**
 * The home page's hero artwork (`[template]`, app/homeHero.ts) from the home section's read
 * (started by start.ts) once the session has its viewer; `settled` once it has loaded or failed
 * in the frame (`onImageSettled`), or the read failed or has no hero.
 */
function useFrameMedia(enabled: boolean): { media: FrameContent['media']; settled: boolean; onImageSettled(): void } {
  const { queries } = useServices();
  const hasViewer = useSessionSelector((s) => s.context.user !== null);
  const section = useResource(enabled && hasViewer ? homeSectionQuery(queries) : null);
  const [loaded, setLoaded] = useState(0);
  const hero = section.data ? heroArtwork(heroOf(section.data)) : undefined;
  const media = section.data ? [hero] : undefined;
  const expected = hero ? 1 : 0;
  const settled = section.status === 'failed' || (section.status === 'ready' && loaded >= expected);
  return { media, settled, onImageSettled: () => setLoaded((n) => n + 1) };
}

/** False until `ms` milliseconds after `running` became true; then true for good. */
function useElapsed(running: boolean, ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!running || elapsed) return;
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [running, elapsed, ms]);
  return elapsed;
}

/**
 * False until the browser has painted once after `ready` held (an animation frame, then a task
 * after it); then true for good. Lets a frame with early content reach the screen before the
 * page's longer first render replaces it.
 */
function useAfterNextPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
