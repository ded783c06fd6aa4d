/**
 * The checkout's own calls (this project's paths, docs/api.md "Checkout"; contracts in
 * `@stream/core/contracts` `contracts/checkout.ts`): what the purchase journey must know before it
 * starts (`GET /api/v2/checkout/context`), saving the billing details a 424 asked for
 * (`PUT /api/v2/customer/billing-details`), and the `/_sandbox/caller` control that sets the
 * buyer's situation (country, VPN, child profile, address).
 */
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { calls, type BillingDetails, type CheckoutContext } from '@stream/core/contracts';
import { acceptedConsents, isValidBrazilianTaxNumber } from '@stream/core/domain';
import type { SandboxEnv } from '../http/env.js';
import { users } from '../db/schema.js';
import { ApiHttpError, badRequest } from '../errors.js';
import { readJsonBody } from '../http/body.js';
import {
  DEFAULT_CALLER,
  DEFAULT_GB_ADDRESS,
  isSeededCountry,
  readCaller,
  readCallerRow,
  readSessionCaller,
  writeCaller,
  type CallerState,
} from '../payments/caller.js';
import { CHECKOUT_PURPOSE, CONSENT_TERMS, inAllowedTerritory, PROVIDER_FIELDS, REALM_ALLOWS_VPN } from '../seed/realm.js';
import type { RouteContext } from './context.js';

/** `POST /_sandbox/caller` body: who is buying, from where. */
export const callerRequestSchema = z.object({
  /** The account's email; or `guest`, a guest's subject (`guest:<uuid>`, the `sub` of its token). */
  email: z.optional(z.string().check(z.minLength(3))),
  guest: z.optional(z.string().check(z.regex(/^guest:[0-9a-f-]{36}$/))),
  country: z.optional(z.string().check(z.regex(/^[A-Za-z]{2}$/))),
  vpn: z.optional(z.boolean()),
  child: z.optional(z.boolean()),
  /** Billing address fields the account has (`postalCode`, `administrativeLevel1`, …). */
  address: z.optional(z.record(z.string(), z.string())),
});

/** Most address fields one billing-details call may store, and their sizes. */
const MAX_ADDRESS_FIELDS = 20;
const MAX_VALUE_LENGTH = 200;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const TAX_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,31}$/;
const BRAZILIAN_TAX_NUMBER = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;

/** Registers the checkout context, billing-details and caller-control routes on `app`. */
export function registerCheckoutRoutes(app: Hono<SandboxEnv>, ctx: RouteContext): void {
  const { db, route } = ctx;

  // GET /api/v2/checkout/context: guests too (a guest is the default GB caller unless the control set it).
  route(calls.checkout.context, async (_, c) => {
    const claims = await ctx.optionalUser(c);
    const guest = claims ? undefined : await ctx.optionalGuest(c);
    const caller = claims ? await readSessionCaller(db, claims) : guest ? await readCaller(db, guest) : DEFAULT_CALLER;
    const answer: CheckoutContext = {
      country: caller.country,
      isChildProfile: caller.child,
      inAllowedTerritory: inAllowedTerritory(caller.country),
      onVpn: caller.vpn,
      realmAllowsVpn: REALM_ALLOWS_VPN,
      purpose: CHECKOUT_PURPOSE,
      consentTerms: CONSENT_TERMS.map((term) => ({ ...term })),
      fields: PROVIDER_FIELDS.map((field) => structuredClone(field)),
    };
    if (claims) {
      // The terms this account has accepted (at sign-up or with a payment): the journey asks for the others.
      const [user] = await db.select({ consentAnswers: users.consentAnswers }).from(users).where(eq(users.id, claims.sub)).limit(1);
      answer.recordedConsents = acceptedConsents(user?.consentAnswers);
    }
    return answer;
  });

  // PUT /api/v2/customer/billing-details: country and address on the caller state; tax number,
  // birth date and phone number on the account (the profile shows them).
  route(calls.checkout.saveBillingDetails, async ({ body }, c) => {
    const claims = await ctx.requireUser(c);
    const stored = await readCallerRow(db, claims.sub);
    const country = body.country?.toUpperCase() ?? stored?.country ?? DEFAULT_CALLER.country;
    checkBillingDetails(body, country);

    let caller: CallerState = stored ?? { ...DEFAULT_CALLER, address: {} };
    if (body.country !== undefined || body.address !== undefined) {
      // The default caller is taken to have a complete GB address; it is written out with the first save.
      const before = stored ? stored.address : country === DEFAULT_CALLER.country ? { ...DEFAULT_GB_ADDRESS } : {};
      const address = mergeAddress(before, body.address ?? {});
      caller = { ...caller, country, address };
      await writeCaller(db, claims.sub, caller);
    }
    const profile: Partial<typeof users.$inferInsert> = {};
    if (body.taxNumber !== undefined) profile.taxNumber = body.taxNumber.trim();
    if (body.birthDate !== undefined) profile.birthDate = body.birthDate;
    if (body.phoneNumber !== undefined) profile.phoneNumber = body.phoneNumber;
    if (Object.keys(profile).length > 0) await db.update(users).set(profile).where(eq(users.id, claims.sub));
    return { address: caller.address, country: caller.country };
  });

  // POST /_sandbox/caller { email | guest, country?, vpn?, child?, address? }: the buyer's situation.
  app.post('/_sandbox/caller', async (c) => {
    const body = await readJsonBody(c, callerRequestSchema);
    if ((body.email === undefined) === (body.guest === undefined)) throw badRequest('give exactly one of email and guest');
    let subject: string;
    let email: string | undefined;
    if (body.email !== undefined) {
      email = body.email.trim().toLowerCase();
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (!user) throw new ApiHttpError(404, 'NOT_FOUND', [`No account with email ${body.email}`]);
      subject = user.id;
    } else {
      subject = body.guest!;
    }
    const before = await readCaller(db, subject);
    const country = body.country?.toUpperCase() ?? before.country;
    if (!isSeededCountry(country)) throw badRequest(`country: unknown country ${country}`);
    const next: CallerState = {
      country,
      vpn: body.vpn ?? before.vpn,
      child: body.child ?? before.child,
      address: body.address ?? before.address,
    };
    await writeCaller(db, subject, next);
    return c.json(email !== undefined ? { email, ...next } : { guest: subject, ...next });
  });
}

