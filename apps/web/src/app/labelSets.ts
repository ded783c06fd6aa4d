import { matchRouteAnyLocale } from '@stream/core/domain';
import { ROUTE_PAGES } from './routePages';
// The sets travel as data (a hashed JSON asset read with `fetch`), not as a script: JSON is parsed
// faster than a module is evaluated, and `pnpm bench` counts their bytes with the first load's
// labels, where they belong.
import labelSetsUrl from './labelSets.json?url';

/**
 * The message keys the app loads per page (issue 18 "Labels by keys": a first load carries only
 * the labels of the shell and of its page, not every label of the product), as
 * `scripts/label-keys.mjs --write` derives them from the build's chunks into `labelSets.json`:
 * `shell` (header, footer, errors, not-found, the machines' and rules' keys of core that the
 * shell's code holds) and, per page module, the keys its chunks name beyond the shell's.
 * `apps/web/src/labelSets.test.ts` fails when the file is stale (a page using a key outside its set).
 */
export interface LabelSets {
  shell: readonly string[];
  pages: Readonly<Record<string, readonly string[]>>;
}

let loaded: LabelSets | null = null;

/**
 * Loads the key sets (`labelSets.json` as a hashed asset, fetched beside the config at start) and
 * keeps them for {@link pageLabelKeys}. Rejects when they cannot load or are not key sets (the
 * caller then loads every label).
 */
export async function loadLabelSets(): Promise<LabelSets> {
  const response = await fetch(labelSetsUrl);
  if (!response.ok) throw new Error(`label sets: HTTP ${response.status}`);
  const sets: unknown = await response.json();
  if (!isLabelSets(sets)) throw new TypeError('label sets: not { shell, pages }');
  loaded = sets;
  return loaded;
}

const isKeyList = (value: unknown): value is string[] => Array.isArray(value) && value.every((key) => typeof key === 'string');

function isLabelSets(value: unknown): value is LabelSets {
  if (value === null || typeof value !== 'object') return false;
  const { shell, pages } = value as { shell?: unknown; pages?: unknown };
  return isKeyList(shell) && pages !== null && typeof pages === 'object' && Object.values(pages).every(isKeyList);
}

/** Makes `sets` the app's key sets (tests), or forgets them (`null`). */
export function setLabelSetsForTest(sets: LabelSets | null): void {
  loaded = sets;
}

/**
 * The keys page module `page` shows beyond the shell's, or null when the key sets are not loaded
 * or the page has none listed (then the page renders without waiting: keys it shows are loaded
 * when first shown).
 */
export function pageLabelKeys(page: string): readonly string[] | null {
  return loaded?.pages[page] ?? null;
}

/**
 * The keys of a first load at `pathname` (any locale's route set): the shell's and those of the
 * route's page (only the shell's for a path without a page). Pure over `sets`.
 */
export function firstLoadLabelKeys(sets: LabelSets, pathname: string): string[] {
  const match = matchRouteAnyLocale(pathname);
  const page = match ? ROUTE_PAGES[match.key] : undefined;
  return [...new Set([...sets.shell, ...((page && sets.pages[page]) || [])])];
}
