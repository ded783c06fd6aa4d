/**
 * Business constants and limits. Implements identity-and-routes.md §1 and §9.
 */

/** Widest viewport (px) that still gets the mobile login background (§1: "up to 1024 px"). */
export const LOGIN_BACKGROUND_BREAKPOINT_PX = 1024;
/** Width (px) of the mobile login background image. */
export const LOGIN_BACKGROUND_MOBILE_WIDTH = 820;
/** Width (px) of the desktop login background image. */
export const LOGIN_BACKGROUND_DESKTOP_WIDTH = 1080;
/** Width (px) of the login logo. */
export const LOGIN_LOGO_WIDTH = 110;
/** Debounce (ms) of the background change on resize. */
export const LOGIN_BACKGROUND_RESIZE_DEBOUNCE_MS = 500;
/** Duration (ms) of the background transition. */
export const LOGIN_BACKGROUND_TRANSITION_MS = 200;
/** Delay (ms) before redirecting to login after a successful password reset. */
export const PASSWORD_RESET_REDIRECT_MS = 3000;
/** Delay (ms) after releasing the show-password control before the password hides again. */
export const SHOW_PASSWORD_HIDE_DELAY_MS = 300;
/** Layout breakpoints (px). */
export const LAYOUT_BREAKPOINTS_PX = [768, 860, 1024, 1100] as const;
/** Widest viewport (px) laid out as mobile. */
export const MOBILE_WIDTH_PX = 860;
/** Image widths (px) requested from the image service, 240 to 3840. */
export const IMAGE_WIDTHS = [240, 320, 480, 640, 768, 960, 1080, 1280, 1440, 1920, 2560, 3840] as const;
/**
 * The font weights the styles may use (identity-and-routes.md §9 "font weight list 200 to 800"),
 * in steps of 100. The web declares each as a CSS custom property (`--font-weight-200` …
 * `--font-weight-800` in apps/web/src/styles/base.css) and every `font-weight` of its stylesheets
 * is one of them (a unit test of apps/web scans them). The product's font is a system stack
 * (`system-ui`, Segoe UI, Roboto, Noto Sans …; no self-hosted web font, so no `@font-face`): a
 * weight the installed face lacks is synthesised or rounded to the nearest by the browser.
 */
export const FONT_WEIGHTS = [200, 300, 400, 500, 600, 700, 800] as const;
/** HTTP 428 Precondition Required (§8: defined, meaning not shown). */
export const STATUS_PRECONDITION_REQUIRED = 428;
/** HTTP 424 Failed Dependency (§8: defined, meaning not shown). */
export const STATUS_FAILED_DEPENDENCY = 424;

/** Which login background to show. */
export interface LoginBackground {
  variant: 'mobile' | 'desktop';
  width: typeof LOGIN_BACKGROUND_MOBILE_WIDTH | typeof LOGIN_BACKGROUND_DESKTOP_WIDTH;
  /** True for right-to-left languages: use the mirrored image. */
  mirrored: boolean;
}

/**
 * The login background for a viewport width (CSS px) and text direction: mobile (820 px image)
 * at widths up to and including 1024, desktop (1080 px image) above; mirrored for `'rtl'`.
 * A NaN width counts as mobile. Never throws.
 * Implements identity-and-routes.md §1 (login background) and §9.
 */
export function loginBackground(viewportWidthPx: number, direction: 'ltr' | 'rtl'): LoginBackground {
  const desktop = typeof viewportWidthPx === 'number' && viewportWidthPx > LOGIN_BACKGROUND_BREAKPOINT_PX;
  return desktop
    ? { variant: 'desktop', width: LOGIN_BACKGROUND_DESKTOP_WIDTH, mirrored: direction === 'rtl' }
    : { variant: 'mobile', width: LOGIN_BACKGROUND_MOBILE_WIDTH, mirrored: direction === 'rtl' };
}