/**
 * What the contract cannot say about billing details: a seeded `country`; address field names
 * (letters and digits, starting with a letter), at most 20 of them, values at most 200
 * characters; a real calendar `birthDate` between 1900-01-01 and today; a tax number of letters,
 * digits and `. - /` (a Brazilian CPF: 11 digits, `000.000.000-00` punctuation allowed, with
 * correct check digits by core's `isValidBrazilianTaxNumber`, else messages `['taxNumberFieldIsInvalid']`).
 * 400 `BAD_REQUEST` (`field: reason`) otherwise; never a 500.
 */
function checkBillingDetails(body: BillingDetails, country: string): void {
  if (body.country !== undefined && !isSeededCountry(body.country)) throw badRequest(`country: unknown country ${body.country}`);
  const address = Object.entries(body.address ?? {});
  if (address.length > MAX_ADDRESS_FIELDS) throw badRequest(`address: at most ${MAX_ADDRESS_FIELDS} fields`);
  for (const [field, value] of address) {
    if (!FIELD_NAME.test(field)) throw badRequest(`address: invalid field name ${JSON.stringify(field.slice(0, 64))}`);
    if (value.length > MAX_VALUE_LENGTH) throw badRequest(`address.${field}: at most ${MAX_VALUE_LENGTH} characters`);
  }
  if (body.birthDate !== undefined) {
    const ms = Date.parse(`${body.birthDate}T00:00:00Z`);
    const real = !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === body.birthDate;
    if (!real) throw badRequest('birthDate: not a calendar date (YYYY-MM-DD)');
    if (body.birthDate < '1900-01-01' || ms > Date.now()) throw badRequest('birthDate: must be between 1900-01-01 and today');
  }
  if (body.taxNumber !== undefined) {
    const tax = body.taxNumber.trim();
    if (!TAX_NUMBER.test(tax)) throw badRequest('taxNumber: letters, digits and . - / only, at most 32 characters');
    if (country === 'BR' && (!BRAZILIAN_TAX_NUMBER.test(tax) || !isValidBrazilianTaxNumber(tax))) {
      throw new ApiHttpError(400, 'BAD_REQUEST', ['taxNumberFieldIsInvalid']);
    }
  }
}

/** `before` with the `given` fields trimmed over it; a blank value removes the field. */
function mergeAddress(before: Readonly<Record<string, string>>, given: Readonly<Record<string, string>>): Record<string, string> {
  const address: Record<string, string> = { ...before };
  for (const [field, value] of Object.entries(given)) {
    if (value.trim() === '') delete address[field];
    else address[field] = value.trim();
  }
  return address;
}
