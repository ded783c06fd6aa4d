import type { ComponentType } from 'react';
import { matchRouteAnyLocale, type RouteKey } from '@stream/core/domain';
import { ROUTE_PAGES } from './routePages';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take different props
export type Page = ComponentType<any>;

/**
 * The page modules, one chunk each (the shell's own pages and a page that other code imports
 * are left out: they are in the chunks that import them).
 */
const PAGE_MODULES = import.meta.glob<{ default: Page }>([
  '../pages/*Page.tsx',
  '!../pages/LogoutPage.tsx',
  '!../pages/NotFoundPage.tsx',
  '!../pages/LicencesPage.tsx',
]);

/** Pages whose module has loaded, by module name. */
const loaded = new Map<string, Page>();

/**
 * The page module name of a route and its loader (which records the page once loaded), or null
 * for a route the shell renders itself.
 */
export function pageOf(key: RouteKey): { name: string; load: () => Promise<{ default: Page }> } | null {
  const name = ROUTE_PAGES[key];
  const load = name ? PAGE_MODULES[`../pages/${name}.tsx`] : undefined;
  if (!name || !load) return null;
  return {
    name,
    load: () =>
      load().then((module) => {
        loaded.set(name, module.default);
        return module;
      }),
  };
}

/** The page of module `name` if its module has loaded (no need to suspend for it), else undefined. */
export function loadedPage(name: string): Page | undefined {
  return loaded.get(name);
}

/**
 * Loads the page of `pathname` (any locale's route set) ahead of its render, so that it renders
 * without suspending. Resolves once it is loaded, or at once for a path without a page; never
 * rejects: a failure is left to the page's later import, which shows it.
 */
export function preloadPage(pathname: string): Promise<void> {
  const match = matchRouteAnyLocale(pathname);
  const page = match ? pageOf(match.key) : null;
  return page ? page.load().then(() => undefined, () => undefined) : Promise.resolve();
}
