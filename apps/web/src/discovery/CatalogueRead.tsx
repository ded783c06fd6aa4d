import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '@stream/core/api';
import { matchRouteAnyLocale } from '@stream/core/domain';
import type { ResourceView } from '@stream/react';
import { useI18n } from '../app/context';
import { ErrorScreen, InlineError } from '../components/StatusScreen';
import { NotFoundPage } from '../pages/NotFoundPage';

/** True when a read failed because what it names does not exist (404): the page is not found. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The page of a catalogue read: `loading` while it loads (a skeleton), the not-found page for an
 * unknown id, an error with Retry when it failed otherwise, `children(data)` once it is ready.
 */
export function CataloguePage<T>({ view, loading, children }: { view: ResourceView<T>; loading: ReactNode; children: (data: T) => ReactNode }) {
  const { t } = useI18n();
  if (view.status === 'ready' && view.data !== undefined) return <>{children(view.data)}</>;
  if (view.status === 'failed') {
    if (isNotFound(view.error)) return <NotFoundPage />;
    return (
      <div className="page">
        <ErrorScreen title={t('somethingWentWrong')} message={t('browseLoadFailed')} retryLabel={t('retry')} onRetry={view.reload} />
      </div>
    );
  }
  return <>{loading}</>;
}

/** A part of a page that failed to load: the message and Retry. */
export function ReadError({ onRetry }: { onRetry(): void }) {
  const { t } = useI18n();
  return <InlineError message={t('browseLoadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;
}

/**
 * The path params of the current route (any locale's route set), for pages the shell renders
 * without props: `{ seriesId, seriesTitle }` on SERIES, and so on.
 */
export function useRouteParams(): Record<string, string | undefined> {
  const [pathname] = useLocation();
  const { routeLocale } = useI18n();
  return matchRouteAnyLocale(pathname, routeLocale)?.params ?? {};
}
