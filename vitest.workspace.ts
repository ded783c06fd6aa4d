import type { TestProjectInlineConfiguration } from 'vitest/config';

/** The Vitest projects of the workspace; the root vitest.config.ts imports this list. */
export const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'core',
      root: './packages/core',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'react',
      root: './packages/react',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      environment: 'node',
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
      passWithNoTests: true,
    },
  },
];

export default projects;
