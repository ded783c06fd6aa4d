import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '@stream/core/api';
import { matchRouteAnyLocale } from '@stream/core/domain';
import type { ResourceView } from '@stream/react';
import { useI18n } from '../app/context';
import { ErrorScreen } from '../components/StatusScreen';
import { NotFoundPage } from '../pages/NotFoundPage';

/**
 * The params of the current route (any locale's route set): `{ feedName, newId }` on NEWS_ITEM.
 * The information pages read them here rather than through props of the shell.
 */
export function useRouteParams(): Readonly<Record<string, string | undefined>> {
  const [pathname] = useLocation();
  const { routeLocale } = useI18n();
  return matchRouteAnyLocale(pathname, routeLocale)?.params ?? {};
}

export interface LoadedProps<T> {
  /** The read (`useResource(queries.catalogue.read(…))`). */
  resource: ResourceView<T>;
  /** Shown while it loads: placeholders of the page's layout (no spinner). */
  skeleton: ReactNode;
  /** The label key of the failure's message. */
  failedKey: string;
  children(data: T): ReactNode;
}

/**
 * A read's three faces: its skeleton while it loads, the not-found page for an unknown id (404),
 * an error with Retry for any other failure, else the page itself.
 */
export function Loaded<T>({ resource, skeleton, failedKey, children }: LoadedProps<T>) {
  const { t } = useI18n();
  if (resource.status === 'loading' && resource.data === undefined) return <>{skeleton}</>;
  if (resource.data === undefined) {
    if (resource.error instanceof ApiError && resource.error.status === 404) return <NotFoundPage />;
    return (
      <div className="page">
        <ErrorScreen title={t('somethingWentWrong')} message={t(failedKey)} retryLabel={t('retry')} onRetry={resource.reload} />
      </div>
    );
  }
  return <>{children(resource.data)}</>;
}

/** Placeholder lines of a loading page (its heading and `lines` lines of text). */
export function TextSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="page" aria-busy="true">
      <div className="skeleton skeleton--heading" aria-hidden="true" />
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton skeleton--text" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A date (ISO 8601) in the viewer's language, as a `<time>`. */
export function DateText({ iso, language }: { iso: string; language: string }) {
  const date = new Date(iso);
  const text = Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  return <time dateTime={iso}>{text}</time>;
}
