import { IMAGE_WIDTHS, imageSrcSet, imageUrl, matchRouteAnyLocale, type RouteKey } from '@stream/core/domain';
import { FALLBACK_TEXT } from './fallbackText';
import { HERO_SIZES } from './homeHero';

/**
 * The layouts a page starts in: the login layout (background image and card), the home page
 * (hero and catalogue), any other page.
 */
export type FrameKind = 'auth' | 'home' | 'page';

/** Every {@link FrameKind}. */
export const FRAME_KINDS: readonly FrameKind[] = ['auth', 'home', 'page'];

/**
 * Routes whose pages use the login layout (components/AuthLayout): the login page and its
 * sub-pages, sign-up, email confirmation, OAuth and impersonation. Listed here rather than taken
 * from core's login-page rules, which would bring those rules into every route's first chunk.
 */
const AUTH_LAYOUT_ROUTES: readonly RouteKey[] = [
  'LOGIN', 'GIFT_LOGIN', 'GIFT_REDEMPTION_LOGIN', 'LOGIN_REDIRECT', 'MAGIC_LINK', 'LOGIN_REQUEST_PASSWORD',
  'REQUEST_PASSWORD', 'LOGIN_RESET_PASSWORD', 'RESET_PASSWORD', 'SIGNUP', 'EMAIL_CONFIRMATION', 'OAUTH', 'OAUTH_APP',
  'IMPERSONATE',
];

/** The frame of the page at `pathname` (any locale's route set). */
export function frameKindOf(pathname: string): FrameKind {
  const key = matchRouteAnyLocale(pathname)?.key;
  if (key === 'HOME' || key === 'ROOT') return 'home';
  return key && AUTH_LAYOUT_ROUTES.includes(key) ? 'auth' : 'page';
}

/**
 * What the frame can show before the page renders, once the app has it (never in the prerendered
 * HTML, which is the same in every language): the heading and subtitle of the login card (in the
 * labels' language), the thumbnails of the home page's first cards (from the catalogue's read).
 * The same elements, with the same classes and sizes, as the page that replaces the frame, so the
 * largest paint happens here, before the page's code renders.
 */
export interface FrameContent {
  /** The login card's heading and subtitle (`kind` 'auth'). */
  text?: { title: string; subtitle: string } | undefined;
  /**
   * The home page's largest image (`kind` 'home'): `[heroTemplate]`, the URL template (holds
   * `{width}`) of the hero artwork of the home section's first item, drawn at the platform's
   * widths (`srcset`, `sizes` {@link HERO_SIZES}) exactly where the page's hero draws it.
   */
  media?: readonly (string | undefined)[] | undefined;
  /** Called once per image of `media` when it has loaded or failed. */
  onMediaSettled?: (() => void) | undefined;
}

/** The login background of the frame: CSS picks mobile or desktop and the mirrored variant for rtl (§1). */
function AuthSkeleton({ text }: Pick<FrameContent, 'text'>) {
  return (
    <div className="auth-page frame-auth" aria-hidden="true">
      <div className="auth-card frame-auth__card">
        <img className="auth-card__logo" src="/img/logo.svg" alt="" width={110} height={32} />
        {text ? (
          <>
            <h1>{text.title}</h1>
            <p className="auth-card__subtitle">{text.subtitle}</p>
          </>
        ) : (
          <>
            <div className="skeleton skeleton--heading" />
            <div className="skeleton skeleton--text" />
          </>
        )}
        <div className="skeleton skeleton--label" />
        <div className="skeleton skeleton--field" />
        <div className="skeleton skeleton--label" />
        <div className="skeleton skeleton--field" />
        <div className="skeleton skeleton--button" />
      </div>
    </div>
  );
}

function HomeSkeleton({ media, onMediaSettled }: Pick<FrameContent, 'media' | 'onMediaSettled'>) {
  const hero = media?.[0];
  const srcSet = hero ? imageSrcSet(hero) : '';
  return (
    <div className="page" aria-hidden="true">
      <div className="hero">
        <div className="skeleton skeleton--hero" />
        <div className="skeleton skeleton--text" />
        <div className="skeleton skeleton--text skeleton--short" />
        <div className="skeleton skeleton--button" />
      </div>
      <div className="frame-hero">
        {hero ? (
          <div className="frame-hero__media">
            <img
              src={imageUrl(hero, IMAGE_WIDTHS[0] ?? 240)}
              srcSet={srcSet || undefined}
              sizes={srcSet ? HERO_SIZES : undefined}
              alt=""
              width={1600}
              height={900}
              fetchPriority="high"
              onLoad={onMediaSettled}
              onError={onMediaSettled}
            />
          </div>
        ) : (
          <div className="skeleton skeleton--media" />
        )}
      </div>
      <div className="frame-catalogue">
        <div className="frame-catalogue__head">
          <div className="skeleton skeleton--subheading" />
          <div className="skeleton skeleton--action" />
        </div>
      </div>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div className="page" aria-hidden="true">
      <div className="skeleton skeleton--heading" />
      <div className="skeleton skeleton--text" />
      <div className="skeleton skeleton--text skeleton--short" />
    </div>
  );
}

/**
 * What a page shows while the app starts (the config, the labels and the page's code load): the
 * site header with the logo, the page's layout in placeholder shapes, and the footer. It holds
 * no label text, so it is the same in every language; the document's direction (set before the
 * first paint by the boot script) lays it out for right-to-left languages. The build prerenders it
 * into the HTML of the public routes (vite.config.ts), so that it paints before any JavaScript
 * runs; the app renders the same frame until the page is ready, then the page in its place.
 * Accessibility: the banner, main and contentinfo landmarks; the placeholders are hidden from
 * assistive technology; the page's heading, in a polite status, says that the page is loading
 * (as the app's loading screen did).
 */
export function Frame({ kind, text, media, onMediaSettled }: { kind: FrameKind } & FrameContent) {
  return (
    <>
      <header className="site-header">
        <span className="site-header__brand">
          <img src="/img/logo.svg" alt="" width={110} height={32} />
        </span>
        <div className="skeleton frame-nav" aria-hidden="true" />
      </header>
      <main id="main" className="site-main" data-prerendered={kind}>
        <div role="status" className="visually-hidden">
          <h1>{FALLBACK_TEXT.loading}</h1>
        </div>
        {kind === 'auth' ? <AuthSkeleton text={text} /> : kind === 'home' ? <HomeSkeleton media={media} onMediaSettled={onMediaSettled} /> : <PageSkeleton />}
      </main>
      <SiteFooter />
    </>
  );
}

/** The site footer, the same in the frame and in the shell. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>© Stream</p>
    </footer>
  );
}
