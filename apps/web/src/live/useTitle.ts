import { useEffect } from 'react';
import { ApiError } from '@stream/core/api';
import type { Title, TitleType } from '@stream/core/contracts';
import { countdownMs } from '@stream/core/domain';
import { useResource, type ResourceView } from '@stream/react';
import { useServices } from '../app/context';
import { isoMs } from './time';

/** How often an upcoming event is read again while the viewer waits, in milliseconds. */
export const UPCOMING_POLL_MS = 5_000;

/** True when a read failed with 404 (an unknown id or a title of another type). */
export function isNotFound(view: Pick<ResourceView<unknown>, 'status' | 'error'>): boolean {
  return view.status === 'failed' && view.error instanceof ApiError && view.error.status === 404;
}

/**
 * The title `id` of one of `types` (`catalogue.title`), tried in order: a watch route names the
 * id but not its type (`/video/:id` plays a VOD or an EPISODE, `/live/:id` a LIVE event or a
 * CHANNEL), so the second type is read only when the first answers 404. Fails with 404 when no
 * type has the id.
 */
export function useTitleOf(types: readonly [TitleType, TitleType], id: string): ResourceView<Title> {
  const { queries } = useServices();
  const first = useResource(queries.catalogue.read('title', { params: { type: types[0], id } }));
  const second = useResource(isNotFound(first) ? queries.catalogue.read('title', { params: { type: types[1], id } }) : null);
  return isNotFound(first) ? second : first;
}

/**
 * While `title` is an upcoming event on the platform's clock (its `state`, which the sandbox
 * computes from its own clock, not the browser's), reads it again every
 * {@link UPCOMING_POLL_MS} and when the browser's countdown to its start ends, so that the page
 * turns into the player once the platform says the event is live, even when the platform's
 * clock is ahead of the browser's (the sandbox clock control) or behind it.
 */
export function useUpcomingRefresh(title: Title | undefined, reload: () => void, nowMs: number): void {
  const upcoming = title?.type === 'LIVE' && title.state === 'UPCOMING';
  const startsIn = upcoming ? countdownMs(isoMs(title.startDate), nowMs) : Number.POSITIVE_INFINITY;
  const started = upcoming && startsIn === 0;
  useEffect(() => {
    if (!upcoming) return;
    const timer = setInterval(reload, UPCOMING_POLL_MS);
    return () => clearInterval(timer);
  }, [upcoming, reload]);
  useEffect(() => {
    if (started) reload();
  }, [started, reload]);
}
