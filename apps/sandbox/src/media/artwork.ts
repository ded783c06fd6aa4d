/**
 * Generated artwork: a JPEG per item, kind and width, drawn with ffmpeg the first time it is asked
 * for (a diagonal gradient between the item's two colours, darker at the bottom; posters and
 * thumbnails also show the title in DejaVu Sans Bold when the font is installed, heroes carry no
 * text, since a page writes its title over its hero), then kept in the media cache (media/cache.ts).
 * Widths are those of identity-and-routes.md §9 (`IMAGE_WIDTHS` of `@stream/core/domain`); only
 * the widths asked for are drawn. docs/sandbox.md "Streaming and artwork".
 */
import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTH_PLACEHOLDER } from '@stream/core/domain';
import { ensureFolder, exists, memoised, publish, temporarySibling } from './cache.js';
import { concurrencyLimit, drawtextFont, ffmpeg } from './ffmpeg.js';

/** The kinds of artwork and their aspect ratios (width : height). */
export const ARTWORK_KINDS = {
  /** A title's poster, portrait 2:3. */
  poster: [2, 3],
  /** The wide image behind a page's or a rail's headline, 16:9; it carries no text (the page writes the title over it). */
  hero: [16, 9],
  /** A rail tile, 16:9. */
  thumbnail: [16, 9],
} as const satisfies Record<string, readonly [number, number]>;
export type ArtworkKind = keyof typeof ARTWORK_KINDS;

/** Whether `kind` names one of {@link ARTWORK_KINDS}. */
export function isArtworkKind(kind: string): kind is ArtworkKind {
  return Object.hasOwn(ARTWORK_KINDS, kind);
}

/** What an item's artwork shows: its title and its two colours (`#rrggbb`, the gradient's start and end). */
export interface ArtworkLook {
  title: string;
  colours: readonly [string, string];
}

/** Height in pixels of `kind` at `width` (the kind's ratio, rounded). */
export function artworkHeight(kind: ArtworkKind, width: number): number {
  const [w, h] = ARTWORK_KINDS[kind];
  return Math.round((width * h) / w);
}

/**
 * The URL template of an item's artwork of `kind` on `base` (the sandbox's public URL, no
 * trailing slash): `<base>/artwork/<kind>/<id>/{width}`, the placeholder being
 * `IMAGE_WIDTH_PLACEHOLDER` (`imageUrl`/`imageSrcSet` of `@stream/core/domain` fill it in).
 */
export function artworkUrlTemplate(base: string, kind: ArtworkKind, id: string): string {
  return `${base}/artwork/${kind}/${encodeURIComponent(id)}/${IMAGE_WIDTH_PLACEHOLDER}`;
}

const FALLBACK_COLOURS = ['#334155', '#64748b'] as const;
const RGB = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;
/**
 * Text size of the title as a fraction of the width, per kind; null for a kind drawn without its
 * title (a hero: the page's overlay writes the title over it, it must not be written twice).
 */
const TEXT_SIZE: Record<ArtworkKind, number | null> = { poster: 1 / 11, hero: null, thumbnail: 1 / 14 };
/** The most characters on a line: what fits in 84% of the width at about 0.64 em per bold character. */
const lineLength = (textSize: number) => Math.floor(0.84 / (textSize * 0.64));
const MAX_LINES = 3;
/** Bump when the drawing changes: the cache keys include it (3: heroes without their title). */
const RECIPE_VERSION = 3;

/** `title` cut into at most three lines of at most `max` characters, at spaces where it can; `…` when it does not fit. */
export function wrapTitle(title: string, max: number): string[] {
  const words = title.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words.flatMap((w) => w.match(new RegExp(`.{1,${max}}`, 'gu')) ?? [])) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= max) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= MAX_LINES) return lines;
  const kept = lines.slice(0, MAX_LINES);
  kept[MAX_LINES - 1] = `${Array.from(kept[MAX_LINES - 1]!).slice(0, max - 1).join('')}…`;
  return kept;
}

const memo = memoised<string>();
/** At most two artwork ffmpeg processes at once (a page asks for dozens of images together). */
const twoAtATime = concurrencyLimit(2);

