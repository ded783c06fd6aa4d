import { useI18n, type I18n } from '../../app/context';
import type { JourneyPhase } from '@stream/core/machines';

/**
 * The journey's progress (identity-and-routes.md §4 steps): "Step 2 of 4" and the list of
 * phases, the current one marked `aria-current="step"` and the earlier ones marked done (for
 * screen readers too). Renders nothing when `current` is null (the journey is complete).
 */
export function JourneyProgress({ phases, current }: { phases: readonly JourneyPhase[]; current: JourneyPhase | null }) {
  const { t } = useI18n();
  const index = current === null ? -1 : phases.indexOf(current);
  if (index < 0) return null;
  return (
    <nav className="journey-progress" aria-label={t('checkoutProgress')}>
      <p className="journey-progress__count">{t('stepOfSteps', { current: String(index + 1), total: String(phases.length) })}</p>
      <ol className="journey-progress__list">
        {phases.map((phase, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'todo';
          return (
            <li key={phase} className={`journey-progress__item journey-progress__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="journey-progress__marker" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span>{phaseLabel(t, phase)}</span>
              {state === 'done' ? <span className="visually-hidden"> ({t('stepDone')})</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The name of a phase (each key written out, so the label check sees it). */
function phaseLabel(t: I18n['t'], phase: JourneyPhase): string {
  switch (phase) {
    case 'plan':
      return t('journeyPhasePlan');
    case 'account':
      return t('journeyPhaseAccount');
    case 'terms':
      return t('journeyPhaseTerms');
    default:
      return t('journeyPhasePayment');
  }
}
