import { useLocation } from 'wouter';
import type { RouteDenial } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { RestrictedModal } from '../checkout/journey/RestrictedModal';
import '../styles/journey.css';

/**
 * What a page the session may not open shows instead of its content (issue 16; core's
 * `routeDenial`: a child's session on the purchase, payment, sign-up and account pages): the
 * sign-up restricted modal with `reason` (`kidPurchasePermissionDenied`), as the journey shows
 * it. Close (or Escape) goes home. The shell loads it on demand.
 */
export default function NotAllowed({ reason }: { reason: RouteDenial }) {
  const { t, path } = useI18n();
  const [, navigate] = useLocation();
  useDocumentTitle(t('purchaseRestrictedTitle'), t('appName'));
  return (
    <>
      <h1 className="visually-hidden">{t('purchaseRestrictedTitle')}</h1>
      <RestrictedModal reason={reason} onClose={() => navigate(path('HOME'), { replace: true })} />
    </>
  );
}
