import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { loginBackTarget, loginPageTitleKey, matchRouteAnyLocale, showsLoginBackButton } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { AuthLayout } from '../components/AuthLayout';

/** Props of {@link LoginSubPage}. */
export interface LoginSubPageProps {
  /** The heading; default the route's title (core's `loginPageTitleKey`). */
  title?: string;
  /** A line under the heading. */
  subtitle?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of every login page and sub-page (identity-and-routes.md §2 "Login page"): the back
 * button on every sub-page but the main login page (to the gift page, the gift-redemption page,
 * `from`, else login: core's `loginBackTarget`), the title (`loginPageTitleKey` of the route,
 * also the document title), then `children` (usually a {@link SignInProviderBlock}).
 */
export function LoginSubPage({ title, subtitle, children }: LoginSubPageProps) {
  const { t, routeLocale } = useI18n();
  const [location] = useLocation();
  const search = useSearch();
  const match = matchRouteAnyLocale(location, routeLocale);
  const heading = title ?? t(loginPageTitleKey(match?.key));
  useDocumentTitle(heading, t('appName'));
  const back = showsLoginBackButton(match?.key)
    ? loginBackTarget({ giftId: match?.params.giftId, redeemCode: match?.params.redeemCode, search, locale: routeLocale })
    : null;
  return (
    <AuthLayout>
      {back ? (
        <p className="auth-card__back">
          <Link href={back} className="back-link">
            <span aria-hidden="true">← </span>
            {t('back')}
          </Link>
        </p>
      ) : null}
      <h1 tabIndex={-1}>{heading}</h1>
      {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
      {children}
    </AuthLayout>
  );
}
