/**
 * Build step of the web app (a Vite plugin, vite.config.ts): prerenders the HTML of the public
 * routes so that their first paint needs no JavaScript.
 *
 * After Vite has written `dist/`, it
 * 1. builds the boot script (src/boot/direction.ts) as a small classic script with a hashed name,
 *    `assets/boot-<hash>.js`, and loads it first in `<head>` of every HTML file: it sets
 *    `<html lang dir>` before the body is parsed (no inline script: the CSP allows none);
 * 2. renders the page frame (src/app/Frame.tsx) with react-dom/server into `<div id="root">`:
 *    `index.html` (every other route, and the not-found page, start from it) gets the generic
 *    frame; each of {@link PRERENDERED_ROUTES}, in every route locale set, gets
 *    `<path>/index.html` with the frame of its layout, its page's stylesheets and
 *    `<link rel="modulepreload">` of its page's chunks (so that they load with the entry instead
 *    of after it).
 * The labels are not known at build time (the platform serves them per visitor, in the visitor's
 * language), so the frame holds no text but a hidden "Loading…" status; the app renders the same
 * frame at start and the page in its place once the labels are there.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { build, runnerImport, type Plugin, type Rollup } from 'vite';
import { buildPath, ROUTE_LOCALES } from '@stream/core/domain';
import { PRERENDERED_ROUTES, ROUTE_PAGES } from './src/app/routePages.ts';
import type { FrameKind } from './src/app/Frame.tsx';

interface FrameRenderer {
  renderFrame(kind: FrameKind): string;
  frameKindOf(pathname: string): FrameKind;
}

/** The Vite plugin; see the module comment. */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  return {
    name: 'stream:prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    async writeBundle(_options, bundle) {
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const boot = await buildBootScript(root);
      await writeFile(join(outDir, boot.fileName), boot.code);
      const frames = await loadFrameRenderer(root);
      const page = (html: string, kind: FrameKind, links: string[]) => {
        // react-dom puts resource hints (the logo's preload) first in its markup: they go to <head>.
        const markup = frames.renderFrame(kind);
        const hints = markup.match(/^(<link [^>]*\/>)*/)?.[0] ?? '';
        return html
          .replace(/(<meta charset="[^"]*" \/>)/i, `$1\n    <script src="${base}${boot.fileName}"></script>`)
          .replace(/\n\s*<\/head>/, () => [...hints.match(/<link [^>]*\/>/g) ?? [], ...links].map((link) => `\n    ${link}`).join('') + '\n  </head>')
          .replace('<div id="root"></div>', `<div id="root">${markup.slice(hints.length)}</div>`);
      };

      // The app (React and the shell) is imported by the entry once it has started its requests.
      const app = resolve(root, 'src/app/mount.tsx');
      await writeFile(join(outDir, 'index.html'), page(template, 'page', routeLinks(bundle, [app], base)));
      const written = new Set<string>();
      for (const key of PRERENDERED_ROUTES) {
        const links = routeLinks(bundle, [app, resolve(root, 'src/pages', `${ROUTE_PAGES[key]}.tsx`)], base);
        for (const locale of ROUTE_LOCALES) {
          const path = buildPath(key, {}, locale);
          if (written.has(path)) continue;
          written.add(path);
          const file = join(outDir, path, 'index.html');
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, page(template, frames.frameKindOf(path), links));
        }
      }
    },
  };
}

/** The boot script, bundled on its own as a minified IIFE; its file name carries a content hash. */
async function buildBootScript(root: string): Promise<{ fileName: string; code: string }> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root,
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: resolve(root, 'src/boot/direction.ts'), formats: ['iife'], name: 'streamBoot' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('prerender: the boot script did not build');
  const hash = createHash('sha256').update(chunk.code).digest('base64url').slice(0, 8);
  return { fileName: `assets/boot-${hash}.js`, code: chunk.code };
}

/** Loads the frame and react-dom/server through Vite's module runner (TSX, the app's imports). */
async function loadFrameRenderer(root: string): Promise<FrameRenderer> {
  const { module } = await runnerImport<FrameRenderer>(resolve(root, 'src/app/renderFrame.tsx'), {
    configFile: false,
    root,
    logLevel: 'warn',
  });
  return module;
}

/**
 * `<link>`s of the chunks and stylesheets that `modules` (imported on demand) need besides the
 * entry's (which Vite already links): the chunks of the modules, their static imports, and their CSS.
 */
function routeLinks(bundle: Rollup.OutputBundle, modules: string[], base: string): string[] {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Rollup.OutputChunk[]) => {
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const chunk = queue.shift()!;
      if (seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      for (const name of chunk.imports) {
        const next = byName.get(name);
        if (next) queue.push(next);
      }
    }
    return seen;
  };
  const entry = closure(chunks.filter((chunk) => chunk.isEntry));
  // A module's chunk: the one it is the facade of, else (another chunk imports some of its
  // exports too) the one that holds it.
  const chunkOf = (module: string) => {
    const chunk =
      chunks.find((candidate) => candidate.facadeModuleId === module) ??
      chunks.find((candidate) => candidate.moduleIds.includes(module));
    if (!chunk) throw new Error(`prerender: no chunk holds ${module}`);
    return chunk;
  };
  const files = [...closure(modules.map(chunkOf))].filter((name) => !entry.has(name));
  const css = new Set<string>();
  for (const name of files) for (const file of byName.get(name)?.viteMetadata?.importedCss ?? []) css.add(file);
  return [
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...files.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ];
}
