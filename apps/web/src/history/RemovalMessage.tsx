import { useI18n } from '../app/context';
import type { RemovalState } from '@stream/core/domain';

/**
 * What a list of the history says about removals, in a status region (read by screen readers):
 * the last title removed, or the title whose removal was refused (back in the list) with Dismiss.
 */
export function RemovalMessage({ state, onDismiss }: { state: RemovalState; onDismiss(): void }) {
  const { t } = useI18n();
  return (
    <p className="history-message" role="status">
      {state.refused !== null ? (
        <>
          <span className="alert">{t('historyRemoveRefused', { title: state.refused.title })}</span>{' '}
          <button type="button" className="link-button" onClick={onDismiss}>
            {t('dismiss')}
          </button>
        </>
      ) : state.done !== null ? (
        t('historyRemoved', { title: state.done.title })
      ) : null}
    </p>
  );
}
