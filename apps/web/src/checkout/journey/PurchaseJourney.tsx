import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { useFlow } from '@stream/react';
import type { Licence } from '@stream/core/contracts';
import { connectPurchaseJourney, purchaseJourneyMachine, queryWithLicence, type CheckoutQuery } from '@stream/core/machines';
import { useI18n, useServices } from '../../app/context';
import { useDocumentTitle } from '../../app/hooks';
import { ErrorScreen, LoadingScreen } from '../../components/StatusScreen';
import { LicencePlans } from '../../pages/LicencesPage';
import { PaymentStep, type PaymentGift } from '../PaymentStep';
import { ConsentModal } from './ConsentModal';
import { JourneyProgress } from './JourneyProgress';
import { RestrictedModal } from './RestrictedModal';
import '../../styles/journey.css';

/** The embedded sign-in and sign-up forms (they bring the LOGIN and SIGNUP pages' forms). */
type JourneyAuthModule = typeof import('./JourneyAuth');
let journeyAuth: JourneyAuthModule | null = null;

/**
 * The embedded sign-in and sign-up forms, loaded on demand: only a guest needs them, so a signed-in
 * viewer's checkout does not download them. Loading starts as soon as `needed` holds (the journey
 * starts for a guest); null until the module is there.
 */
function useJourneyAuth(needed: boolean): JourneyAuthModule | null {
  const [module, setModule] = useState(journeyAuth);
  useEffect(() => {
    if (!needed || module !== null) return;
    let current = true;
    void import('./JourneyAuth').then((loaded) => {
      journeyAuth = loaded;
      if (current) setModule(loaded);
    });
    return () => {
      current = false;
    };
  }, [needed, module]);
  return module;
}

/** Props of {@link PurchaseJourney}. */
export interface PurchaseJourneyProps {
  /** The PURCHASE query the journey starts with (its `from` is already checked). */
  query: CheckoutQuery;
  /** The viewer is signed in when the journey starts (read once). */
  signedIn: boolean;
  /** GIFT_PAY: the journey buys this gift (its query says `gift`), paid through the same payment step. */
  gift?: PaymentGift | null;
}

/**
 * The purchase journey (identity-and-routes.md §4; §2 consent and sign-up restricted modals;
 * commerce-and-account-data.md §2, §6): a renderer of core's `purchaseJourneyMachine`
 * (`useFlow`), which loads the checkout context and the plans, checks the account after the
 * embedded sign-in, keeps the chosen licence in the address, schedules downgrades and leaves the
 * journey through the app's navigation. It renders the step: the load failures with Retry, the
 * restricted modal while blocked, the plans (PACKAGE_SELECTION), the embedded sign-in or sign-up
 * form, the consent modal, and `PaymentStep` for the payment steps and the confirmation. The focus
 * moves to the heading of each new step; a progress indicator names the phases.
 */
export function PurchaseJourney({ query, signedIn, gift = null }: PurchaseJourneyProps) {
  const { t, path, routeLocale } = useI18n();
  const { api, navigation } = useServices();
  const search = useSearch();
  const [journey, journeyActor] = useFlow(purchaseJourneyMachine, {
    input: { route: query, signedIn, api, navigation, locale: routeLocale },
    connect: connectPurchaseJourney,
  });

  const atAuth = journey.step === 'LOGIN' || journey.step === 'SIGNUP';
  const auth = useJourneyAuth(!signedIn || atAuth);

  const stepKey = journey.blocked ? 'blocked' : journey.exited ? 'exited' : (journey.step ?? 'none');
  // Nothing shown yet: the journey's data, or at LOGIN and SIGNUP the forms (the step's heading comes with them), still load.
  const settled = !journey.loading && journey.loadFailure === null && (!atAuth || auth !== null);
  useDocumentTitle(stepTitle(settled ? stepKey : 'none', t), t('appName'));
  const containerRef = useStepFocus(settled ? `${stepKey}:${journey.authCheck}` : null);

  if (journey.loadFailure === 'plans') {
    return (
      <div className="page">
        <ErrorScreen title={t('plansTitle')} message={t('couldntLoadLicences')} retryLabel={t('retry')} onRetry={journey.retry} />
      </div>
    );
  }
  if (journey.loadFailure === 'context') {
    return (
      <div className="page">
        <ErrorScreen title={t('checkoutTitle')} message={t('unknownError')} retryLabel={t('retry')} onRetry={journey.retry} />
      </div>
    );
  }
  if (journey.loading) return <LoadingScreen label={t('loadingCheckout')} />;

  const choose = (licence: Licence) => journey.selectPackage(licence.id);
  const chooseHref = (licence: Licence) => `${path('PURCHASE')}?${queryWithLicence(search, licence.id)}`;
  const downgrade = (licence: Licence, from: Licence) => journey.downgrade(licence.id, from.id);

  const progress = <JourneyProgress phases={journey.phases} current={journey.phase} />;
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
  } else if (journey.authCheck === 'checking') {
    content = <LoadingScreen label={t('checkingAccount')} />;
  } else if (journey.authCheck === 'failed') {
    content = (
      <div className="page">
        <ErrorScreen title={t('checkoutTitle')} message={t('unknownError')} retryLabel={t('retry')} onRetry={journey.retry} />
      </div>
    );
  } else {
    switch (journey.step) {
      case 'PACKAGE_SELECTION': {
        const alert = journey.downgradeError ?? journey.refusal;
        content = (
          <div className="page page--wide journey">
            {progress}
            {alert ? (
              <p role="alert" className="alert">
                {t(alert)}
              </p>
            ) : null}
            <LicencePlans
              families={journey.families}
              onChoose={choose}
              chooseHref={chooseHref}
              onDowngrade={downgrade}
              downgrading={journey.downgrading}
            />
          </div>
        );
        break;
      }
      case 'LOGIN':
      case 'SIGNUP':
        content =
          auth === null ? (
            <LoadingScreen label={t('loading')} />
          ) : (
            <div className="page journey journey--auth">
              {progress}
              {journey.step === 'LOGIN' ? (
                <auth.JourneySignIn key="LOGIN" onDone={() => journey.authDone()} onSwitch={journey.switchAuth} />
              ) : (
                <auth.JourneySignUp key="SIGNUP" onDone={() => journey.authDone()} onSwitch={journey.switchAuth} />
              )}
            </div>
          );
        break;
      case 'CONSENT':
        content = (
          <div className="page journey">
            {progress}
            <h1>{t('checkoutTitle')}</h1>
            <ConsentModal terms={journey.consentTerms} onAccept={journey.acceptConsent} onCancel={journey.back} />
          </div>
        );
        break;
      default:
        content = (
          <div className="page journey">
            {journey.step === 'PAYMENT_COMPLETE' ? null : progress}
            <PaymentStep
              licenceId={journey.licenceId ?? ''}
              consent={journey.consent}
              journey={journey}
              journeyActor={journeyActor}
              from={journey.from}
              gift={gift}
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
 * changes after the first shown step, so that a screen reader reads the new step; `null` while
 * the journey loads (nothing is shown yet). Returns the ref of the element holding the step.
 */
function useStepFocus(key: string | null) {
  const containerRef = useRef<HTMLDivElement>(null);
  const firstKey = useRef<string | null>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (key === null) return;
    if (firstKey.current === null) {
      firstKey.current = key;
      return;
    }
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
