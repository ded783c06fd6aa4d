import { Link } from 'wouter';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { Artwork } from '../components/Artwork';
import { CataloguePage } from '../discovery/CatalogueRead';
import { TILE_SIZES } from '../discovery/TileCard';
import '../styles/browse.css';

/** BROWSE (`/browse`): the browse categories (`catalogue.sections`), each a card to its SECTION page. */
export default function BrowsePage() {
  const { t, path } = useI18n();
  const { queries } = useServices();
  const sections = useResource(queries.catalogue.read('sections'));
  useDocumentTitle(t('browseTitle'), t('appName'));
  return (
    <div className="page browse-page">
      <h1>{t('browseTitle')}</h1>
      <CataloguePage view={sections} loading={<CategorySkeleton />}>
        {(data) => (
          <ul className="category-grid">
            {data.sections.map((section, index) => (
              <li key={section.id}>
                <article className="category-card">
                  <div className="category-card__media">
                    <Artwork template={section.images?.thumbnail ?? section.images?.hero} shape="thumbnail" sizes={TILE_SIZES} eager={index < 4} />
                  </div>
                  <h2 className="category-card__title">
                    <Link href={path('SECTION', { id: section.id })} className="card-link">
                      <bdi>{section.title}</bdi>
                    </Link>
                  </h2>
                  {section.description ? <p className="category-card__text">{section.description}</p> : null}
                </article>
              </li>
            ))}
          </ul>
        )}
      </CataloguePage>
    </div>
  );
}

function CategorySkeleton() {
  return (
    <ul className="category-grid" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} aria-hidden="true">
          <div className="category-card__media skeleton" />
          <div className="skeleton skeleton--text" />
        </li>
      ))}
    </ul>
  );
}
