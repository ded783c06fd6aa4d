import { Link } from 'wouter';
import { fighterRecord, fighterRecordText } from '@stream/core/domain';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { Artwork } from '../components/Artwork';
import { FIGHT_RESULT_KEYS, WIN_METHOD_KEYS } from '../info/fightLabels';
import { DateText, Loaded, TextSkeleton, useRouteParams } from '../info/Loaded';
import '../styles/info.css';

/**
 * FIGHTER (`/fighters/:id`; `catalogue.fighter`): name, nickname, weight class and ranking, the
 * record counted from the results (core `fighterRecord`), biography and physical facts, and the
 * results newest first with the result and win method in words. An unknown id shows the
 * not-found page.
 */
export default function FighterPage() {
  const { t, path, language } = useI18n();
  const { queries } = useServices();
  const { id = '' } = useRouteParams();
  const fighter = useResource(queries.catalogue.read('fighter', { params: { id } }));
  useDocumentTitle(fighter.data?.name ?? t('fightersTitle'), t('appName'));
  return (
    <Loaded resource={fighter} skeleton={<TextSkeleton lines={8} />} failedKey="fightersLoadFailed">
      {(data) => {
        const record = fighterRecord(data.results.map((fight) => fight.result));
        return (
          <article className="page info-article">
            <p className="info-article__meta">
              <Link href={path('FIGHTERS')}>{t('fightersTitle')}</Link>
            </p>
            <Artwork template={data.images.poster ?? data.images.thumbnail} shape={data.images.poster ? 'poster' : 'thumbnail'} sizes="12rem" eager className="info-fighter__image" />
            <h1>
              <bdi>{data.name}</bdi>
            </h1>
            {data.nickname ? (
              <p className="info-article__meta">
                <bdi>“{data.nickname}”</bdi>
              </p>
            ) : null}
            <dl className="info-facts">
              <dt>{t('fighterRecord')}</dt>
              <dd>
                {fighterRecordText(record)}{' '}
                <span className="info-article__meta">
                  ({t('fighterRecordWords', { wins: String(record.wins), losses: String(record.losses), noContests: String(record.noContests) })})
                </span>
              </dd>
              <dt>{t('fightersWeightClass')}</dt>
              <dd>{data.weightClassLabel}</dd>
              {data.ranking ? (
                <>
                  <dt>{t('fighterRanking')}</dt>
                  <dd>{data.ranking.champion ? t('fightersChampion') : `#${data.ranking.position}`}</dd>
                </>
              ) : null}
              {data.heightCm ? (
                <>
                  <dt>{t('fighterHeight')}</dt>
                  <dd>{t('fighterCentimetres', { value: String(data.heightCm) })}</dd>
                </>
              ) : null}
              {data.reachCm ? (
                <>
                  <dt>{t('fighterReach')}</dt>
                  <dd>{t('fighterCentimetres', { value: String(data.reachCm) })}</dd>
                </>
              ) : null}
            </dl>
            {data.bio ? (
              <p>
                <bdi>{data.bio}</bdi>
              </p>
            ) : null}
            <h2 id="fighter-results">{t('fighterResults')}</h2>
            <div className="info-table-wrap" role="region" aria-labelledby="fighter-results" tabIndex={0}>
              <table className="info-table">
                <thead>
                  <tr>
                    <th scope="col">{t('fighterDate')}</th>
                    <th scope="col">{t('fighterOpponent')}</th>
                    <th scope="col">{t('fighterResult')}</th>
                    <th scope="col">{t('fighterMethod')}</th>
                    <th scope="col">{t('fighterRound')}</th>
                    <th scope="col">{t('fighterEvent')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.results.map((fight) => (
                    <tr key={fight.id}>
                      <td>
                        <DateText iso={fight.date} language={language} />
                      </td>
                      <td>
                        {fight.opponent.id ? (
                          <Link href={path('FIGHTER', { id: fight.opponent.id })}>
                            <bdi>{fight.opponent.name}</bdi>
                          </Link>
                        ) : (
                          <bdi>{fight.opponent.name}</bdi>
                        )}
                      </td>
                      <td>{t(FIGHT_RESULT_KEYS[fight.result])}</td>
                      <td>{t(WIN_METHOD_KEYS[fight.method])}</td>
                      <td>{fight.time ? `${fight.round} (${fight.time})` : fight.round}</td>
                      <td>
                        <bdi>{fight.eventTitle}</bdi>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </article>
        );
      }}
    </Loaded>
  );
}
