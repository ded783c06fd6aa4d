import { useEffect, useId, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Refine, Tile } from '@stream/core/contracts';
import { SEARCH_TYPES, normaliseSearchQuery, type SearchType } from '@stream/core/domain';
import { connectSearch, createSearchMachine } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { TileGrid } from '../discovery/Rail';
import { InlineError, InlineStatus } from '../components/StatusScreen';
import { ToggleChip } from '../components/ToggleChip';
import {
  cataloguePopularContent,
  catalogueSearch,
  searchAddress,
  searchFromAddress,
  toggleFilter,
  type SearchFilters,
} from '../search/catalogueSearch';
import '../styles/info.css';

/** The search machine over catalogue tiles and the catalogue's refines. */
const tileSearchMachine = createSearchMachine<Tile, Refine>();

/** The label key of each result type's heading. */
const TYPE_LABELS: Record<SearchType, string> = {
  liveEvent: 'searchTypeLiveEvent',
  video: 'searchTypeVideo',
  playlist: 'searchTypePlaylist',
};

/**
 * SEARCH (`/search?q=&type=&category=&access=`; commerce §3 search slice, §4, §9 search types):
 * core's search machine over the catalogue's search. The query lives in the address (replaced
 * as the viewer types, so a reload or a shared link shows the same results and Back leaves the
 * page; a link to the search page with another query searches it); a chosen refine is a new entry of the history (Back removes it) and starts a new search
 * with the same query.
 */
export default function SearchPage() {
  const address = useSearch();
  const { q, filters } = searchFromAddress(address);
  const filterKey = searchAddress('', filters);
  // A new machine per set of filters: it starts searching the address's query at once.
  return <SearchView key={filterKey} initialValue={q} filters={filters} />;
}

function SearchView({ initialValue, filters }: { initialValue: string; filters: SearchFilters }) {
  const { t, path } = useI18n();
  const { api } = useServices();
  const [, navigate] = useLocation();
  const address = useSearch();
  const input = useMemo(
    () => ({ search: catalogueSearch(api.catalogue, filters), popularContent: cataloguePopularContent(api.catalogue), value: initialValue, open: true }),
    // The input is read once, when the machine starts (the view is keyed by the filters).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [view] = useFlow(tileSearchMachine, { input, connect: connectSearch<Tile, Refine> });
  const inputId = useId();
  useDocumentTitle(view.query ? `${t('searchTitle')}: ${view.query}` : t('searchTitle'), t('appName'));

  // The query in the address, replaced as the viewer types.
  const wanted = searchAddress(view.query, filters);
  const written = useRef(address);
  useEffect(() => {
    if (wanted === address) return;
    written.current = wanted;
    navigate(`${path('SEARCH')}${wanted ? `?${wanted}` : ''}`, { replace: true });
    // Only a new query (or filters) rewrites the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
  // An address that this view did not write (a link to the search page, Back): its query is searched.
  useEffect(() => {
    if (address === written.current) return;
    written.current = address;
    const { q } = searchFromAddress(address);
    if (normaliseSearchQuery(q) !== view.query) view.setValue(q);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address]);

  const chooseFilter = (key: Refine['key'], value: string) => {
    const next = searchAddress(view.query, toggleFilter(filters, key, value));
    navigate(`${path('SEARCH')}${next ? `?${next}` : ''}`);
  };

  const busy = view.status === 'typing' || view.status === 'searching';
  return (
    <div className="page search-page">
      <h1>{t('searchTitle')}</h1>
      <form
        role="search"
        className="search-box"
        aria-label={t('searchTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          view.submit();
        }}
      >
        <label htmlFor={inputId} className="search-box__label">
          {t('searchLabel')}
        </label>
        <div className="search-box__row">
          <input
            id={inputId}
            type="search"
            className="search-box__input"
            value={view.value}
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            onInput={(event) => view.setValue((event.target as HTMLInputElement).value)}
          />
          <button type="submit" className="button">
            {t('searchSubmit')}
          </button>
        </div>
      </form>

      <p className="search-page__status" role="status" aria-live="polite">
        {view.status === 'results' && !view.noResults ? t('searchResultCount', { count: String(view.totalCount), query: view.query }) : ''}
      </p>

      {view.refines.length > 0 && !view.showsPopularContent ? (
        <div className="search-refines" role="group" aria-label={t('searchFilters')}>
          {view.refines.map((refine) => (
            <fieldset key={refine.key} className="search-refines__group">
              <legend>{refine.label}</legend>
              {refine.values.map((value) => (
                <ToggleChip key={value.value} pressed={filters[refine.key] === value.value} onToggle={() => chooseFilter(refine.key, value.value)}>
                  <bdi>{value.label}</bdi> <span className="chip__count">({value.count})</span>
                </ToggleChip>
              ))}
            </fieldset>
          ))}
        </div>
      ) : null}

      {view.showsPopularContent ? (
        <section aria-labelledby="search-popular" className="search-group">
          <h2 id="search-popular">{t('searchPopular')}</h2>
          {view.failed ? (
            <InlineError message={t('searchFailed')} retryLabel={t('retry')} onRetry={view.retry} />
          ) : (
            <TileGrid tiles={view.loadingPopular ? undefined : view.popularContent} label={t('searchPopular')} />
          )}
        </section>
      ) : busy ? (
        <>
          <InlineStatus label={t('searchLoading')} />
          <TileGrid tiles={undefined} />
        </>
      ) : view.noResults ? (
        <div className="search-page__empty">
          <h2>{t('searchNoResults', { query: view.query })}</h2>
          <p>{t('searchNoResultsHint')}</p>
        </div>
      ) : (
        <>
          {SEARCH_TYPES.filter((type) => view.results[type].length > 0).map((type) => (
            <section key={type} aria-labelledby={`search-${type}`} className="search-group">
              <h2 id={`search-${type}`}>{t(TYPE_LABELS[type])}</h2>
              <TileGrid tiles={view.results[type]} label={t(TYPE_LABELS[type])} />
            </section>
          ))}
          {view.failed ? <InlineError message={t('searchFailed')} retryLabel={t('retry')} onRetry={view.retry} /> : null}
          {view.status === 'loadingMore' ? <InlineStatus label={t('searchLoading')} /> : null}
          {view.canLoadMore ? (
            <button type="button" className="button button--secondary search-page__more" onClick={view.loadMore}>
              {t('searchMore')}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
