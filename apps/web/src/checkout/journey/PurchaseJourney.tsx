import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import type { Licence, LicenceFamily } from '@stream/core/contracts';
import { consentAnswers, DEFAULT_MENU_ROUTE, purchaseBlockReason } from '@stream/core/domain';
import {
  connectPurchaseJourney,
  journeyPhases,
  joinedServerMessages,
  phaseOf,
  purchaseJourneyMachine,
  queryWithLicence,
  type CheckoutQuery,
  type PurchaseJourneyInput,
} from '@stream/core/machines';
import { useI18n, useServices } from '../../app/context';
import { useDocumentTitle } from '../../app/hooks';
import { ErrorScreen, LoadingScreen } from '../../components/StatusScreen';
import { LicencePlans } from '../../pages/LicencesPage';
import { PaymentStep } from '../PaymentStep';
import { ConsentModal } from './ConsentModal';
import { JourneySignIn, JourneySignUp } from './JourneyAuth';
import { JourneyProgress } from './JourneyProgress';
import { RestrictedModal } from './RestrictedModal';
import '../../styles/journey.css';

/** Props of {@link PurchaseJourney}. */
export interface PurchaseJourneyProps {
  /** The machine's input (`journeyInput`); read once, when the journey starts. */
  input: PurchaseJourneyInput;
  /** The plans, reloaded by the caller when the viewer changes. */
  families: readonly LicenceFamily[];
  /** The PURCHASE query the journey started with (its `from` is already checked). */
  query: CheckoutQuery;
}

/** Where the account check after sign-in or sign-up stands. */
type AuthCheck = 'idle' | 'checking' | 'failed';

/**
 * The purchase journey (identity-and-routes.md §4; §2 consent and sign-up restricted modals;
 * commerce-and-account-data.md §2, §6): runs `purchaseJourneyMachine` and renders its step —
 * the restricted modal while blocked, the plans (PACKAGE_SELECTION), the embedded sign-in or
 * sign-up form (after which the checkout context is read again, since the account may be a child
 * profile), the consent modal, and W1b's `PaymentStep` for the payment steps and the
 * confirmation. Choosing a plan puts `licenceId` in the address (replace). Leaving the journey
 * (Close, Cancel, Escape) goes to the `from` path or the default menu page. The focus moves to
 * the heading of each new step; a progress indicator names the phases.
 */
