import { contentPath } from '@stream/core/domain';
import { Link } from 'wouter';
import type { ContentItem } from '@stream/core/contracts';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { ContentMeta } from './ContentMeta';
import { TileGrid } from '../discovery/Rail';
import { InlineError } from './StatusScreen';
import '../styles/catalogue.css';
import { mediaUrl } from '../app/mediaUrl';

/**
 * The content catalogue (the resource `queries.content.list()`) as a grid of cards linking to the VOD or LIVE
 * page of each item, under a heading; loaded lazily by the home page.
 */
export default function ContentCatalogue() {
  const { t, path } = useI18n();
  const { queries } = useServices();
  const content = useResource(queries.content.list());

  return (
    <section className="catalogue" aria-labelledby="catalogue-title" aria-busy={content.status === 'loading' || undefined}>
      <div className="section-head">
        <h2 id="catalogue-title">{t('watchNow')}</h2>
        <Link href={path('PURCHASE')} className="button button--secondary">
          {t('seePlans')}
        </Link>
      </div>
      {content.status === 'loading' ? (
        <TileGrid tiles={undefined} label={t('loadingContent')} />
      ) : content.status === 'failed' ? (
        <InlineError message={t('contentLoadFailed')} retryLabel={t('retry')} onRetry={content.reload} />
      ) : (
        <ul className="content-grid">
          {(content.data?.items ?? []).map((item, index) => (
            <li key={`${item.type}:${item.id}`}>
              <ContentCard item={item} firstRow={index < FIRST_ROW} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Cards of the first row, whose thumbnails load at once (the page's largest paint is among them); the others load lazily. */
const FIRST_ROW = 3;

function ContentCard({ item, firstRow }: { item: ContentItem; firstRow: boolean }) {
  const { routeLocale } = useI18n();
  const { thumbnailUrl } = useMediaUrls(item);
  return (
    <article className="content-card">
      <div className="content-card__media">
        {thumbnailUrl ? <img src={thumbnailUrl} alt="" loading={firstRow ? 'eager' : 'lazy'} width={320} height={180} /> : null}
      </div>
      <div className="content-card__body">
        <h3 className="content-card__title">
          <Link href={contentPath(item, routeLocale)} className="card-link">
            <bdi>{item.title}</bdi>
          </Link>
        </h3>
        <ContentMeta item={item} />
      </div>
    </article>
  );
}

/** The item's thumbnail URL, resolved against the platform's base URL when it is a path. */
export function useMediaUrls(item: Pick<ContentItem, 'thumbnailUrl'>): { thumbnailUrl: string | undefined } {
  const { config } = useServices();
  return { thumbnailUrl: mediaUrl(item.thumbnailUrl, config.apiBaseUrl) };
}
