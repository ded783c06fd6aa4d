import { useLocation, useSearch } from 'wouter';
import { DEFAULT_MENU_ROUTE, safeReturnPath, type RouteDenial } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { RestrictedModal } from '../checkout/journey/RestrictedModal';
import '../styles/journey.css';

/**
 * What a page the session may not open shows instead of its content (issue 16; core's
 * `routeDenial`: a child's session on the purchase, payment, sign-up and account pages): the
 * sign-up restricted modal with `reason` (`kidPurchasePermissionDenied`), as the journey shows
 * it. Close (or Escape) goes to the address's `from` when it is an in-app path, else to the
 * default menu page, as the journey's modal does. The shell loads it on demand.
 */
export default function NotAllowed({ reason }: { reason: RouteDenial }) {
  const { t, path } = useI18n();
  const [, navigate] = useLocation();
  const search = useSearch();
  useDocumentTitle(t('purchaseRestrictedTitle'), t('appName'));
  return (
    <>
      <h1 className="visually-hidden">{t('purchaseRestrictedTitle')}</h1>
      <RestrictedModal reason={reason} onClose={() => navigate(safeReturnPath(new URLSearchParams(search).get('from')) ?? path(DEFAULT_MENU_ROUTE), { replace: true })} />
    </>
  );
}
