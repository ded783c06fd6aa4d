import { fileURLToPath } from 'node:url';
import { defineConfig, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { hlsFromSource } from './hlsBuild.ts';
import { prerender } from './prerender.ts';
import { PREACT_COMPAT_ALIASES, PREACT_DEDUPE } from './preactCompat.ts';

/** Port of `vite` (dev) and `vite preview`; the e2e runner sets WEB_PORT. @default 5173 */
const port = Number(process.env.WEB_PORT ?? 5173);

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * The chunks of the first load (issue 13 "Performance": few files, no other page's code), each
 * with what its root needs and an earlier chunk does not hold: `index` (main.tsx and what it
 * imports: the config, the API client, the session and labels machines, so the requests start
 * first), `app` (app/mount.tsx: React and the shell), then the pages a guest opens first, `home`
 * (with its catalogue) and `login`. Other pages get Rolldown's automatic chunks.
 */
const FIRST_LOAD_CHUNKS: Rolldown.CodeSplittingGroup[] = [
  { name: 'index', tags: ['$initial'], test: (id) => id !== src('main.tsx'), priority: 4 },
  // useResource: the data hook of the login page and of the home page's catalogue.
  { name: 'app', test: (id) => id === src('app/mount.tsx') || id === src('app/useResource.ts'), priority: 3 },
  { name: 'home', test: (id) => id === src('pages/HomePage.tsx') || id === src('components/ContentCatalogue.tsx'), priority: 2 },
  { name: 'login', test: (id) => id === src('pages/LoginPage.tsx'), priority: 1 },
];

export default defineConfig({
  // JSX and React's imports go to preact/compat (preactCompat.ts). React Fast Refresh does not
  // work with Preact: in `vite` (dev) an edited component reloads the page.
  plugins: [react({ refreshExclude: /./ }), prerender()],
  // hls.js from source with the player's features only (hlsBuild.ts).
  resolve: { alias: [...PREACT_COMPAT_ALIASES, hlsFromSource.alias], dedupe: PREACT_DEDUPE },
  define: hlsFromSource.define,
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Chromium, Firefox and Safari support <link rel="modulepreload">: no polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { codeSplitting: { groups: FIRST_LOAD_CHUNKS } },
    },
  },
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true },
});
