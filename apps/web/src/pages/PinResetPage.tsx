import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { matchRouteAnyLocale } from '@stream/core/domain';
import { connectParentalSettings, parentalSettingsMachine } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';
import { AuthLayout } from '../components/AuthLayout';
import { FlowOutcome } from '../components/EmailFlow';
import { InlineError, InlineStatus } from '../components/StatusScreen';
import { ParentalStatusView } from '../household/ParentalControlSection';
import { ParentalPinStep } from '../household/ParentalPinSteps';

/**
 * What the address holds once the page has read the link's code: the code never stays in the
 * address bar, the history or a `Referer`. Opened again (reload, Back), the page says the link
 * was used, without asking the platform.
 */
const CODE_READ = 'opened';

/**
 * CONFIRM_PIN_PROTECTION_RESET (`/confirm-reset/:code`, identity-and-routes.md §2 route table;
 * docs/api.md "Parental control": the emailed reset link). Signed-in only: a guest goes to LOGIN
 * with `from` set to this link and comes back after signing in. The page reads the code once and
 * replaces the history entry (the code leaves the address), then core's `parentalSettings`
 * machine spends it (`POST /api/v1/parental-control/pin { resetCode }`: the PIN is cleared) and
 * asks for a new PIN, typed twice on the PIN pad (`POST /api/v1/parental-control`). A used,
 * unknown or expired code says so and sends the viewer to the account page for a new link.
 */
export default function PinResetPage() {
  const { t } = useI18n();
  useDocumentTitle(t('pinResetTitle'), t('appName'));
  return (
    <SignedInOnly loadingLabel={t('loading')}>
      <PinReset />
    </SignedInOnly>
  );
}

/** Reads the link's code once and takes it out of the address (history replace). */
function useResetCode(): string | null {
  const { routeLocale, path } = useI18n();
  const [, navigate] = useLocation();
  const [code] = useState<string | null>(() => {
    const read = matchRouteAnyLocale(window.location.pathname, routeLocale)?.params.code ?? '';
    return read === '' || read === CODE_READ ? null : read;
  });
  useEffect(() => {
    const opened = path('CONFIRM_PIN_PROTECTION_RESET', { code: CODE_READ });
    if (window.location.pathname !== opened) navigate(opened, { replace: true });
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return code;
}

function PinReset() {
  const code = useResetCode();
  // A page opened again (no code left) is a used link.
  return code === null ? <LinkUsed /> : <PinResetFlow code={code} />;
}

function PinResetFlow({ code }: { code: string }) {
  const { t, path } = useI18n();
  const { api } = useServices();
  const input = useMemo(() => ({ api, resetCode: code }), [api, code]);
  const [view] = useFlow(parentalSettingsMachine, { input, connect: connectParentalSettings });

  if (view.step === 'resetFailed') {
    if (view.error === 'invalidPinResetCode') return <LinkUsed />;
    return (
      <FlowOutcome title={t('somethingWentWrong')} message={t(view.error ?? 'anErrorOccured', view.errorVars)} tone="alert">
        <button type="button" className="button button--block" onClick={view.reload}>
          {t('retry')}
        </button>
      </FlowOutcome>
    );
  }
  if (view.step === 'ready' && view.message === 'pinSaved') {
    return (
      <FlowOutcome title={t('pinResetDoneTitle')} message={t('pinResetDone')}>
        <p className="auth-card__footer">
          <Link href={path('ACCOUNT')}>{t('pinResetBackToAccount')}</Link>
        </p>
      </FlowOutcome>
    );
  }
  return (
    <AuthLayout>
      <h1>{t('pinResetTitle')}</h1>
      {view.wasReset ? (
        <p role="status" className="alert alert--info">
          {t('pinResetCleared')}
        </p>
      ) : null}
      {view.step === 'resetting' || view.step === 'loading' ? <InlineStatus label={t('pinResetChecking')} /> : null}
      {view.step === 'saving' ? <InlineStatus label={t('parentalSaving')} /> : null}
      <ParentalPinStep view={view} onCancel={view.cancel} />
      {view.step === 'loadFailed' ? <InlineError message={t(view.error ?? 'anErrorOccured')} retryLabel={t('retry')} onRetry={view.reload} /> : null}
      {view.step === 'ready' ? <ParentalStatusView view={view} /> : null}
      {view.step === 'ready' || view.step === 'loadFailed' ? (
        <p className="auth-card__footer">
          <Link href={path('ACCOUNT')}>{t('pinResetBackToAccount')}</Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}

/** A used, unknown or expired link: what to do next (ask a new one from the account page). */
function LinkUsed() {
  const { t, path } = useI18n();
  return (
    <FlowOutcome title={t('pinResetLinkInvalidTitle')} message={t('invalidPinResetCode')} tone="alert">
      <p className="auth-card__footer">
        <Link href={path('ACCOUNT')}>{t('pinResetBackToAccount')}</Link>
      </p>
    </FlowOutcome>
  );
}