export function PurchaseJourney({ input, families, query }: PurchaseJourneyProps) {
  const { t, path } = useI18n();
  const { api } = useServices();
  const search = useSearch();
  const [, navigate] = useLocation();
  // The plans as listed (the account's active licences in place): the journey's plan rules read them.
  const planLicences = useMemo(() => families.flatMap((family) => family.licences), [families]);
  const [snapshot, send] = useMachine(purchaseJourneyMachine, { input: { ...input, licences: planLicences } });
  const journey = connectPurchaseJourney(snapshot, send);
  const journeyRef = useRef(journey);
  journeyRef.current = journey;
  const [phases] = useState(() => journeyPhases(input));
  const [authCheck, setAuthCheck] = useState<AuthCheck>('idle');
  const { consentTerms, consentChecked } = snapshot.context;
  // The answers sent with the payment: one per BINARY_CHOICE term accepted at the CONSENT step.
  const consent = useMemo(() => consentAnswers(consentTerms, consentChecked), [consentTerms, consentChecked]);

  const stepKey = journey.blocked ? 'blocked' : journey.exited ? 'exited' : (journey.step ?? 'none');
  useDocumentTitle(stepTitle(stepKey, t), t('appName'));
  const containerRef = useStepFocus(`${stepKey}:${authCheck}`);

  // The plans reloaded (for example after signing in): a chosen licence the account holds goes back to the plans.
  const firstPlans = useRef(planLicences);
  useEffect(() => {
    if (planLicences !== firstPlans.current) journeyRef.current.licencesLoaded(planLicences);
  }, [planLicences]);

  // A downgrade is scheduled for the end of the held plan's period, not bought; then the account page shows it.
  const [downgrading, setDowngrading] = useState<string | null>(null);
  const [downgradeError, setDowngradeError] = useState<string | null>(null);
  const downgrade = (licence: Licence, from: Licence) => {
    setDowngrading(licence.id);
    setDowngradeError(null);
    api.licences.scheduleDowngrade({ params: { id: from.id }, body: { licenceId: licence.id } }).then(
      () => navigate(path('ACCOUNT')),
      (error: unknown) => {
        setDowngrading(null);
        setDowngradeError(joinedServerMessages(error));
      },
    );
  };

  const exitTo = query.from ?? path(DEFAULT_MENU_ROUTE);
  useEffect(() => {
    if (journey.exited) navigate(exitTo, { replace: true });
  }, [journey.exited, exitTo, navigate]);

  // After sign-in or sign-up: the signed-in account may not buy (a child profile), so the
  // checkout context is read again with the new session before the journey goes on.
  const finishAuth = useCallback(() => {
    setAuthCheck('checking');
    api.checkout.context().then(
      (context) => {
        setAuthCheck('idle');
        journeyRef.current.authDone(purchaseBlockReason(context));
      },
      (error: unknown) => {
        console.error(error);
        setAuthCheck('failed');
      },
    );
  }, [api]);

  // Back at the plans: the address no longer names a licence, so a reload shows the plans again.
  const atPlans = journey.step === 'PACKAGE_SELECTION';
  useEffect(() => {
    if (atPlans && new URLSearchParams(search).has('licenceId')) {
      const rest = queryWithLicence(search, null);
      navigate(`${path('PURCHASE')}${rest ? `?${rest}` : ''}`, { replace: true });
    }
  }, [atPlans, search, path, navigate]);

  const choose = (licence: Licence) => {
    journey.selectPackage(licence.id);
    navigate(`${path('PURCHASE')}?${queryWithLicence(search, licence.id)}`, { replace: true });
  };
  const chooseHref = (licence: Licence) => `${path('PURCHASE')}?${queryWithLicence(search, licence.id)}`;

  const progress = <JourneyProgress phases={phases} current={journey.step ? phaseOf(journey.step) : null} />;
  let content;
  if (journey.blocked && journey.blockReason) {
    content = (
      <div className="page">
        <h1>{t('checkoutTitle')}</h1>
        <RestrictedModal reason={journey.blockReason} onClose={journey.back} />
      </div>
    );
  } else if (journey.exited || journey.signedIn || journey.step === null) {
    content = <LoadingScreen label={t('loading')} />;
  } else if (authCheck === 'checking') {
    content = <LoadingScreen label={t('checkingAccount')} />;
  } else if (authCheck === 'failed') {
    content = (
      <div className="page">
        <ErrorScreen title={t('checkoutTitle')} message={t('unknownError')} retryLabel={t('retry')} onRetry={finishAuth} />
      </div>
    );
  } else {
    switch (journey.step) {
      case 'PACKAGE_SELECTION':
        content = (
          <div className="page page--wide journey">
            {progress}
            {journey.refusal || downgradeError ? (
              <p role="alert" className="alert">
                {t(downgradeError ?? journey.refusal ?? '')}
              </p>
            ) : null}
            <LicencePlans families={families} onChoose={choose} chooseHref={chooseHref} onDowngrade={downgrade} downgrading={downgrading} />
          </div>
        );
        break;
      case 'LOGIN':
      case 'SIGNUP':
        content = (
          <div className="page journey journey--auth">
            {progress}
            {journey.step === 'LOGIN' ? (
              <JourneySignIn key="LOGIN" onDone={finishAuth} onSwitch={journey.switchAuth} />
            ) : (
              <JourneySignUp key="SIGNUP" onDone={finishAuth} onSwitch={journey.switchAuth} />
            )}
          </div>
        );
        break;
      case 'CONSENT':
        content = (
          <div className="page journey">
            {progress}
            <h1>{t('checkoutTitle')}</h1>
            <ConsentModal terms={consentTerms} onAccept={journey.acceptConsent} onCancel={journey.back} />
          </div>
        );
        break;
      default:
        content = (
          <div className="page journey">
            {journey.step === 'PAYMENT_COMPLETE' ? null : progress}
            <PaymentStep
              licenceId={journey.licenceId ?? ''}
              consent={consent}
              journey={journey}
              from={query.from}
            />
          </div>
        );
    }
  }
  return (
    <div ref={containerRef} className="journey-step" data-step={stepKey}>
      {content}
    </div>
  );
}

/** The document title of a step. */
function stepTitle(stepKey: string, t: (key: string) => string): string {
  switch (stepKey) {
    case 'PACKAGE_SELECTION':
      return t('plansTitle');
    case 'LOGIN':
      return t('signIn');
    case 'SIGNUP':
      return t('createYourAccount');
    default:
      return t('checkoutTitle');
  }
}

/**
 * Moves the focus to the heading of the step (the open dialog's title first) each time `key`
 * changes after the first render, so that a screen reader reads the new step; returns the ref
 * of the element holding the step.
 */
function useStepFocus(key: string) {
  const containerRef = useRef<HTMLDivElement>(null);
  const firstKey = useRef(key);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current && key === firstKey.current) return;
    moved.current = true;
    const container = containerRef.current;
    const heading = container?.querySelector('dialog[open] h2') ?? container?.querySelector('h1, h2');
    if (!(heading instanceof HTMLElement)) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
  }, [key]);
  return containerRef;
}
