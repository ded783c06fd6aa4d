/**
 * The route-table walk (issue 18 "Every other route"): every key of core's route table, in every
 * locale set, resolves to itself and has a page module of its own here (or is one the shell
 * renders itself), and no key's page is the not-found page. Issue 18 split the remaining keys
 * between helpers: the keys of OTHER_BRANCHES get their pages on those branches, so on any one of
 * them alone this test fails for the others' keys, and passes once all are merged (it skips none).
 */
import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildPath, matchRoute, ROUTE_KEYS, ROUTE_LOCALES, ROUTE_TABLES, type RouteKey } from '@stream/core/domain';
import { ROUTE_PAGES } from './routePages';

/** Keys the shell renders itself (app/Shell.tsx): the root redirect and logout. */
const SHELL_RENDERED: readonly RouteKey[] = ['ROOT', 'LOGOUT'];

/** Keys whose pages issue 18 gave to other branches (named in a failure, to tell what to merge). */
const OTHER_BRANCHES: Readonly<Partial<Record<RouteKey, string>>> = {
  GIFT_LIST: 'h-gifts',
  GIFT: 'h-gifts',
  GIFT_PAY: 'h-gifts',
  GIFT_REDEMPTION_REGISTER: 'h-gifts',
  REDEEM: 'h-gifts',
  MULTI_VIEW: 'h-multiview',
  WATCH_TOGETHER: 'h-together',
};

/** A value for every param of a pattern that no static segment of any set spells. */
function sampleParams(pattern: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const segment of pattern.split('/')) if (segment.startsWith(':')) params[segment.slice(1).replace(/\?$/, '')] = 'sample-1';
  return params;
}

const pagePath = (name: string) => new URL(`../pages/${name}.tsx`, import.meta.url);

describe('the route table walk', () => {
  for (const locale of ROUTE_LOCALES) {
    it(`every key of the ${locale} set resolves to itself and has its page`, () => {
      const problems: string[] = [];
      for (const key of ROUTE_KEYS) {
        const path = buildPath(key, sampleParams(ROUTE_TABLES[locale][key]), locale);
        const match = matchRoute(path, locale);
        if (match?.key !== key) problems.push(`${key}: ${path} resolves to ${match?.key ?? 'nothing'}`);
        if (SHELL_RENDERED.includes(key)) continue;
        const name = ROUTE_PAGES[key];
        const owner = OTHER_BRANCHES[key] ? ` (its page is on ${OTHER_BRANCHES[key]})` : '';
        if (!name) problems.push(`${key}: no page${owner}`);
        else if (name === 'NotFoundPage') problems.push(`${key}: its page is the not-found page`);
        else if (!existsSync(pagePath(name))) problems.push(`${key}: page module ${name}.tsx is missing${owner}`);
        else if (!/^export default \w/m.test(readFileSync(pagePath(name), 'utf8'))) problems.push(`${key}: ${name}.tsx has no default export`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('the shell renders nothing else itself, and ROUTE_PAGES names only keys of the table', () => {
    for (const key of SHELL_RENDERED) expect(ROUTE_PAGES[key]).toBeUndefined();
    for (const key of Object.keys(ROUTE_PAGES)) expect(ROUTE_KEYS).toContain(key);
  });
});
