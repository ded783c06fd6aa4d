import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { matchRouteAnyLocale, signInProviderBlock, type ProviderEntry } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { useRealmSettings } from '../app/useRealmSettings';

/** Props of {@link SignInProviderBlock}. */
export interface SignInProviderBlockProps {
  /** The provider whose form `children` is (`{ name: 'ID' }` on the main login page). */
  current: ProviderEntry;
  /** The current query (without `?`): `from` and the other sign-in params are kept on every link. */
  search: string;
  /** The provider's sign-in form. */
  children?: ReactNode;
  /** Provider kinds `children` offers itself (the Firebase form's social buttons): not listed again. */
  offeredByCurrent?: readonly string[];
}

/** The label key of a provider's small button when the realm gives it no `displayName`. */
const PROVIDER_NAME_KEYS: Record<string, string> = {
  ID: 'providerNameId',
  APPLE_ID: 'providerNameApple',
  GOOGLE: 'providerNameGoogle',
  FACEBOOK: 'providerNameFacebook',
  FIREBASE: 'providerNameFirebase',
  PBR: 'providerNamePbr',
  SPTV: 'providerNameSptv',
  OPIN: 'providerNameOpin',
  GIGYA: 'providerNameGigya',
  GENERIC_OAUTH: 'providerNameOauth',
  OPENID_CONNECT: 'providerNameOpenId',
  ADOBE: 'providerNameTv',
  ADOBE_DCR: 'providerNameTv',
};

/** The button text of `provider`: the realm's display name, else the kind's label. */
export function useProviderName(): (provider: ProviderEntry & { displayName?: string | undefined }) => string {
  const { t } = useI18n();
  return (provider) => provider.displayName ?? t(PROVIDER_NAME_KEYS[provider.name] ?? 'providerNameOther');
}

/**
 * The sign-in provider block (identity-and-routes.md §2 "Other screens in this area"): the
 * current provider's form (`children`), small buttons for the realm's other providers (core's
 * `signInProviderBlock` decides which, and where they go), the magic-link button when offered,
 * and either the sign-up button (SIGNUP keeping `from`; §6 self-registration and the provider's
 * ability to sign up) or the request-access button to the realm's external registration address.
 * While the realm settings load, or when they fail, only the form shows: it works without them.
 */
export function SignInProviderBlock({ current, search, children, offeredByCurrent }: SignInProviderBlockProps) {
  const { t, routeLocale } = useI18n();
  const settings = useRealmSettings();
  const providerName = useProviderName();
  const [location] = useLocation();
  // On GIFT_REDEMPTION_LOGIN the sign-up button leads to the gift's register page (issue 18).
  const route = matchRouteAnyLocale(location, routeLocale);
  const redeemCode = route?.key === 'GIFT_REDEMPTION_LOGIN' ? route.params.redeemCode : undefined;
  const data = settings.status === 'ready' ? settings.data : undefined;
  const block = data
    ? signInProviderBlock({
        providers: data.authProviders,
        current,
        selfRegistration: data.selfRegistration,
        magicLink: data.magicLink,
        requestAccessUri: data.requestAccessUri,
        offeredByCurrent,
        search,
        redeemCode,
        locale: routeLocale,
      })
    : null;
  const hasOthers = block !== null && (block.others.length > 0 || block.magicLink !== null);
  return (
    <>
      {children}
      {block && hasOthers ? (
        <nav aria-labelledby="auth-providers-heading" className="provider-block">
          <p id="auth-providers-heading" className="auth-card__footer">
            {t('otherWaysToSignIn')}
          </p>
          <ul className="provider-block__list">
            {block.others.map(({ provider, href }) => (
              <li key={`${provider.name}:${provider.clientName ?? ''}`}>
                <Link className="button button--secondary button--small" href={href} data-provider={provider.name}>
                  {t('continueWithProvider', { provider: providerName(provider) })}
                </Link>
              </li>
            ))}
            {block.magicLink ? (
              <li>
                <Link className="button button--secondary button--small" href={block.magicLink}>
                  {t('sendMagicLink')}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
      {block?.signUp ? (
        <p className="auth-card__footer">
          {t('newToStream')} <Link href={block.signUp}>{t('createAnAccount')}</Link>
        </p>
      ) : null}
      {block?.requestAccess ? (
        <p className="auth-card__footer">
          <a className="button button--secondary" href={block.requestAccess} rel="noopener noreferrer">
            {t('requestAccess')}
          </a>
        </p>
      ) : null}
    </>
  );
}
