import type { Tile, TitleProgress } from '@stream/core/contracts';
import { formatDuration, progressPercent } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { TileCard, TileSkeleton } from '../discovery/TileCard';
import '../styles/history.css';

export interface ProgressCardProps {
  tile: Tile;
  progress: TitleProgress;
  /** A line above the bar (continue watching's "Next episode"). */
  note?: string | undefined;
  /** The remove button's visible text and its accessible name (which names the title). */
  removeText: string;
  removeLabel: string;
  onRemove(): void;
  eager?: boolean;
  level?: 2 | 3;
}

/**
 * A title of the watch history (HISTORY, home's "Continue watching"): its card (a link to its page,
 * where it resumes), how much was watched as a progress bar named "1:05 of 45:00 watched", its
 * state (in progress or watched), and a remove button (a sibling of the link, its own tab stop).
 */
export function ProgressCard({ tile, progress, note, removeText, removeLabel, onRemove, eager = false, level = 3 }: ProgressCardProps) {
  const { t } = useI18n();
  const percent = progressPercent(progress);
  const watched = t('historyProgress', { watched: formatDuration(progress.positionSeconds), total: formatDuration(progress.durationSeconds) });
  return (
    <div className="progress-card" data-id={tile.id}>
      <TileCard tile={tile} eager={eager} level={level} />
      <div className="progress-card__status">
        {note ? <span className="progress-card__note">{note}</span> : null}
        {progress.state === 'WATCHED' ? <span className="progress-card__state">{t('historyWatched')}</span> : null}
        {progress.state === 'IN_PROGRESS' ? <span className="progress-card__state">{t('historyInProgress')}</span> : null}
      </div>
      <progress className="progress-card__bar" max={100} value={percent} aria-label={watched} title={watched} />
      <button type="button" className="link-button progress-card__remove" aria-label={removeLabel} onClick={onRemove}>
        {removeText}
      </button>
    </div>
  );
}

/** A placeholder of a {@link ProgressCard}, while the list loads. */
export function ProgressCardSkeleton() {
  return (
    <div className="progress-card" aria-hidden="true">
      <TileSkeleton />
    </div>
  );
}
