import { defineConfig } from 'tsup';

/**
 * Every source module is its own entry (tests excluded), so that the output keeps module
 * boundaries: a consumer's bundler can put each machine or rule in the chunk of the route that
 * uses it, and one that imports a single pure function pays only for that function. The
 * package's public entry points are the `index` files named in package.json `exports`.
 */
export default defineConfig({
  entry: ['src/**/*.ts', '!src/**/*.test.ts', '!src/**/test-helpers.ts', '!src/**/*.arbitrary.ts'],
  format: ['esm'],
  dts: { entry: {
    index: 'src/index.ts',
    'contracts/index': 'src/contracts/index.ts',
    'api/index': 'src/api/index.ts',
    'domain/index': 'src/domain/index.ts',
    'machines/index': 'src/machines/index.ts',
    'platform/index': 'src/platform/index.ts',
    'resources/index': 'src/resources/index.ts',
  } },
  splitting: true,
  treeshake: true,
  clean: true,
  target: 'es2022',
  sourcemap: true,
});
