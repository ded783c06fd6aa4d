/** JSON column types of the sandbox schema (the wire shapes of `@stream/core/contracts`). */
export type { Discount, LicenceAmount, Money, PriceMigrationConsent } from '@stream/core/contracts';

/** A stored pending action (commerce §3 `subscriptionPendingActions`). */
export interface PendingActionRow {
  action: string;
  requestedAt?: string;
  actionDueBy?: string;
}
