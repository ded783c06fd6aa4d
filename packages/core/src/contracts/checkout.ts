import * as z from 'zod/mini';
import { defineCall } from './define.js';

/**
 * The checkout's own calls, which the specification does not show (this project's, documented
 * in docs/api.md "Checkout"): what the journey must know before it starts (who may buy, the
 * consent terms, the provider fields with their restrictions), saving the billing details a 424
 * asked for, and the card processor's tokenisation (card numbers go to the processor only, never
 * to the platform). Removing a card and choosing the default card are in `baskets.ts` (`cardsCalls`).
 */

const nonEmpty = () => z.string().check(z.minLength(1));

/** A consent term (identity-and-routes.md §3 "Consent term"). */
export const consentTermSchema = z.looseObject({
  fieldName: nonEmpty(),
  fieldType: z.string(),
  label: z.optional(z.string()),
  text: z.optional(z.string()),
  required: z.optional(z.boolean()),
  defaultValue: z.optional(z.nullable(z.union([z.boolean(), z.string()]))),
});

/** A provider field with its functional purposes and country restriction (identity §3 "Auth provider"). */
export const providerFieldSchema = z.looseObject({
  id: nonEmpty(),
  type: z.string(),
  required: z.optional(z.boolean()),
  functionalPurpose: z.optional(z.union([z.array(z.string()), z.string()])),
  addressCountryRestriction: z.optional(
    z.looseObject({
      restrictionType: z.enum(['whitelist', 'blacklist']),
      elements: z.array(z.string()),
    }),
  ),
});

/**
 * `GET /api/v2/checkout/context` answer. `country` is the caller's ISO 3166-1 alpha-2 code;
 * `isChildProfile`, `inAllowedTerritory`, `onVpn` and `realmAllowsVpn` feed the domain's
 * `purchaseBlockReason`; `consentTerms` are the CONSENT step's terms; `fields` the provider
 * fields whose visibility the domain's restricted-field rule decides for `purpose`.
 */
export const checkoutContextSchema = z.looseObject({
  country: z.string(),
  isChildProfile: z.boolean(),
  inAllowedTerritory: z.boolean(),
  onVpn: z.boolean(),
  realmAllowsVpn: z.boolean(),
  purpose: z.string(),
  consentTerms: z.array(consentTermSchema),
  /** Field names of the terms a signed-in account has accepted (this project's field; absent for a guest). */
  recordedConsents: z.optional(z.array(z.string())),
  fields: z.array(providerFieldSchema),
});
export type CheckoutContext = z.infer<typeof checkoutContextSchema>;

/**
 * Billing details the payer gives after a 424 `BASKET_REQUIREMENTS_FAILED`: address fields by
 * the platform's field names (`postalCode`, `line1`, `administrativeLevel1`, …), `birthDate`
 * `YYYY-MM-DD`, `taxNumber` digits (a Brazilian CPF may keep its `000.000.000-00` punctuation),
 * `phoneNumber` E.164. Every field is optional; only those given are stored.
 */
export const billingDetailsSchema = z.object({
  country: z.optional(z.string().check(z.length(2))),
  address: z.optional(z.record(z.string(), z.string())),
  birthDate: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  taxNumber: z.optional(nonEmpty()),
  phoneNumber: z.optional(z.string().check(z.regex(/^\+[1-9]\d{6,14}$/))),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** What the card form sends to the processor: digits, expiry month 1–12, four-digit year, CVC. */
export const cardTokenRequestSchema = z.object({
  number: z.string().check(z.regex(/^\d{12,19}$/)),
  expMonth: z.int().check(z.gte(1), z.lte(12)),
  expYear: z.int().check(z.gte(2000), z.lte(2100)),
  cvc: z.string().check(z.regex(/^\d{3,4}$/)),
});
export type CardTokenRequest = z.infer<typeof cardTokenRequestSchema>;

/** The processor's token for a card: the only card data the platform ever sees. */
export const cardTokenSchema = z.looseObject({
  token: nonEmpty(),
  brand: z.optional(z.string()),
  last4: z.optional(z.string()),
  expMonth: z.optional(z.int()),
  expYear: z.optional(z.int()),
});
export type CardToken = z.infer<typeof cardTokenSchema>;

/** The `checkout` area (`calls.checkout`; this project's paths, docs/api.md "Checkout"). */
export const checkoutCalls = {
  /**
   * `GET /api/v2/checkout/context` (guests too: a guest's block is known before sign-up):
   * `{ country, isChildProfile, inAllowedTerritory, onVpn, realmAllowsVpn, purpose, consentTerms,
   * recordedConsents?, fields }`, what the journey needs for the domain's `purchaseBlockReason`,
   * consent and restricted-field rules.
   */
  context: defineCall({
    name: 'checkout.context',
    method: 'GET',
    path: '/api/v2/checkout/context',
    response: checkoutContextSchema,
    auth: 'optional',
  }),
  /**
   * `PUT /api/v2/customer/billing-details { country?, address?, birthDate? (YYYY-MM-DD),
   * taxNumber?, phoneNumber? (E.164) }`: stores the billing details a 424 asked for; answers what
   * is stored, `{ address? }`. Errors: 401 without a session, 400 for a malformed value.
   */
  saveBillingDetails: defineCall({
    name: 'checkout.saveBillingDetails',
    method: 'PUT',
    path: '/api/v2/customer/billing-details',
    body: billingDetailsSchema,
    response: z.looseObject({ address: z.optional(z.record(z.string(), z.string())) }),
    auth: 'required',
  }),
};

/**
 * The `processor` area (`calls.processor`): the card processor's own host, not the platform's,
 * so the platform client has no `processor` area (the card form uses `createCardProcessor`).
 */
export const processorCalls = {
  /**
   * `POST {processor}/v1/tokens { number, expMonth, expYear, cvc }` (the sandbox's processor:
   * `/_processor/v1/tokens`): `{ token, brand?, last4?, expMonth?, expYear? }`. No realm, API key
   * or bearer. Errors: 402 with a card code (`incorrect_number`, `invalid_expiry_year`).
   */
  tokens: defineCall({
    name: 'processor.tokens',
    method: 'POST',
    path: '/v1/tokens',
    body: cardTokenRequestSchema,
    response: cardTokenSchema,
    auth: 'none',
  }),
};
