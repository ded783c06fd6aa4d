/**
 * Terms-of-use consent: the checked map, its validity and the answers sent with the sign-up or
 * the payment. Implements identity-and-routes.md §2 "Terms-of-use consent modal", §3 "Consent
 * term" and §5 "Consent".
 */

/** A consent term as the platform sends it (identity-and-routes.md §3 "Consent term"). */
export interface ConsentTerm {
  /** Key of the term; the checked map and the answers are keyed by it. */
  fieldName: string;
  /** `INFORMATION_TEXT` (text only, nothing to tick) or `BINARY_CHOICE` (a checkbox); others are kept as given. */
  fieldType: 'INFORMATION_TEXT' | 'BINARY_CHOICE' | (string & {});
  /** Short label of the checkbox. */
  label?: string;
  /** Longer text (may be shown instead of the label). */
  text?: string;
  /** The term must be ticked for the form to be valid. @default false */
  required?: boolean;
  /** Initial state of the checkbox: `true` or the string `"true"` (any case) ticks it. @default false */
  defaultValue?: boolean | string | null;
}

/** One answer sent to the platform: the term's field name and whether it was ticked. */
export interface ConsentAnswer {
  fieldName: string;
  answer: boolean;
}

const INFORMATION_TEXT = 'INFORMATION_TEXT';
const BINARY_CHOICE = 'BINARY_CHOICE';

const list = (terms: readonly ConsentTerm[]): ConsentTerm[] =>
  Array.isArray(terms)
    ? terms.filter((t): t is ConsentTerm => t !== null && typeof t === 'object' && typeof t.fieldName === 'string' && t.fieldName !== '')
    : [];

const isTicked = (checked: Readonly<Record<string, boolean>>, fieldName: string): boolean =>
  checked !== null && typeof checked === 'object' && Object.hasOwn(checked, fieldName) && checked[fieldName] === true;

/**
 * The initial checked map: fieldName → ticked, for every term that is not `INFORMATION_TEXT`
 * (information text has no checkbox). A term is ticked when `defaultValue` is `true` or the
 * string `"true"` (any case, surrounding space ignored); anything else is unticked. Terms
 * without a field name are skipped; for a repeated field name the first term wins.
 * Never throws. Implements identity-and-routes.md §3 "Consent term".
 */
export function initialConsentChecks(terms: readonly ConsentTerm[]): Record<string, boolean> {
  const checks: Record<string, boolean> = {};
  for (const term of list(terms)) {
    if (term.fieldType === INFORMATION_TEXT || Object.hasOwn(checks, term.fieldName)) continue;
    const value = term.defaultValue;
    checks[term.fieldName] = value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
  }
  return checks;
}

/**
 * True when every required term that is not `INFORMATION_TEXT` is ticked in `checked`
 * (fieldName → boolean; only the value `true` counts as ticked). Terms of an unknown field type
 * count like checkboxes. No terms → true. Drives the enabled state of the consent modal's submit
 * button. Never throws. Implements identity-and-routes.md §5 "Consent" and §2 "Terms-of-use
 * consent modal".
 */
export function isConsentValid(terms: readonly ConsentTerm[], checked: Readonly<Record<string, boolean>>): boolean {
  return list(terms).every((term) => term.required !== true || term.fieldType === INFORMATION_TEXT || isTicked(checked, term.fieldName));
}

/**
 * The answers to send with the sign-up (`consentAnswers`) or the payment (`consent`): one
 * `{ fieldName, answer }` per `BINARY_CHOICE` term, in the terms' order, `answer` true only when
 * `checked[fieldName] === true`. A repeated field name is answered once. Never throws.
 * Implements identity-and-routes.md §3 "Consent term".
 */
export function consentAnswers(terms: readonly ConsentTerm[], checked: Readonly<Record<string, boolean>>): ConsentAnswer[] {
  const seen = new Set<string>();
  const answers: ConsentAnswer[] = [];
  for (const term of list(terms)) {
    if (term.fieldType !== BINARY_CHOICE || seen.has(term.fieldName)) continue;
    seen.add(term.fieldName);
    answers.push({ fieldName: term.fieldName, answer: isTicked(checked, term.fieldName) });
  }
  return answers;
}

/**
 * True when the buyer still has consent to give: some required term that is not
 * `INFORMATION_TEXT` is not among `accepted` (the field names whose answer the platform has
 * recorded as ticked, the checkout context's `recordedConsents`). No terms, or every required
 * one accepted → false. Non-array `accepted` counts as none. Drives the purchase journey's
 * CONSENT step for every buyer, guest or signed in. Never throws.
 * Implements identity-and-routes.md §2 "Terms-of-use consent modal" and §5 "Consent".
 */
export function consentPending(terms: readonly ConsentTerm[], accepted: readonly string[] | undefined): boolean {
  const recorded = new Set(Array.isArray(accepted) ? accepted.filter((name) => typeof name === 'string') : []);
  return list(terms).some((term) => term.required === true && term.fieldType !== INFORMATION_TEXT && !recorded.has(term.fieldName));
}

/**
 * The field names `answers` record as ticked (`answer === true`), each once, in order: what the
 * platform keeps as a buyer's accepted consents. Malformed entries are skipped. Never throws.
 * Implements identity-and-routes.md §3 "Consent term".
 */
export function acceptedConsents(answers: readonly { fieldName: string; answer: boolean }[] | null | undefined): string[] {
  const names: string[] = [];
  for (const entry of Array.isArray(answers) ? answers : []) {
    if (entry !== null && typeof entry === 'object' && typeof entry.fieldName === 'string' && entry.answer === true && !names.includes(entry.fieldName)) {
      names.push(entry.fieldName);
    }
  }
  return names;
}
