import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { Loaded, TextSkeleton } from '../info/Loaded';
import { NewsCard } from '../info/NewsCard';
import '../styles/info.css';

/** NEWS (`/news`): the news feeds in order, each with its latest items (`catalogue.newsFeeds`). */
export default function NewsPage() {
  const { t } = useI18n();
  const { queries } = useServices();
  const feeds = useResource(queries.catalogue.read('newsFeeds'));
  useDocumentTitle(t('newsTitle'), t('appName'));
  return (
    <Loaded resource={feeds} skeleton={<TextSkeleton lines={6} />} failedKey="newsLoadFailed">
      {(data) => (
        <div className="page info-page">
          <h1>{t('newsTitle')}</h1>
          {data.feeds.length === 0 ? <p>{t('newsEmpty')}</p> : null}
          {data.feeds.map((feed) => (
            <section key={feed.id} aria-labelledby={`feed-${feed.id}`} className="search-group">
              <h2 id={`feed-${feed.id}`}>
                <bdi>{feed.title}</bdi>
              </h2>
              {feed.description ? <p>{feed.description}</p> : null}
              <ul className="info-list">
                {feed.latest.map((item) => (
                  <li key={item.id}>
                    <NewsCard item={item} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Loaded>
  );
}
