import { Link } from 'wouter';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { Artwork } from '../components/Artwork';
import { Rail } from '../discovery/Rail';
import { DateText, Loaded, TextSkeleton, useRouteParams } from '../info/Loaded';
import '../styles/info.css';

/**
 * NEWS_ITEM (`/news/:feedName/:newId`): one news item (`catalogue.newsItem`, `feedId` the
 * route's `feedName`, `itemId` its `newId`): its artwork, title, date, body and related titles.
 * An unknown feed or item shows the not-found page.
 */
export default function NewsItemPage() {
  const { t, path, language } = useI18n();
  const { queries } = useServices();
  const { feedName = '', newId = '' } = useRouteParams();
  const item = useResource(queries.catalogue.read('newsItem', { params: { feedId: feedName, itemId: newId } }));
  useDocumentTitle(item.data?.title ?? t('newsTitle'), t('appName'));
  return (
    <Loaded resource={item} skeleton={<TextSkeleton lines={8} />} failedKey="newsLoadFailed">
      {(news) => (
        <article className="page info-article">
          <p className="info-article__meta">
            <Link href={path('NEWS')}>{t('newsTitle')}</Link> · <bdi>{news.feedTitle}</bdi>
          </p>
          <h1>
            <bdi>{news.title}</bdi>
          </h1>
          <p className="info-article__meta">
            <DateText iso={news.publishedDate} language={language} />
          </p>
          <Artwork template={news.images.hero ?? news.images.thumbnail} shape="hero" sizes="(max-width: 800px) 100vw, 48rem" eager className="info-article__image" />
          <p className="info-article__summary">
            <bdi>{news.summary}</bdi>
          </p>
          {news.body.map((paragraph, index) => (
            <p key={index}>
              <bdi>{paragraph}</bdi>
            </p>
          ))}
          {news.related.length > 0 ? <Rail title={t('newsRelated')} tiles={news.related} /> : null}
        </article>
      )}
    </Loaded>
  );
}
