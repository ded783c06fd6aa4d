import { labelsResponseSchema, type LabelsResponse } from '@stream/core/contracts';

/** The id of the page's first-paint data block (scripts/first-paint.mjs writes it). */
export const FIRST_PAINT_ELEMENT_ID = 'stream-first-paint';

/**
 * What the web server put into this page for its first paint (scripts/first-paint.mjs), for the
 * app's language only: the labels (which the labels machine starts with instead of loading them)
 * and the home page's hero artwork (its URL template), already in the HTML (the frame keeps it).
 */
export interface FirstPaint {
  /** The labels of `language.current`, validated with their contract, or null. */
  labels: LabelsResponse | null;
  /** The home frame's images (`[heroTemplate]`, app/homeHero.ts), or null. */
  media: string[] | null;
}

const NONE: FirstPaint = { labels: null, media: null };

/**
 * Reads the data block `#stream-first-paint` of `doc`. Its content counts only when the server
 * made it for the language the app starts in (`language`: the stored language, else the
 * browser's, compared without case): a visitor who chose another language in the app gets its
 * labels loaded as usual. Labels that break their contract are ignored (the app loads them), as
 * is anything that is not JSON. Never throws.
 */
export function readFirstPaint(doc: Pick<Document, 'getElementById'>, language: string): FirstPaint {
  const text = doc.getElementById(FIRST_PAINT_ELEMENT_ID)?.textContent;
  if (!text) return NONE;
  let data: { language?: unknown; labels?: unknown; media?: unknown };
  try {
    data = JSON.parse(text) as typeof data;
  } catch {
    return NONE;
  }
  if (typeof data !== 'object' || data === null || typeof data.language !== 'string') return NONE;
  if (data.language.toLowerCase() !== language.toLowerCase()) return NONE;
  const labels = labelsResponseSchema.safeParse(data.labels);
  const media = Array.isArray(data.media) && data.media.every((url) => typeof url === 'string') ? (data.media as string[]) : null;
  return { labels: labels.success ? labels.data : null, media };
}
