import { defineConfig } from 'tsup';

/** One ESM entry with declarations; React, XState and @stream/core stay external (peers). */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2022',
  sourcemap: true,
  external: ['react', 'react/jsx-runtime', 'xstate', '@xstate/react', /^@stream\/core/],
});
