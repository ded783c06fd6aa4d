import { useEffect, useState, type ReactNode } from 'react';
import {
  LOGIN_BACKGROUND_RESIZE_DEBOUNCE_MS,
  LOGIN_BACKGROUND_TRANSITION_MS,
  LOGIN_LOGO_WIDTH,
  loginBackground,
  type LoginBackground,
} from '@stream/core/domain';
import { useI18n } from '../app/context';
import '../styles/auth.css';

/** The viewport width, re-read on resize after LOGIN_BACKGROUND_RESIZE_DEBOUNCE_MS (§1). */
function useDebouncedViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), LOGIN_BACKGROUND_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return width;
}

/** The image file of a login background (`public/img/`). */
function backgroundUrl({ variant, mirrored }: LoginBackground): string {
  return `/img/login-bg-${variant}${mirrored ? '-mirrored' : ''}.svg`;
}

/**
 * The login page frame (identity-and-routes.md §1): background image chosen by `loginBackground`
 * (mobile up to 1024 px, desktop above, mirrored for right-to-left), changed on resize after a
 * 500 ms debounce with a 200 ms transition; the logo at width 110; the card holding the form.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { direction } = useI18n();
  const background = loginBackground(useDebouncedViewportWidth(), direction);
  return (
    <div
      className="auth-page"
      data-background={background.variant}
      data-mirrored={background.mirrored || undefined}
      style={{
        backgroundImage: `url("${backgroundUrl(background)}")`,
        transitionDuration: `${LOGIN_BACKGROUND_TRANSITION_MS}ms`,
      }}
    >
      <div className="auth-card">
        <img className="auth-card__logo" src="/img/logo.svg" alt="" width={LOGIN_LOGO_WIDTH} height={32} />
        {children}
      </div>
    </div>
  );
}
