// Which message keys each page of the web app shows (issue 18 "Labels by keys", groundwork for
// loading only the labels a route group needs): bundles apps/web/src/main.tsx with esbuild
// (code splitting, as the app's lazy pages are split) and, per output chunk, scans the web
// sources that chunk holds for literal `t('key')` / `tError('key')` calls. A page's keys are those
// of its chunk and of every chunk it imports statically; the shell's are those of the entry's.
// Dynamic keys (the machines' error keys, keys chosen by value) are not found by a scan: see
// apps/web/src/labels.test.ts's MACHINE_KEYS.
//
//   node scripts/label-keys.mjs            prints per page: keys, and their share of every label
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const WEB = join(root, 'apps/web');
const LABELS_DIR = join(root, 'apps/sandbox/src/seed/labels');
const KEY_CALL = /\bt(?:Error)?\('([A-Za-z0-9_.-]+)'/g;

/** Every label of a locale: `<locale>.json` and each folder's `<locale>.json`. */
export function allLabels(locale = 'en') {
  const labels = JSON.parse(readFileSync(join(LABELS_DIR, `${locale}.json`), 'utf8'));
  for (const entry of readdirSync(LABELS_DIR, { withFileTypes: true })) {
    const file = join(LABELS_DIR, entry.name, `${locale}.json`);
    if (entry.isDirectory() && existsSync(file)) Object.assign(labels, JSON.parse(readFileSync(file, 'utf8')));
  }
  return labels;
}

/** `{ shell: string[], pages: { [pageModule]: string[] } }`: the literal keys each page's chunks use. */
export async function pageLabelKeys() {
  const result = await build({
    entryPoints: [join(WEB, 'src/main.tsx')],
    bundle: true, splitting: true, format: 'esm', write: false, outdir: '/tmp/label-keys-out',
    metafile: true, logLevel: 'silent', jsx: 'automatic', absWorkingDir: WEB,
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty' },
    external: ['@stream/*', 'react', 'react-dom', 'react/*', 'react-dom/*', 'wouter', 'xstate', '@xstate/*', 'hls.js', 'hls.js/*', 'zod', 'zod/*'],
    plugins: [{
      // import.meta.glob is Vite's: list the page modules as dynamic imports for esbuild.
      name: 'vite-glob',
      setup(b) {
        b.onLoad({ filter: /app\/pages\.ts$/ }, (args) => {
          const dir = join(args.path, '../../pages');
          const pages = readdirSync(dir).filter((f) => /Page\.tsx$/.test(f));
          const list = pages.map((f) => `'../pages/${f}': () => import('../pages/${f}')`).join(',\n');
          const source = readFileSync(args.path, 'utf8').replace(/import\.meta\.glob<[^>]*>\(\[[^\]]*\]\)/s, `({${list}})`);
          return { contents: source, loader: 'ts' };
        });
      },
    }],
  });
  const outputs = result.metafile.outputs;
  const keysOf = new Map();
  for (const [name, output] of Object.entries(outputs)) {
    const keys = new Set();
    for (const input of Object.keys(output.inputs)) {
      if (!input.startsWith('src/') || input.includes('.test.')) continue;
      for (const match of readFileSync(join(WEB, input), 'utf8').matchAll(KEY_CALL)) keys.add(match[1]);
    }
    keysOf.set(name, keys);
  }
  /** Keys of `name` and of the chunks it imports statically, transitively. */
  const closure = (name, seen = new Set()) => {
    if (seen.has(name)) return seen;
    seen.add(name);
    for (const imported of outputs[name]?.imports ?? []) if (imported.kind === 'import-statement') closure(imported.path, seen);
    return seen;
  };
  const keysOfClosure = (name) => [...new Set([...closure(name)].flatMap((chunk) => [...(keysOf.get(chunk) ?? [])]))].sort();
  const entry = Object.keys(outputs).find((name) => outputs[name].entryPoint === 'src/main.tsx');
  const pages = {};
  for (const [name, output] of Object.entries(outputs)) {
    const page = output.entryPoint?.match(/^src\/pages\/(\w+)\.tsx$/)?.[1];
    if (page) pages[page] = keysOfClosure(name);
  }
  // The app module (main.tsx imports it dynamically) is part of every first load.
  const mount = Object.keys(outputs).find((name) => outputs[name].entryPoint === 'src/app/mount.tsx');
  const shell = [...new Set([...keysOfClosure(entry), ...(mount ? keysOfClosure(mount) : [])])].sort();
  return { shell, pages, chunks: Object.keys(outputs).length, sources: relative(root, WEB) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const labels = allLabels('en');
  const total = Object.keys(labels).length;
  const bytes = (keys) => JSON.stringify(Object.fromEntries(keys.filter((k) => k in labels).map((k) => [k, labels[k]]))).length;
  const { shell, pages } = await pageLabelKeys();
  const all = JSON.stringify(labels).length;
  console.log(`every label (en): ${total} keys, ${all} bytes of JSON`);
  console.log(`shell (entry + app chunks): ${shell.length} keys, ${bytes(shell)} bytes`);
  for (const [page, keys] of Object.entries(pages).sort()) {
    const own = [...new Set([...shell, ...keys])];
    console.log(`${page.padEnd(34)} ${String(own.length).padStart(4)} keys with the shell's, ${String(bytes(own)).padStart(6)} bytes (${((100 * bytes(own)) / all).toFixed(0)} %)`);
  }
}
