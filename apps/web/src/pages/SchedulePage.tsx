import { useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import type { Tile } from '@stream/core/contracts';
import { groupByDay, tilePath } from '@stream/core/domain';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { comingDays } from '../live/days';
import { ListPage } from '../live/TileList';
import { TitleMeta } from '../live/TitleMeta';
import { formatDay, formatTime, isoMs, viewerTimeZone } from '../live/time';
import '../styles/live.css';

/** Days the picker offers: today and the coming two weeks. */
const DAYS = 14;

/**
 * SCHEDULE (`/schedule`): the live events of one day in the viewer's time zone
 * (`catalogue.schedule` with `date` and `timeZone`), the day chosen in a picker of the coming two
 * weeks (`?date=` in the address), grouped by the day they start (an event that began the night
 * before is listed under its own day).
 */
export default function SchedulePage() {
  const { t, language, path, routeLocale } = useI18n();
  const { queries } = useServices();
  const timeZone = useMemo(viewerTimeZone, []);
  const days = useMemo(() => comingDays(Date.now(), timeZone, DAYS), [timeZone]);
  const asked = new URLSearchParams(useSearch()).get('date');
  const date = asked && days.includes(asked) ? asked : days[0]!;
  const schedule = useResource(queries.catalogue.read('schedule', { query: { date, timeZone } }));
  const groups = useMemo(() => groupByDay<Tile>(schedule.data?.items ?? [], (tile) => isoMs(tile.startDate), timeZone), [schedule.data, timeZone]);
  useDocumentTitle(t('scheduleTitle'), t('appName'));
  const base = path('SCHEDULE');

  return (
    <ListPage title={t('scheduleTitle')} failed={schedule.status === 'failed'} onRetry={schedule.reload} empty={false} emptyText="">
      <nav aria-label={t('scheduleDays')}>
        <ul className="day-picker">
          {days.map((day, index) => (
            <li key={day}>
              <Link href={index === 0 ? base : `${base}?date=${day}`} className="pill-link" aria-current={day === date ? 'date' : undefined}>
                <time dateTime={day}>{formatDay(day, language)}</time>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {!schedule.data ? (
        <div className="skeleton schedule-skeleton" aria-hidden="true" />
      ) : groups.length === 0 ? (
        <p>{t('scheduleEmpty')}</p>
      ) : (
        groups.map((group) => (
          <section key={group.day} aria-labelledby={`day-${group.day}`}>
            <h2 id={`day-${group.day}`}>{formatDay(group.day, language)}</h2>
            <ul className="schedule-list">
              {group.items.map((tile) => (
                <li key={tile.id}>
                  <time dateTime={tile.startDate} dir="ltr">
                    {formatTime(isoMs(tile.startDate), language)}
                  </time>
                  <div>
                    <Link href={tilePath(tile, routeLocale)}>
                      <bdi>{tile.title}</bdi>
                    </Link>
                    <TitleMeta title={tile} />
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </ListPage>
  );
}
