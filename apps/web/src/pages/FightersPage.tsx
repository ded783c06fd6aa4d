import { useId, useReducer, useState } from 'react';
import { Link } from 'wouter';
import { MAX_RPP, type FighterTile, type WeightClass } from '@stream/core/contracts';
import {
  RANKINGS_INITIAL_STATE,
  RANKINGS_TABS,
  azLetters,
  filterByName,
  matchesNameFilter,
  fighterRecordText,
  rankingsReducer,
  type RankingsTab,
} from '@stream/core/domain';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { Loaded, TextSkeleton } from '../info/Loaded';
import { ToggleChip } from '../components/ToggleChip';
import '../styles/info.css';

const TAB_LABELS: Record<RankingsTab, string> = { rankings: 'fightersTabRankings', aToZ: 'fightersTabAToZ' };

/** The A to Z list files a fighter under the initial of their last name. */
const lastNameOf = (fighter: FighterTile) => fighter.lastName;

/**
 * FIGHTERS (`/fighters`; commerce §3 rankings slice): the tabs "Rankings" (`catalogue.rankings`:
 * each weight class's champion and contenders) and "A to Z" (`catalogue.fighters`: every
 * fighter by last name, with the letter filter and a name filter of core's rankings slice), and
 * a weight class chooser for both.
 */
export default function FightersPage() {
  const { t } = useI18n();
  const [state, dispatch] = useReducer(rankingsReducer, RANKINGS_INITIAL_STATE);
  const [weightClass, setWeightClass] = useState<WeightClass | ''>('');
  const { queries } = useServices();
  const rankings = useResource(queries.catalogue.read('rankings', { query: {} }));
  const chooserId = useId();
  const tabsId = useId();
  useDocumentTitle(t('fightersTitle'), t('appName'));

  return (
    <div className="page info-page">
      <h1>{t('fightersTitle')}</h1>
      <div className="info-filters">
        <label htmlFor={chooserId}>{t('fightersWeightClass')}</label>
        <select id={chooserId} value={weightClass} onChange={(event) => setWeightClass((event.target as HTMLSelectElement).value as WeightClass | '')}>
          <option value="">{t('fightersAllWeightClasses')}</option>
          {(rankings.data?.weightClasses ?? []).map((entry) => (
            <option key={entry.weightClass} value={entry.weightClass}>
              {entry.label}
            </option>
          ))}
        </select>
      </div>
      <div className="info-tabs" role="tablist" aria-label={t('fightersTitle')}>
        {RANKINGS_TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${tabsId}-${tab}`}
            className="chip"
            aria-selected={state.tab === tab}
            aria-controls={`${tabsId}-${tab}-panel`}
            tabIndex={state.tab === tab ? 0 : -1}
            onClick={() => dispatch({ type: 'rankings.tab', tab })}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = RANKINGS_TABS[(RANKINGS_TABS.indexOf(tab) + 1) % RANKINGS_TABS.length]!;
              dispatch({ type: 'rankings.tab', tab: next });
              document.getElementById(`${tabsId}-${next}`)?.focus();
            }}
          >
            {t(TAB_LABELS[tab])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-${state.tab}-panel`} aria-labelledby={`${tabsId}-${state.tab}`}>
        {state.tab === 'rankings' ? (
          <Loaded resource={rankings} skeleton={<TextSkeleton lines={8} />} failedKey="fightersLoadFailed">
            {(data) => (
              <>
                {data.weightClasses
                  .filter((entry) => weightClass === '' || entry.weightClass === weightClass)
                  .map((entry) => (
                    <section key={entry.weightClass} aria-labelledby={`class-${entry.weightClass}`} className="search-group">
                      <h2 id={`class-${entry.weightClass}`}>{entry.label}</h2>
                      <ol className="info-ranking">
                        <li>
                          <span className="info-ranking__position">{t('fightersChampion')}</span>{' '}
                          {entry.champion ? <FighterLink fighter={entry.champion} /> : t('fightersVacant')}
                        </li>
                        {entry.ranked.map(({ position, fighter }) => (
                          <li key={fighter.id}>
                            <span className="info-ranking__position">{position}</span> <FighterLink fighter={fighter} />
                          </li>
                        ))}
                      </ol>
                    </section>
                  ))}
              </>
            )}
          </Loaded>
        ) : (
          <AToZ weightClass={weightClass} letter={state.letter} filter={state.filter} dispatch={dispatch} />
        )}
      </div>
    </div>
  );
}

/** A fighter's name as the link to their page, with their record. */
function FighterLink({ fighter }: { fighter: FighterTile }) {
  const { path } = useI18n();
  return (
    <>
      <Link href={path('FIGHTER', { id: fighter.id })}>
        <bdi>{fighter.name}</bdi>
      </Link>{' '}
      <span className="info-card__record">{fighterRecordText(fighter.record)}</span>
    </>
  );
}

interface AToZProps {
  weightClass: WeightClass | '';
  letter: string | null;
  filter: string;
  dispatch: (action: Parameters<typeof rankingsReducer>[1]) => void;
}

/** The A to Z tab: the letters that have fighters, a name filter and the fighters kept. */
function AToZ({ weightClass, letter, filter, dispatch }: AToZProps) {
  const { t, language } = useI18n();
  const { queries } = useServices();
  const filterId = useId();
  const fighters = useResource(queries.catalogue.read('fighters', { query: { rpp: MAX_RPP, ...(weightClass ? { weightClass } : {}) } }));
  return (
    <Loaded resource={fighters} skeleton={<TextSkeleton lines={8} />} failedKey="fightersLoadFailed">
      {(data) => {
        const letters = azLetters(data.items.map((fighter) => fighter.lastName), language);
        // Filed and sorted by last name; the name filter matches the whole name.
        const kept = filterByName(data.items, lastNameOf, { letter, filter: '' }, language).filter((fighter) =>
          matchesNameFilter(fighter.name, filter, language),
        );
        return (
          <>
            <div className="info-filters" role="group" aria-label={t('fightersLetters')}>
              {letters.map((each) => (
                <ToggleChip key={each} pressed={letter === each} onToggle={() => dispatch({ type: 'rankings.letter', letter: each })}>
                  {each}
                </ToggleChip>
              ))}
            </div>
            <div className="search-box">
              <label htmlFor={filterId} className="search-box__label">
                {t('fightersNameFilter')}
              </label>
              <input
                id={filterId}
                type="search"
                className="search-box__input"
                value={filter}
                autoComplete="off"
                onInput={(event) => dispatch({ type: 'rankings.filter', filter: (event.target as HTMLInputElement).value })}
              />
            </div>
            <p role="status" aria-live="polite">
              {t('fightersCount', { count: String(kept.length) })}
            </p>
            <ul className="info-list">
              {kept.map((fighter) => (
                <li key={fighter.id} className="info-card">
                  <h2 className="info-card__title">
                    <FighterLink fighter={fighter} />
                  </h2>
                  <p>
                    {fighter.nickname ? <bdi>“{fighter.nickname}” · </bdi> : null}
                    {fighter.weightClassLabel}
                  </p>
                </li>
              ))}
            </ul>
          </>
        );
      }}
    </Loaded>
  );
}
