/**
 * The web app runs on Preact (preact/compat) instead of React: its code, @stream/react,
 * @xstate/react and wouter are written against React's API, and these `resolve.alias` entries
 * make each of React's import specifiers resolve to preact/compat (issue 13 "Performance": React 19
 * and react-dom alone are about 60 KB of gzipped JavaScript, preact/compat about 11 KB).
 * Used by the build and the dev server (vite.config.ts) and by the web's unit tests
 * (vitest.workspace.ts), so that the tests render with what ships. `@stream/react` keeps `react`
 * as its peer dependency: other front ends use real React.
 *
 * Each entry matches one specifier exactly (a bare `react` entry would also catch
 * `react-dom`-like names); `preact` is deduplicated, so that every importer (packages in
 * pnpm's store too) gets the one copy of apps/web's dependency.
 */
import type { Alias } from 'vite';

export const PREACT_COMPAT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

/** `resolve.dedupe`: one copy of Preact, resolved from apps/web, whoever imports it. */
export const PREACT_DEDUPE = ['preact'];
