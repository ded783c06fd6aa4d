import { useRef } from 'react';
import { tileKey } from '@stream/core/domain';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { Rail } from '../discovery/Rail';
import { ProgressCard } from './ProgressCard';
import { RemovalMessage } from './RemovalMessage';
import { useRemovals } from './removals';
import { useRemovalFocus } from './useRemovalFocus';
import '../styles/history.css';

/**
 * Home's "Continue watching" row for a signed-in viewer (issue 15; `queries.history.continueWatching`,
 * its first page, reloaded after every report and removal): each title as a card with its
 * progress bar, linking to its page (where it resumes), a next episode labelled as such, and
 * "Remove from row" (`queries.history.remove`; hidden at once, back with a message when refused;
 * focus moves to the next card). "See all" opens HISTORY. No row while it loads, when it is
 * empty, or when its read fails (the rest of home does not depend on it).
 */
export default function ContinueWatchingRail() {
  const { t, path } = useI18n();
  const { queries } = useServices();
  const row = useResource(queries.history.continueWatching());
  const removals = useRemovals();
  const list = useRef<HTMLUListElement>(null);
  const focusAfterRemoval = useRemovalFocus(list, () => document.getElementById('main'), removals.state);
  const items = (row.data?.items ?? []).filter((item) => !removals.isRemoved(item.tile.id));
  if (items.length === 0) return removals.state.refused ? <RemovalMessage state={removals.state} onDismiss={removals.dismiss} /> : null;
  return (
    <Rail title={t('continueWatching')} tiles={[]} moreHref={path('HISTORY')}>
      <RemovalMessage state={removals.state} onDismiss={removals.dismiss} />
      <ul ref={list} className="rail__list continue-row">
        {items.map((item, index) => (
          <li key={tileKey(item.tile)}>
            <ProgressCard
              tile={item.tile}
              progress={item.progress}
              note={item.reason === 'NEXT_EPISODE' ? t('nextEpisode') : undefined}
              removeText={t('historyRemoveFromRow')}
              removeLabel={t('historyRemoveFromRowTitle', { title: item.tile.title })}
              onRemove={() => {
                focusAfterRemoval(items.map((other) => other.tile.id), index);
                removals.remove(item.tile.id, item.tile.title);
              }}
            />
          </li>
        ))}
      </ul>
    </Rail>
  );
}
