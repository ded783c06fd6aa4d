import { useEffect, useMemo, useRef } from 'react';
import { profileMay } from '@stream/core/domain';
import { connectParentalSettings, parentalSettingsMachine, type ParentalSettingsApi } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useSession } from '../app/hooks';
import { AccountSection } from '../components/AccountSection';
import { InlineError, InlineStatus } from '../components/StatusScreen';
import { ParentalPinStep } from './ParentalPinSteps';
import '../styles/household.css';

/**
 * "Parental control" on the account page (issue 16; commerce §3 "Parental control", §7; docs/api.md
 * "Parental control"): renders core's `parentalSettings` machine. Shows whether a PIN is set and
 * whether the restriction is on; with no PIN, "Set a PIN" (typed twice on the PIN pad, saved
 * `RESTRICTED`); with one, "Change PIN", "Turn restriction off/on" and "Remove PIN", each asking
 * the current PIN first on core's PIN pad (wrong PIN, the throttle's countdown, "Forgotten PIN?").
 * A success is announced (a status region) and the focus goes back to the section's heading; a
 * failure shows as an alert. A child profile's session never sees the section (core's
 * `profileMay(…, 'parentalSettings')`).
 */
export function ParentalControlSection() {
  const { user } = useSession();
  if (!user || !profileMay({ type: user.par === 'RESTRICTED' ? 'CHILD' : 'ADULT' }, 'parentalSettings')) return null;
  return <ParentalSettings />;
}

function ParentalSettings() {
  const { t } = useI18n();
  const { api } = useServices();
  const input = useMemo(() => ({ api }), [api]);
  const [view] = useFlow(parentalSettingsMachine, { input, connect: connectParentalSettings });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasAsking = useRef(false);

  // Back from a PIN step (saved, removed, failed or cancelled): the focus returns to the heading.
  const asking = view.step === 'currentPin' || view.step === 'newPin' || view.step === 'saving';
  useEffect(() => {
    if (wasAsking.current && view.step === 'ready') headingRef.current?.focus();
    wasAsking.current = asking;
  }, [asking, view.step]);

  return (
    <AccountSection
      name="parental"
      title={t('parentalControl')}
      intro={t('parentalControlIntro')}
      notice={view.step === 'ready' && view.message ? t(view.message) : ''}
      headingRef={headingRef}
    >
      <ParentalSettingsBody view={view} />
    </AccountSection>
  );
}

/** The section's body for each step of the settings. */
function ParentalSettingsBody({ view }: { view: ParentalSettingsApi }) {
  const { t } = useI18n();
  switch (view.step) {
    case 'resetting':
    case 'resetFailed':
    case 'loading':
      return <InlineStatus label={t('loading')} />;
    case 'loadFailed':
      return <InlineError message={t(view.error ?? 'anErrorOccured')} retryLabel={t('retry')} onRetry={view.reload} />;
    case 'saving':
      return <InlineStatus label={t('parentalSaving')} />;
    case 'currentPin':
    case 'newPin':
      return <ParentalPinStep view={view} onCancel={view.cancel} />;
    case 'ready':
      return <ParentalStatusView view={view} />;
  }
}

/** The PIN and the restriction, the last outcome, and the actions (set; change, restriction, remove). */
export function ParentalStatusView({ view }: { view: ParentalSettingsApi }) {
  const { t } = useI18n();
  const restricted = view.status === 'RESTRICTED';
  return (
    <>
      <dl className="details parental__state">
        <dt>{t('parentalPin')}</dt>
        <dd>{t(view.pinSet ? 'parentalPinIsSet' : 'parentalPinNotSet')}</dd>
        <dt>{t('parentalRestriction')}</dt>
        <dd>{t(restricted ? 'parentalRestrictionOn' : 'parentalRestrictionOff')}</dd>
      </dl>
      {view.message ? (
        <p className="notice parental__notice" aria-hidden="true">
          {t(view.message)}
        </p>
      ) : null}
      {view.error ? (
        <p role="alert" className="alert">
          {t(view.error, view.errorVars)}
        </p>
      ) : null}
      <div className="actions">
        {view.pinSet ? (
          <>
            <button type="button" className="button" onClick={view.changePin}>
              {t('parentalChangePin')}
            </button>
            <button type="button" className="button button--secondary" onClick={view.toggleRestriction}>
              {t(restricted ? 'parentalTurnRestrictionOff' : 'parentalTurnRestrictionOn')}
            </button>
            <button type="button" className="button button--secondary" onClick={view.removePin}>
              {t('parentalRemovePin')}
            </button>
          </>
        ) : (
          <button type="button" className="button" onClick={view.setPin}>
            {t('parentalSetPin')}
          </button>
        )}
      </div>
    </>
  );
}
