import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'contracts/index': 'src/contracts/index.ts',
    'api/index': 'src/api/index.ts',
    'domain/index': 'src/domain/index.ts',
    'machines/index': 'src/machines/index.ts',
    'platform/index': 'src/platform/index.ts',
  },
  format: ['esm'],
  dts: true,
  splitting: true,
  treeshake: true,
  clean: true,
  target: 'es2022',
  sourcemap: true,
});
