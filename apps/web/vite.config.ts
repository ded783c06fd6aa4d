import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Port of `vite` (dev) and `vite preview`; the e2e runner sets WEB_PORT. @default 5173 */
const port = Number(process.env.WEB_PORT ?? 5173);

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true },
});
