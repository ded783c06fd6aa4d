// Types of scripts/first-paint.mjs (the web server's first-paint content), for the web's tests.
import type { LabelsResponse } from '@stream/core/contracts';

export const FIRST_PAINT_ELEMENT_ID: string;
export const FIRST_PAINT_TTL_MS: number;
export const FIRST_PAINT_TIMEOUT_MS: number;

/** The login card's heading and subtitle. */
export interface FrameText {
  title: string;
  subtitle: string;
}

/** What a page gets at request time: the language asked for, its labels, the frame's content. */
export interface FirstPaint {
  language: string;
  labels: LabelsResponse | unknown;
  text?: FrameText;
  media?: string[];
}

export function primaryLanguage(header: string | undefined): string | null;
export function withFirstPaint(html: string, content: FirstPaint): string;
export function createFirstPaintSource(
  config: { apiBaseUrl: string; realm: string; apiKey: string },
  fetchImpl?: typeof fetch,
): { contentFor(pathname: string, acceptLanguage: string | undefined): Promise<FirstPaint | null> };
/** The page module of `pathname` and the label keys its first load needs (the shell's and the page's). */
export function firstLoadKeys(
  pathname: string,
  sets?: { shell: readonly string[]; pages: Readonly<Record<string, readonly string[]>> },
): { page: string; keys: string[] };
