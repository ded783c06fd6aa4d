/**
 * Restricted provider fields (birth date, tax number): whether the form shows them and whether
 * they are required, from the purchase's functional purpose and the buyer's country.
 * Implements identity-and-routes.md §3 "Auth provider" fields and §5 "Restricted fields", and
 * commerce-and-account-data.md §5 "Restricted fields".
 */

/** A country restriction on a provider field: ISO 3166-1 alpha-2 codes. */
export interface AddressCountryRestriction {
  restrictionType: 'whitelist' | 'blacklist';
  elements: string[];
}

/** A field of the auth provider configuration (identity-and-routes.md §3 "Auth provider"). */
export interface ProviderField {
  id: string;
  /** Form field type: `birthDate`, `date` and `taxNumber` are restricted; others are not. */
  type: string;
  /** The field says it is required. @default false */
  required?: boolean;
  /** Functional purposes the field may be collected for: a list, or one string (comma-separated values allowed). */
  functionalPurpose?: string[] | string;
  addressCountryRestriction?: AddressCountryRestriction;
}

/** The purchase context: its functional purpose and the buyer's country (alpha-2). */
export interface RestrictedFieldContext {
  purpose: string;
  country: string;
}

/** Whether to render a field and whether it must be filled. */
export interface RestrictedFieldDecision {
  visible: boolean;
  required: boolean;
}

/** Field types the restriction applies to (birth date and tax number). */
export const RESTRICTED_FIELD_TYPES: readonly string[] = ['birthDate', 'date', 'taxNumber'];

const norm = (value: unknown): string => (typeof value === 'string' ? value.trim().toUpperCase() : '');

function purposes(value: ProviderField['functionalPurpose']): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map(norm).filter((p) => p !== '');
}

/**
 * Decides how a provider field shows for a purchase.
 *
 * Fields whose `type` is not `birthDate`, `date` or `taxNumber` are always visible, required
 * exactly when `field.required === true`. For those three types:
 * - Purpose: permitted when the field lists no purpose (absent or empty: no purpose
 *   restriction), or `context.purpose` is among them (trimmed, case-insensitive). Otherwise the
 *   field is hidden and not required.
 * - Country (trimmed, case-insensitive alpha-2): with a `whitelist`, a listed country shows the
 *   field and makes it required, an unlisted one hides it (an empty whitelist hides it for
 *   everyone); with a `blacklist`, a listed country hides it and an unlisted one shows it,
 *   required as the field says; no restriction, or an unknown `restrictionType`, shows it,
 *   required as the field says.
 * A hidden field is never required. The platform stays the authority: a field it reports
 * missing (424) is asked for by the payment flow whatever this rule says. Never throws.
 * Implements identity-and-routes.md §5 "Restricted fields" and commerce-and-account-data.md §5.
 */
export function restrictedFieldRule(field: ProviderField, context: RestrictedFieldContext): RestrictedFieldDecision {
  if (field === null || typeof field !== 'object') return { visible: false, required: false };
  const fieldRequired = field.required === true;
  if (!RESTRICTED_FIELD_TYPES.includes(field.type)) return { visible: true, required: fieldRequired };
  const hidden = { visible: false, required: false };
  const ctx: Partial<RestrictedFieldContext> = context !== null && typeof context === 'object' ? context : {};

  const allowed = purposes(field.functionalPurpose);
  if (allowed.length > 0 && !allowed.includes(norm(ctx.purpose))) return hidden;

  const restriction = field.addressCountryRestriction;
  if (restriction === null || typeof restriction !== 'object') return { visible: true, required: fieldRequired };
  const type = typeof restriction.restrictionType === 'string' ? restriction.restrictionType.trim().toLowerCase() : '';
  const country = norm(ctx.country);
  const listed = country !== '' && Array.isArray(restriction.elements) && restriction.elements.some((e) => norm(e) === country);
  if (type === 'whitelist') return listed ? { visible: true, required: true } : hidden;
  if (type === 'blacklist') return listed ? hidden : { visible: true, required: fieldRequired };
  return { visible: true, required: fieldRequired };
}
