import type { PurchaseBlockReason } from '@stream/core/domain';
import { useI18n, type I18n } from '../../app/context';
import { JourneyModal } from './JourneyModal';

/**
 * The sign-up restricted modal (identity-and-routes.md §2, commerce-and-account-data.md §2, §6):
 * shown instead of the journey when the profile is a child (`kidPurchasePermissionDenied`), the
 * visitor is outside the allowed territories (`signupGeoRestriction`) or on a VPN the realm
 * disallows (`vpnErrorMessage`). Close (or Escape) calls `onClose`; the journey then leaves for
 * the `from` path or the default menu page.
 */
export function RestrictedModal({ reason, onClose }: { reason: PurchaseBlockReason; onClose(): void }) {
  const { t } = useI18n();
  return (
    <JourneyModal title={t('purchaseRestrictedTitle')} onEscape={onClose}>
      {(textId) => (
        <>
          <p id={textId}>{reasonText(t, reason)}</p>
          <div className="actions journey-dialog__actions">
            <button type="button" className="button" onClick={onClose}>
              {t('close')}
            </button>
          </div>
        </>
      )}
    </JourneyModal>
  );
}

/** The modal's text: the label of the block reason (each key written out, so the label check sees it). */
function reasonText(t: I18n['t'], reason: PurchaseBlockReason): string {
  switch (reason) {
    case 'kidPurchasePermissionDenied':
      return t('kidPurchasePermissionDenied');
    case 'signupGeoRestriction':
      return t('signupGeoRestriction');
    default:
      return t('vpnErrorMessage');
  }
}
