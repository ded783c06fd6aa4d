/**
 * The purchase journey's input for the PURCHASE route: what the route's query says, the entry
 * mode (the UPGRADE rule), the machine's input, and the phases the progress indicator names.
 * Pure: no I/O, never throws on bad input.
 * Implements identity-and-routes.md §4 (entry modes, flow types, journey steps) with the
 * purchase block of commerce-and-account-data.md §2 (sign-up restricted modal) and §6 (the
 * domain's `purchaseBlockReason`).
 */
import type { CheckoutContext } from '../../contracts/checkout.js';
import type { LicenceFamily } from '../../contracts/licences.js';
import { consentPending, isActive, purchaseBlockReason, safeReturnPath } from '../../domain/index.js';
import type { CheckoutQuery, JourneyEntryMode, JourneyPhase, JourneyStep, PurchaseJourneyInput } from './purchaseJourney.types.js';

/**
 * Reads the PURCHASE query (`licenceId`, `from`, `entry`), with or without the leading `?`:
 * `licenceId` trimmed (null when absent or blank), `from` only when the domain's `safeReturnPath`
 * accepts it (else null), `signUpEntry` when `entry` is `signup` (any case). Never throws.
 * identity-and-routes.md §4 (entry modes) and §2 (the `from` return path).
 */
export function readCheckoutQuery(search: string): CheckoutQuery {
  const query = new URLSearchParams(search);
  const licenceId = query.get('licenceId')?.trim() ?? '';
  return {
    licenceId: licenceId === '' ? null : licenceId,
    from: safeReturnPath(query.get('from')),
    signUpEntry: query.get('entry')?.toLowerCase() === 'signup',
  };
}

/**
 * The query with `licenceId` set to `licenceId` (removed when null) and every other parameter
 * kept, without `?`: what the address bar shows once a plan is chosen (or the plans are shown
 * again), so that a reload resumes at the same place. Never throws. identity-and-routes.md §4.
 */
export function queryWithLicence(search: string, licenceId: string | null): string {
  const query = new URLSearchParams(search);
  if (licenceId === null) query.delete('licenceId');
  else query.set('licenceId', licenceId);
  return query.toString();
}

/**
 * The journey's entry mode (identity-and-routes.md §4): `SIGNUP` from the sign-up link,
 * `UPGRADE` when the viewer already holds an active licence (the domain's `isActive`) in the family of
 * the chosen licence, else `ACCOUNT` (a gift is never an upgrade). `families` is the catalogue by family in which the
 * platform puts the account's own licences, with their status; a `licenceId` found in no
 * family gives `ACCOUNT`. Never throws.
 */
export function journeyEntryMode(query: CheckoutQuery, families: readonly LicenceFamily[]): JourneyEntryMode {
  if (query.signUpEntry) return 'SIGNUP';
  if (query.licenceId === null || query.gift === true) return 'ACCOUNT';
  const family = families.find((f) => f.licences.some((licence) => licence.id === query.licenceId));
  return family?.licences.some((licence) => isActive(licence)) ? 'UPGRADE' : 'ACCOUNT';
}

/**
 * The purchase journey machine's input for the PURCHASE route: flow type `purchase`, the entry
 * mode, whether the viewer is signed in, the chosen licence, the consent terms of the checkout
 * context and the block reason the domain's `purchaseBlockReason` finds in it (null when the viewer
 * may buy). Never throws. identity-and-routes.md §4 and commerce-and-account-data.md §2, §6
 * (purchase block: `kidPurchasePermissionDenied`, `signupGeoRestriction`, `vpnErrorMessage`).
 */
export function journeyInput(
  query: CheckoutQuery,
  signedIn: boolean,
  context: CheckoutContext,
  families: readonly LicenceFamily[],
): PurchaseJourneyInput {
  return {
    entryMode: journeyEntryMode(query, families),
    flowType: 'purchase',
    signedIn,
    licenceId: query.licenceId,
    consentTerms: context.consentTerms,
    acceptedConsents: Array.isArray(context.recordedConsents) ? context.recordedConsents : [],
    blockReason: purchaseBlockReason(context),
  };
}

/**
 * The phases a journey started with `input` goes through, in order: a signed-in viewer chooses
 * a plan, accepts the terms while consent is pending (domain `consentPending`), and pays; a guest from the sign-up link creates the account, accepts the terms, then
 * chooses and pays; any other guest chooses first, then signs in, accepts the terms and pays.
 * The terms phase is left out when there are no consent terms. Never throws.
 * identity-and-routes.md §4 (journey steps per entry mode).
 */
export function journeyPhases(input: PurchaseJourneyInput): JourneyPhase[] {
  const withTerms = input.signedIn ? consentPending(input.consentTerms ?? [], input.acceptedConsents) : (input.consentTerms?.length ?? 0) > 0;
  const phases: JourneyPhase[] = input.signedIn
    ? ['plan', 'terms', 'payment']
    : input.entryMode === 'SIGNUP'
      ? ['account', 'terms', 'plan', 'payment']
      : ['plan', 'account', 'terms', 'payment'];
  return withTerms ? phases : phases.filter((phase) => phase !== 'terms');
}

/**
 * The phase a journey step belongs to: LOGIN/SIGNUP → `account`, CONSENT → `terms`,
 * PACKAGE_SELECTION → `plan`, the payment steps → `payment`; null for PAYMENT_COMPLETE (every
 * phase done). Never throws. identity-and-routes.md §4.
 */
export function phaseOf(step: JourneyStep): JourneyPhase | null {
  switch (step) {
    case 'LOGIN':
    case 'SIGNUP':
      return 'account';
    case 'CONSENT':
      return 'terms';
    case 'PACKAGE_SELECTION':
      return 'plan';
    case 'PAYMENT_COMPLETE':
      return null;
    default:
      return 'payment';
  }
}
