/**
 * The boot script: a classic script that index.html runs in `<head>`, before the body is parsed
 * (vite.config.ts builds it on its own, as a small IIFE with a hashed name). It sets `<html lang
 * dir>` from the stored language (§4 "Language change"), else the browser's (`en-US` read as `en`,
 * commerce §9), so that the
 * prerendered frame and the app's first render are laid out right to left for a right-to-left
 * language from the first paint (§9) instead of flipping once the labels arrive. The app sets both
 * again from the labels' language (app/App.tsx).
 * When the web server wrote the frame's text in another language than this one (`<html
 * data-first-paint-language>`, scripts/first-paint.mjs: the browser's, for a visitor who chose
 * another in the app), it marks the page `data-first-paint="other-language"`, which hides that
 * text until the app renders (app/mount.tsx clears the mark).
 */
import { textDirection } from '@stream/core/domain';
import { uiLanguage } from '@stream/core/machines';
import { webStorage } from '@stream/core/platform';

const language = uiLanguage(webStorage(), globalThis.navigator?.language);
document.documentElement.lang = language;
document.documentElement.dir = textDirection(language);
const served = document.documentElement.dataset.firstPaintLanguage;
if (served !== undefined && served.toLowerCase() !== language.toLowerCase()) {
  document.documentElement.dataset.firstPaint = 'other-language';
}
