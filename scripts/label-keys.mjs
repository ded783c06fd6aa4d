// Which message keys each page of the web app can show (issue 18 "Labels by keys": the web loads
// only the labels a page needs): bundles apps/web/src/main.tsx with esbuild (code splitting, as
// the app's lazy pages are split; @stream/core and @stream/react bundled too) and, per output
// chunk, scans the sources that chunk holds (the web's and core's) for every string literal that
// is a message key of the label catalogue (`t('key')`, `cond ? 'a' : 'b'`, maps of keys, the
// machines' error keys) and for template literals that start a key (`` `language_${x}` `` gives
// every `language_*` key). A page's keys are those of its chunk and of every chunk it imports
// statically; the shell's are those of the entry's and of the app module's.
// Keys only the platform names at run time (an error `code` that is also a key) are not found: the
// app loads such a key when it first shows it (apps/web/src/app/context.tsx).
//
//   node scripts/label-keys.mjs            prints per page: keys, and their share of every label
//   node scripts/label-keys.mjs --write    writes apps/web/src/app/labelSets.json (the app's key sets;
//                                          apps/web/src/labelSets.test.ts fails when it is stale)
import { readFileSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const WEB = join(root, 'apps/web');
const LABELS_DIR = join(root, 'apps/sandbox/src/seed/labels');
/** String literals ('…', "…", `…` without substitutions) and the head of a template literal with one. */
const LITERAL = /'([A-Za-z0-9_.-]+)'|"([A-Za-z0-9_.-]+)"|`([A-Za-z0-9_.-]+)(`|\$\{)/g;
/** Where the app's key sets are written (imported by apps/web/src/app/labelSets.ts and scripts/first-paint.mjs). */
export const LABEL_SETS_FILE = join(WEB, 'src/app/labelSets.json');

/** Every label of a locale: `<locale>.json` and each folder's `<locale>.json`. */
export function allLabels(locale = 'en') {
  const labels = JSON.parse(readFileSync(join(LABELS_DIR, `${locale}.json`), 'utf8'));
  for (const entry of readdirSync(LABELS_DIR, { withFileTypes: true })) {
    const file = join(LABELS_DIR, entry.name, `${locale}.json`);
    if (entry.isDirectory() && existsSync(file)) Object.assign(labels, JSON.parse(readFileSync(file, 'utf8')));
  }
  return labels;
}

/**
 * The message keys of `catalog` a source text names: its string literals that are keys, and for a
 * template literal's head (`` `language_${ ``) every key starting with it.
 */
export function keysInSource(text, catalog) {
  const keys = new Set();
  for (const match of text.matchAll(LITERAL)) {
    const literal = match[1] ?? match[2] ?? match[3];
    if (match[4] === '${') {
      for (const key of catalog) if (key.startsWith(literal)) keys.add(key);
    } else if (catalog.has(literal)) keys.add(literal);
  }
  return keys;
}

/**
 * `{ shell: string[], pages: { [pageModule]: string[] } }`: the keys of the label catalogue (every
 * locale's keys are the same: apps/web/src/labels.test.ts) each page's chunks name.
 */
export async function pageLabelKeys(catalog = new Set(Object.keys(allLabels('en')))) {
  const result = await build({
    entryPoints: [join(WEB, 'src/main.tsx')],
    bundle: true, splitting: true, format: 'esm', write: false, outdir: '/tmp/label-keys-out',
    metafile: true, logLevel: 'silent', jsx: 'automatic', absWorkingDir: WEB,
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty' },
    external: ['@stream/react', '@stream/react/*', 'react', 'react-dom', 'react/*', 'react-dom/*', 'wouter', 'xstate', '@xstate/*', 'hls.js', 'hls.js/*', 'zod', 'zod/*'],
    plugins: [{
      // import.meta.glob is Vite's: list the page modules as dynamic imports for esbuild.
      name: 'vite-glob',
      setup(b) {
        // Vite's `?url` imports (an asset's address, such as the key sets' own JSON) hold no keys.
        b.onResolve({ filter: /\?url$/ }, (args) => ({ path: args.path, external: true }));
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
      // The web's sources and core's (its built modules: the machines' and rules' keys).
      if (input.includes('.test.') || input.endsWith('.map') || !(input.startsWith('src/') || input.includes('packages/core/dist/'))) continue;
      for (const key of keysInSource(readFileSync(join(WEB, input), 'utf8'), catalog)) keys.add(key);
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

/**
 * The app's key sets: `{ shell, pages: { [pageModule]: keys not in shell } }`, keys sorted, pages
 * by name (a stable file).
 */
export async function labelSets() {
  const { shell, pages } = await pageLabelKeys();
  const inShell = new Set(shell);
  const own = Object.fromEntries(Object.keys(pages).sort().map((page) => [page, pages[page].filter((key) => !inShell.has(key))]));
  return { shell, pages: own };
}

/** The text of apps/web/src/app/labelSets.json for `sets`. */
export function labelSetsText(sets) {
  return `${JSON.stringify(sets, null, 0).replace(/\],"/g, '],\n"')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--write')) {
  writeFileSync(LABEL_SETS_FILE, labelSetsText(await labelSets()));
  console.log(`wrote ${relative(root, LABEL_SETS_FILE)}`);
} else if (import.meta.url === `file://${process.argv[1]}`) {
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
