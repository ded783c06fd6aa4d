import { countdownMs, countdownParts } from '@stream/core/domain';
import { useI18n } from '../app/context';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The time left before an event's start (core `countdownMs`/`countdownParts`), as
 * `2d 04:05:06` under a label, in a `timer` element (not announced each second); "Starting
 * soon" once the browser's clock passed the start while the platform still says upcoming.
 */
export function Countdown({ startMs, nowMs }: { startMs: number; nowMs: number }) {
  const { t } = useI18n();
  const left = countdownMs(startMs, nowMs);
  const { days, hours, minutes, seconds } = countdownParts(left);
  return (
    <p className="countdown">
      <span className="countdown__label">{t('startsIn')}</span>{' '}
      {left > 0 ? (
        <span role="timer" className="countdown__time" dir="ltr">
          {days > 0 ? `${days}${t('daysShort')} ` : ''}
          {two(hours)}:{two(minutes)}:{two(seconds)}
        </span>
      ) : (
        <span className="countdown__time">{t('startingSoon')}</span>
      )}
    </p>
  );
}
