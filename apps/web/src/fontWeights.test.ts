import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FONT_WEIGHTS } from '@stream/core/domain';

// identity-and-routes.md §9 "font weight list 200 to 800": the styles use only the weights of
// core's FONT_WEIGHTS, each declared once as a custom property in styles/base.css.

const SRC_DIR = fileURLToPath(new URL('./', import.meta.url));
const BASE_CSS = `${SRC_DIR}styles/base.css`;

function files(dir: string, extension: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = `${dir}${entry.name}`;
    if (entry.isDirectory()) return files(`${full}/`, extension);
    return entry.name.endsWith(extension) ? [full] : [];
  });
}

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');
/** A face's `font-weight` is the range it covers, not a weight used: checked on its own below. */
const withoutFaces = (css: string) => css.replace(/@font-face\s*{[^}]*}/g, '');
const ALLOWED = new Set(FONT_WEIGHTS.map((weight) => `var(--font-weight-${weight})`));
/** A weight in a `font` shorthand: a number or a keyword (`normal` alone is the shorthand's reset and allowed). */
const SHORTHAND_WEIGHT = /(^|\s)([1-9]\d{0,2}(\.\d+)?|bold|bolder|lighter)(\s|$)/;

/** The font weights of a stylesheet that are not one of FONT_WEIGHTS' custom properties. */
function strayWeights(css: string): string[] {
  const stray: string[] = [];
  for (const match of withoutFaces(withoutComments(css)).matchAll(/(?:^|[;{\s])(font-weight|font)\s*:\s*([^;}]+)/g)) {
    const [, property, raw] = match;
    const value = raw!.trim().replace(/\s*!important$/, '');
    // The shorthand's size (`1rem/1.5`) may follow a weight: only a token standing alone before it counts.
    const shorthandWeight = property === 'font' && SHORTHAND_WEIGHT.test(value.split('/')[0]!.replace(/\S+$/, ''));
    if (property === 'font-weight' ? !ALLOWED.has(value) : shorthandWeight) stray.push(`${property}: ${value}`);
  }
  return stray;
}

describe('font weights (identity §9 "font weight list 200 to 800")', () => {
  it('finds a weight outside the list, `normal`, `bold` and a weight inside a font shorthand', () => {
    const css = `
      a { font-weight: 650; } b { font-weight: bold } /* font-weight: 900 in a comment counts not */
      c { font-weight: normal; } d { font-weight: var(--font-weight-600); }
      e { font: 700 1rem/1.5 sans-serif; } f { font: inherit; } g { font-weight: var(--font-weight-900) }
    `;
    expect(strayWeights(css)).toEqual([
      'font-weight: 650',
      'font-weight: bold',
      'font-weight: normal',
      'font: 700 1rem/1.5 sans-serif',
      'font-weight: var(--font-weight-900)',
    ]);
  });

  it('every font-weight of the web stylesheets is one of the list', () => {
    const stray = files(SRC_DIR, '.css').flatMap((file) => strayWeights(readFileSync(file, 'utf8')).map((found) => `${file.slice(SRC_DIR.length)}: ${found}`));
    expect(stray).toEqual([]);
  });

  it('base.css declares each weight of the list once, and no other', () => {
    const css = withoutComments(readFileSync(BASE_CSS, 'utf8'));
    const declared = [...css.matchAll(/--font-weight-(\d+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [Number(name), value!.trim()]);
    expect(declared).toEqual(FONT_WEIGHTS.map((weight) => [weight, String(weight)]));
  });

  it('no inline style sets a weight, and no @font-face declares a face outside 200 to 800', () => {
    const inline = files(SRC_DIR, '.tsx').filter((file) => /\bfontWeight\b/.test(readFileSync(file, 'utf8')));
    expect(inline).toEqual([]);
    // The product's font is a system stack; a self-hosted face must declare the whole range.
    for (const file of files(SRC_DIR, '.css')) {
      for (const [face] of withoutComments(readFileSync(file, 'utf8')).matchAll(/@font-face\s*{[^}]*}/g)) {
        expect(face, file).toMatch(/font-weight:\s*200 800\s*;/);
      }
    }
  });
});
