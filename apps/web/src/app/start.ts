import { createActor, type ActorRefFrom } from 'xstate';
import { IMAGE_WIDTHS, imageSrcSet, imageUrl, matchRouteAnyLocale } from '@stream/core/domain';
import { labelsMachine } from '@stream/core/machines';
import type { ResourceCache, Resources } from '@stream/core/resources';
import { loadConfig } from './config';
import { readFirstPaint, type FirstPaint } from './firstPaint';
import { firstLoadLabelKeys, loadLabelSets } from './labelSets';
import { HERO_SIZES, heroArtwork, heroOf, homeSectionQuery } from './homeHero';
import { createServices, type Services } from './services';

/**
 * The running app before anything renders: its services, the labels actor (ready at once with the
 * labels the server put into the page, else loading) and what else the page came with.
 */
export interface StartedApp {
  services: Services;
  labels: ActorRefFrom<typeof labelsMachine>;
  /** The page's first-paint content for the app's language (app/firstPaint.ts). */
  firstPaint: FirstPaint;
}

/** How a start ended: the started app, or the error of `/config.json` (app/config.ts). */
export type StartOutcome = { app: StartedApp } | { error: unknown };

/** What {@link prefetchFirstPage} uses of the services: the session's viewer, the cache, the catalogue's resource definition. */
export interface FirstPageServices {
  session: {
    getSnapshot(): { context: { user: unknown } };
    subscribe(listener: (snapshot: { context: { user: unknown } }) => void): { unsubscribe(): void };
  };
  resources: Pick<ResourceCache, 'fetch'>;
  queries: Pick<Resources, 'catalogue'>;
}

/** Starts loading an image into the browser's cache. */
function preloadImage(template: string): void {
  // Not in the document: the browser picks the width of `srcset` for `sizes` as the page's hero will.
  const image = new Image();
  const srcSet = imageSrcSet(template);
  if (srcSet) {
    image.sizes = HERO_SIZES;
    image.srcset = srcSet;
  }
  image.src = imageUrl(template, IMAGE_WIDTHS[0] ?? 240);
}

/**
 * Starts the reads of the first page that its largest paint waits for: on the home page (HOME or
 * ROOT, which leads there, in any route set) its section (`homeSectionQuery`) and then its hero's artwork
 * (`preload`: the hero's artwork, the page's largest element, at the width its `srcset` and `sizes` pick), so that they load with the labels and the
 * page's code instead of after the page's first render. The read goes through the resource cache once the session knows its
 * viewer (the cache forgets every read when the viewer changes, so a read made before the guest
 * check-in would be thrown away). Any other page: nothing.
 */
export function prefetchFirstPage(services: FirstPageServices, pathname: string, preload: (template: string) => void = preloadImage): void {
  const key = matchRouteAnyLocale(pathname)?.key;
  if (key !== 'HOME' && key !== 'ROOT') return;
  const { session, resources, queries } = services;
  const read = () =>
    // The home page's own query, so that the frame and the page find this read.
    void resources.fetch(homeSectionQuery(queries)).then(
      (section) => {
        // The hero's artwork (the page's largest paint) loads with the page's code.
        const template = heroArtwork(heroOf(section));
        if (template) preload(template);
      },
      () => undefined,
    );
  if (session.getSnapshot().context.user !== null) {
    read();
    return;
  }
  const subscription = session.subscribe((snapshot) => {
    if (snapshot.context.user === null) return;
    subscription.unsubscribe();
    read();
  });
}

/**
 * Starts the app without React: loads `/config.json` (index.html preloads it), creates the
 * services (api client, session actor: its guest check-in starts), starts the labels (those the
 * server put into the page, else loading them: only the keys of the shell and of the first page
 * when the key sets loaded, app/labelSets.ts) and the reads of the first page (the home page's
 * catalogue).
 * main.tsx calls it before it loads React, so that these requests run while React's code is
 * evaluated; Bootstrap calls it again on Retry. Never rejects: a failure is logged and returned.
 */
export async function startApp(): Promise<StartOutcome> {
  try {
    // The key sets (a small chunk) load beside the config; without them every label is loaded.
    const [config, sets] = await Promise.all([loadConfig(), loadLabelSets().catch(() => null)]);
    const services = createServices(config);
    const firstPaint = readFirstPaint(document, services.language.current);
    const labels = createActor(labelsMachine, {
      input: {
        api: services.api,
        realm: services.config.realm,
        initial: firstPaint.labels ?? undefined,
        // Labels by keys: the shell's and the first page's (the server's first-paint block holds
        // those already); other pages' keys are loaded when they open (app/Shell.tsx).
        keys: sets ? firstLoadLabelKeys(sets, window.location.pathname) : undefined,
      },
    }).start();
    prefetchFirstPage(services, window.location.pathname);
    return { app: { services, labels, firstPaint } };
  } catch (error) {
    console.error(error);
    return { error };
  }
}
