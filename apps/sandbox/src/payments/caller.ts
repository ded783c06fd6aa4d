/**
 * The buyer's situation, per account: country, VPN, child profile and billing address (set with
 * `POST /_sandbox/caller` or `PUT /api/v2/customer/billing-details`, kept in `settings` as
 * `sandbox_caller:<userId>`), and what the checkout derives from it: the purchase block
 * (child, territory, VPN) and the billing fields a purchase still needs (the 424's `missingFields`).
 */
import { eq } from 'drizzle-orm';
import { purchaseBlockReason, restrictedFieldRule, type PurchaseBlockReason } from '@stream/core/domain';
import type { SandboxDb } from '../db/open.js';
import { ApiHttpError } from '../errors.js';
import { settings, users } from '../db/schema.js';
import { COUNTRIES } from '../seed/countries.js';
import { CHECKOUT_PURPOSE, inAllowedTerritory, PROVIDER_FIELDS, REALM_ALLOWS_VPN } from '../seed/realm.js';

/** Who is buying, from where. `address` holds billing fields by the platform's names (`postalCode`, `line1`, …). */
export type CallerState = { country: string; vpn: boolean; child: boolean; address: Record<string, string> };

/** The caller of an account never set: GB, no VPN, not a child, billing details complete (no 424). */
export const DEFAULT_CALLER: Readonly<CallerState> = { country: 'GB', vpn: false, child: false, address: {} };

/**
 * The address the default caller is taken to have, written out when its state is first stored
 * by the billing-details call (so saving, say, a phone number does not make a GB account
 * incomplete).
 */
export const DEFAULT_GB_ADDRESS: Readonly<Record<string, string>> = { postalCode: 'SW1A 1AA' };

/** Account fields (on `users`) that also satisfy a required billing field of the same name. */
const USER_FIELDS = ['taxNumber', 'birthDate', 'phoneNumber'] as const;

const callerKey = (userId: string) => `sandbox_caller:${userId}`;

/** True when `code` (alpha-2, any case) is a seeded country. */
export function isSeededCountry(code: string): boolean {
  const upper = code.trim().toUpperCase();
  return COUNTRIES.some((k) => k.iso3166alpha2 === upper);
}

/** The stored caller state of an account, or undefined when it was never set. */
export async function readCallerRow(db: SandboxDb, userId: string): Promise<CallerState | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, callerKey(userId))).limit(1);
  return row ? { ...DEFAULT_CALLER, ...(JSON.parse(row.value) as Partial<CallerState>) } : undefined;
}

/** The caller state of an account ({@link DEFAULT_CALLER} when never set). */
export async function readCaller(db: SandboxDb, userId: string): Promise<CallerState> {
  return (await readCallerRow(db, userId)) ?? { ...DEFAULT_CALLER, address: {} };
}

/**
 * The caller state of a signed-in session: the account's ({@link readCaller}), with `child` true
 * for a child profile's session (the token's `par` `RESTRICTED`; issue 16), whatever the
 * account's stored flag says.
 */
export async function readSessionCaller(db: SandboxDb, claims: { sub: string; par?: string }): Promise<CallerState> {
  const caller = await readCaller(db, claims.sub);
  return claims.par === 'RESTRICTED' ? { ...caller, child: true } : caller;
}

/**
 * 403 `FORBIDDEN` `kidPurchasePermissionDenied` for a child profile's session (`par`
 * `RESTRICTED`; commerce §6 "Child profiles cannot buy or sign up"): the first check of every
 * call that starts or completes a purchase, and of sign-up.
 */
export function refuseChildPurchase(claims: { par?: string }): void {
  if (claims.par === 'RESTRICTED') throw new ApiHttpError(403, 'FORBIDDEN', ['kidPurchasePermissionDenied']);
}

/** Stores the caller state of an account (replacing it). */
export async function writeCaller(db: SandboxDb, userId: string, state: CallerState): Promise<void> {
  const value = JSON.stringify(state);
  await db.insert(settings).values({ key: callerKey(userId), value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/**
 * Why this caller may not buy, or null: core's `purchaseBlockReason` over the caller's child
 * flag, its country against the realm's territories, and its VPN flag against the realm's VPN
 * rule (child first, then territory, then VPN).
 */
export function blockReasonOf(caller: CallerState): PurchaseBlockReason | null {
  return purchaseBlockReason({
    isChildProfile: caller.child,
    inAllowedTerritory: inAllowedTerritory(caller.country),
    onVpn: caller.vpn,
    realmAllowsVpn: REALM_ALLOWS_VPN,
  });
}

/**
 * The billing fields a purchase by `country` requires, in order: the country's
 * `addressRequiredFields`, then the provider fields that core's `restrictedFieldRule` makes
 * required for the checkout's purpose in that country (BR: birth date and tax number; DE: birth
 * date), each name once.
 */
export function requiredBillingFields(country: string): string[] {
  const code = country.trim().toUpperCase();
  const fields = (COUNTRIES.find((k) => k.iso3166alpha2 === code)?.addressRequiredFields ?? []).map((f) => f.fieldName);
  for (const field of PROVIDER_FIELDS) {
    if (restrictedFieldRule(field, { purpose: CHECKOUT_PURPOSE, country: code }).required && !fields.includes(field.id)) fields.push(field.id);
  }
  return fields;
}

/**
 * The billing fields the account lacks for its caller's country (the 424's `missingFields`).
 * A field counts as given when the caller's `address` has a non-blank value for it, or, for
 * `taxNumber`, `birthDate` and `phoneNumber`, when the account (the profile) has one. An account
 * whose caller state was never set answers `[]` (the default GB caller is complete).
 */
export async function missingFieldsOf(db: SandboxDb, userId: string): Promise<string[]> {
  const caller = await readCallerRow(db, userId);
  if (!caller) return [];
  const [user] = await db
    .select({ taxNumber: users.taxNumber, birthDate: users.birthDate, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return requiredBillingFields(caller.country).filter((field) => {
    const fromUser = (USER_FIELDS as readonly string[]).includes(field) ? user?.[field as (typeof USER_FIELDS)[number]] : undefined;
    return ![caller.address[field], fromUser].some((value) => typeof value === 'string' && value.trim() !== '');
  });
}
