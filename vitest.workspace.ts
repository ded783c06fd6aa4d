import type { TestProjectInlineConfiguration } from 'vitest/config';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PREACT_COMPAT_ALIASES, PREACT_DEDUPE } from './apps/web/preactCompat.ts';

/**
 * The web's tests render with what ships: React's specifiers resolve to preact/compat
 * (apps/web/preactCompat.ts). The libraries that import React (some as CommonJS) are bundled by
 * Vite's dependency optimizer with Preact in shared chunks, so that every importer gets one copy.
 */
const webRequire = createRequire(new URL('./apps/web/package.json', import.meta.url));
const preactRoot = dirname(webRequire.resolve('preact/package.json'));
const preactExports = (JSON.parse(readFileSync(join(preactRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, { browser?: string; import?: string }>;
}).exports;
/** The ES module file of a `preact/…` specifier, as the `browser` condition picks it. */
const preactModule = (specifier: string): string => {
  const entry = preactExports[`.${specifier.slice('preact'.length)}`];
  const file = entry?.browser ?? entry?.import;
  if (!file) throw new Error(`vitest.workspace: preact has no ES module for ${specifier}`);
  return join(preactRoot, file);
};
const PREACT_ENTRIES = [
  'preact', 'preact/hooks', 'preact/compat', 'preact/compat/client', 'preact/compat/server', 'preact/test-utils',
];
/** The web's dependencies that import React, bundled by Vite's dependency optimizer so that the aliases reach them. */
const REACT_USERS = {
  enabled: true,
  include: [
    ...PREACT_ENTRIES,
    '@testing-library/react', '@xstate/react', 'wouter', 'use-sync-external-store/shim', 'use-sync-external-store/shim/with-selector',
  ],
  rolldownOptions: {
    plugins: [
      {
        // Vitest keeps `react` out of its optimizer's bundles whatever the aliases say: inside them
        // React's specifiers would then load real React. This plugin resolves them first.
        name: 'stream:preact-compat-in-deps',
        resolveId(source: string) {
          const alias = PREACT_COMPAT_ALIASES.find(({ find }) => find instanceof RegExp && find.test(source));
          return alias ? preactModule(alias.replacement) : null;
        },
      },
    ],
  },
};

/** The Vitest projects of the workspace; the root vitest.config.ts imports this list. */
export const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'core',
      root: './packages/core',
      include: ['src/**/*.test.ts'],
      environment: 'node',
      // Property tests run hundreds of cases: on two loaded cores some take several seconds.
      testTimeout: 30_000,
    },
  },
  {
    test: {
      name: 'react',
      root: './packages/react',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      environment: 'node',
      testTimeout: 30_000,
    },
  },
  {
    test: {
      name: 'sandbox',
      root: './apps/sandbox',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    test: {
      name: 'web',
      root: './apps/web',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      environment: 'node',
      testTimeout: 30_000,
      passWithNoTests: true,
      deps: { optimizer: { client: REACT_USERS, ssr: REACT_USERS } },
      // Vitest never optimizes a JSX runtime: Vite runs Preact's, so that it imports the optimized Preact.
      server: { deps: { inline: [/preact\/(compat\/)?jsx-(dev-)?runtime/] } },
    },
    // The web renders with what ships: React's imports resolve to preact/compat (apps/web/preactCompat.ts).
    resolve: { alias: PREACT_COMPAT_ALIASES, dedupe: PREACT_DEDUPE, conditions: ['module', 'browser', 'import'], mainFields: ['module', 'main'] },
  },
];

export default projects;
