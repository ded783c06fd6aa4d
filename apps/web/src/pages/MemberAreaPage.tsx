import { Link } from 'wouter';
import { memberAreaWord, type RouteKey } from '@stream/core/domain';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';
import { useRealmSettings } from '../app/useRealmSettings';
import { InlineError, InlineStatus } from '../components/StatusScreen';
import { LIBRARY_PAGES } from '../library/libraryPages';
import '../styles/admin.css';

/** The member's own places, in order, with the label key of each: the library's pages, then the household's and the account's. */
const MEMBER_LINKS: ReadonlyArray<readonly [RouteKey, string]> = [
  ...LIBRARY_PAGES,
  ['PROFILES', 'memberAreaProfiles'],
  ['PREFERENCES', 'memberAreaPreferences'],
  ['ACCOUNT', 'account'],
];

/**
 * MEMBER_AREA (`/members`, identity-and-routes.md §2 route table "Member-area page: its path is a
 * brand-specific word"; issue 18). The spec shows no content; this project's: the member's home,
 * named with the realm's brand word (realm settings `memberAreaWord`, default `club`: core's
 * `memberAreaWord`), with the member's plans (`queries.licences.mine()`: each plan's name, or an
 * offer to see the plans when there is none) and links to the member's own places (favourites,
 * watchlists, history, profiles, preferences, account). A guest is sent to sign in and comes back.
 */
export default function MemberAreaPage() {
  const { t } = useI18n();
  return (
    <SignedInOnly loadingLabel={t('loading')}>
      <MemberArea />
    </SignedInOnly>
  );
}

function MemberArea() {
  const { t, path } = useI18n();
  const { queries } = useServices();
  const settings = useRealmSettings();
  const word = memberAreaWord(settings.data?.memberAreaWord);
  const mine = useResource(queries.licences.mine());
  const title = t('memberAreaTitle', { word });
  useDocumentTitle(title, t('appName'));
  return (
    <div className="page member-area">
      <h1>{title}</h1>
      <p>{t('memberAreaIntro', { word })}</p>
      <section className="card" aria-labelledby="member-plans-title" aria-busy={mine.status === 'loading' || undefined}>
        <h2 id="member-plans-title">{t('memberAreaPlans')}</h2>
        {mine.status === 'loading' ? (
          <InlineStatus label={t('loadingSubscriptions')} />
        ) : mine.status === 'failed' || !mine.data ? (
          <InlineError message={t('subscriptionsLoadFailed')} retryLabel={t('retry')} onRetry={mine.reload} />
        ) : mine.data.licences.length === 0 ? (
          <p>
            {t('memberAreaNoPlans')} <Link href={path('PURCHASE')}>{t('seePlans')}</Link>
          </p>
        ) : (
          <ul className="member-area__plans">
            {mine.data.licences.map((licence) => (
              <li key={licence.id}>
                <bdi>{licence.name}</bdi>
              </li>
            ))}
          </ul>
        )}
      </section>
      <nav aria-label={t('memberAreaLinks', { word })}>
        <ul className="member-area__links">
          {MEMBER_LINKS.map(([key, label]) => (
            <li key={key}>
              <Link href={path(key)} className="button button--secondary">
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
