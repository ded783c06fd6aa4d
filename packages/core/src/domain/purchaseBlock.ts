/**
 * Why a visitor may not sign up or buy, if at all.
 * Implements identity-and-routes.md §2 "Sign-up restricted modal" and §6, and
 * commerce-and-account-data.md §6 and §8 "Sign-up block messages".
 */

/** The label key the sign-up restricted modal shows. */
export type PurchaseBlockReason = 'kidPurchasePermissionDenied' | 'signupGeoRestriction' | 'vpnErrorMessage';

/** What is known about the visitor when the purchase or sign-up journey starts. */
export interface PurchaseBlockInput {
  /** The active profile is a child profile. */
  isChildProfile: boolean;
  /** The caller's country is among the realm's allowed territories. */
  inAllowedTerritory: boolean;
  /** The caller is detected on a VPN. */
  onVpn: boolean;
  /** The realm accepts visitors on a VPN. */
  realmAllowsVpn: boolean;
}

/**
 * The reason the sign-up restricted modal replaces the journey, or `null` when buying is allowed.
 *
 * Checked in order, the first that applies wins:
 * 1. a child profile → `kidPurchasePermissionDenied`;
 * 2. outside the allowed territories → `signupGeoRestriction`;
 * 3. on a VPN while the realm disallows it → `vpnErrorMessage`.
 *
 * Each flag counts only when it is exactly `true` (an absent or malformed `inAllowedTerritory`
 * blocks, since being inside must be established; absent `realmAllowsVpn` disallows VPNs).
 * Never throws. Implements identity-and-routes.md §2 "Sign-up restricted modal", §6;
 * commerce-and-account-data.md §6, §8.
 */
export function purchaseBlockReason(input: PurchaseBlockInput): PurchaseBlockReason | null {
  const source: Partial<PurchaseBlockInput> = input !== null && typeof input === 'object' ? input : {};
  if (source.isChildProfile === true) return 'kidPurchasePermissionDenied';
  if (source.inAllowedTerritory !== true) return 'signupGeoRestriction';
  if (source.onVpn === true && source.realmAllowsVpn !== true) return 'vpnErrorMessage';
  return null;
}