/**
 * The file of an item's artwork (`kind`, item `id`, `width` pixels wide, its height from the
 * kind's ratio), drawn now when the cache does not hold it: `<cacheDir>/artwork/<kind>/<key>-<width>.jpg`,
 * the key a hash of the drawing's version, the id, colours and (for a kind that shows it) the
 * title and font, so that a changed title or drawing is drawn again. The caller checks that
 * `width` is one of `IMAGE_WIDTHS`. Colours that are not `#rrggbb` are replaced by slate greys.
 */
export function renderArtwork(cacheDir: string, kind: ArtworkKind, id: string, width: number, look: ArtworkLook): Promise<string> {
  const colours = look.colours.every((c) => RGB.test(c)) && look.colours.length === 2 ? look.colours : FALLBACK_COLOURS;
  const textSize = TEXT_SIZE[kind];
  const font = textSize === null ? null : drawtextFont();
  const shown = font ? look.title : null;
  const key = createHash('sha256').update(JSON.stringify([RECIPE_VERSION, kind, id, shown, colours, font])).digest('hex').slice(0, 20);
  const final = path.join(cacheDir, 'artwork', kind, `${key}-${width}.jpg`);
  return memo(final, async () => {
    if (await exists(final)) return final;
    return twoAtATime(async () => {
      if (await exists(final)) return final;
      await ensureFolder(path.dirname(final));
      const temporary = temporarySibling(final);
      const textFile = `${temporary}.txt`;
      try {
        const text =
          font !== null && textSize !== null
            ? { font, size: Math.max(10, Math.round(width * textSize)), file: path.basename(textFile), lines: wrapTitle(look.title, lineLength(textSize)) }
            : null;
        if (text) await writeFile(textFile, text.lines.join('\n'));
        await ffmpeg(drawArgs(kind, width, colours, text, path.basename(temporary)), path.dirname(final));
        await publish(temporary, final);
      } finally {
        await rm(textFile, { force: true });
        await rm(temporary, { force: true });
      }
      return final;
    });
  });
}

/**
 * ffmpeg arguments drawing the image into `output` (a name in the folder ffmpeg runs in), with
 * the title of `text.file` (a name in that folder) in `text.font`, `text.size` pixels high,
 * at the bottom start corner, unless `text` is null.
 */
function drawArgs(
  kind: ArtworkKind,
  width: number,
  colours: readonly [string, string],
  text: { font: string; size: number; file: string } | null,
  output: string,
): string[] {
  const height = artworkHeight(kind, width);
  const [from, to] = colours.map((c) => RGB.exec(c)!.slice(1, 4).map((hex) => parseInt(hex, 16)));
  // Drawn small (the kind's ratio times 32) and scaled up: a gradient stays smooth, and a 3840-wide image takes well under a second.
  const [rw, rh] = ARTWORK_KINDS[kind];
  const small = `${rw * 32}x${rh * 32}`;
  const shade = '(1-0.6*clip((Y/H-0.45)/0.55,0,1))';
  const channel = (i: number) => `lerp(${from![i]},${to![i]},(X/W+Y/H)/2)*${shade}`;
  const title = text
    ? `,drawtext=fontfile=${text.font}:textfile=${text.file}:expansion=none:fontsize=${text.size}:fontcolor=white:line_spacing=${Math.round(text.size / 5)}` +
      `:borderw=${Math.max(1, Math.round(text.size / 40))}:bordercolor=black@0.4:x=w*0.07:y=h-text_h-h*0.08`
    : '';
  return [
    '-f', 'lavfi', '-i', `color=c=black:s=${small}:d=1:r=1,format=rgb24,geq=r='${channel(0)}':g='${channel(1)}':b='${channel(2)}'`,
    '-frames:v', '1',
    '-vf', `scale=${width}:${height}:flags=bicubic${title}`,
    '-pix_fmt', 'yuvj420p', '-q:v', '4', '-f', 'image2', '-c:v', 'mjpeg', '-update', '1', output,
  ];
}
