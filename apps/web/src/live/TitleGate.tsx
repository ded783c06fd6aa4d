import type { ReactNode } from 'react';
import type { Title, TitleType } from '@stream/core/contracts';
import { useI18n } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useNow } from './time';
import { isNotFound, useTitleOf, useUpcomingRefresh } from './useTitle';

/**
 * Reads the title `id` of `types` (`useTitleOf`) for a page and renders `children(title, nowMs)`
 * once it is there: the not-found page for an unknown id, an error with Retry when the read
 * fails, the loading screen meanwhile. Sets the document title, ticks the browser's clock each
 * second and reads an upcoming event again until the platform says it is live (`useUpcomingRefresh`).
 */
export function TitleGate({ types, id, children }: { types: readonly [TitleType, TitleType]; id: string; children: (title: Title, nowMs: number) => ReactNode }) {
  const { t } = useI18n();
  const title = useTitleOf(types, id);
  const nowMs = useNow();
  useUpcomingRefresh(title.data, title.reload, nowMs);
  useDocumentTitle(title.data?.title ?? '', t('appName'));

  if (isNotFound(title)) return <NotFoundPage />;
  if (title.status === 'failed') {
    return (
      <div className="page">
        <ErrorScreen title={t('somethingWentWrong')} message={t('contentLoadFailed')} retryLabel={t('retry')} onRetry={title.reload} />
      </div>
    );
  }
  if (!title.data) return <LoadingScreen label={t('loading')} />;
  return <>{children(title.data, nowMs)}</>;
}
