import { Link } from 'wouter';
import type { NewsItemTile } from '@stream/core/contracts';
import { useI18n } from '../app/context';
import { Artwork } from '../components/Artwork';
import { TILE_SIZES } from '../discovery/TileCard';
import { DateText } from './Loaded';

/** A news item in a list: its artwork, title (the link to its page, NEWS_ITEM), date and summary. */
export function NewsCard({ item }: { item: NewsItemTile }) {
  const { path, language } = useI18n();
  return (
    <article className="info-card tile">
      <div className="tile__media">
        <Artwork template={item.images.thumbnail} shape="thumbnail" sizes={TILE_SIZES} />
      </div>
      <h3>
        <Link href={path('NEWS_ITEM', { feedName: item.feedId, newId: item.id })} className="card-link">
          <bdi>{item.title}</bdi>
        </Link>
      </h3>
      <p>
        <DateText iso={item.publishedDate} language={language} />
      </p>
      <p>
        <bdi>{item.summary}</bdi>
      </p>
    </article>
  );
}
