/**
 * Reading and writing account licences. Every read settles the rows to the sandbox clock (see
 * `state.ts`) without writing; every lifecycle change writes the settled row with the change.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Licence } from '@stream/core/contracts';
import type { SandboxDb } from '../db/open.js';
import { accountLicences, licences, paymentDetails } from '../db/schema.js';
import { ApiHttpError } from '../errors.js';
import { applyScheduledChanges } from './scheduledChanges.js';
import { settle, toAccountLicence, type AccountLicenceRow, type CatalogueRow } from './state.js';

/** A settled account licence with its catalogue entry and the payment details paying for it. */
export interface HeldLicence {
  row: AccountLicenceRow;
  cat: CatalogueRow;
  /** The exid of the account's payment details (a card) the licence is attached to, or null (none: seeded, granted, or its card was removed). */
  cardId: string | null;
}

/** licence id → the exid of the account's payment details attached to it. */
async function attachedDetails(db: SandboxDb, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ exid: paymentDetails.exid, licenceIds: paymentDetails.licenceIds })
    .from(paymentDetails)
    .where(eq(paymentDetails.userId, userId));
  const byLicence = new Map<string, string>();
  for (const row of rows) for (const licenceId of row.licenceIds) if (!byLicence.has(licenceId)) byLicence.set(licenceId, row.exid);
  return byLicence;
}

/** The active catalogue, in display order. */
export async function loadCatalogue(db: SandboxDb): Promise<CatalogueRow[]> {
  return db.select().from(licences).where(eq(licences.active, true)).orderBy(asc(licences.sortOrder), asc(licences.id));
}

/** Every licence `userId` holds, settled at `now` (scheduled downgrades applied first), in catalogue order. */
export async function loadHeld(db: SandboxDb, userId: string, now: Date): Promise<HeldLicence[]> {
  await applyScheduledChanges(db, userId, now);
  const rows = await db
    .select({ row: accountLicences, cat: licences })
    .from(accountLicences)
    .innerJoin(licences, eq(licences.id, accountLicences.licenceId))
    .where(eq(accountLicences.userId, userId))
    .orderBy(asc(licences.sortOrder), asc(accountLicences.createdAt));
  const cards = rows.length > 0 ? await attachedDetails(db, userId) : new Map<string, string>();
  return rows.map(({ row, cat }) => ({ row: settle(row, cat, now), cat, cardId: cards.get(cat.id) ?? null }));
}

/** The licence `licenceId` that `userId` holds, settled; 404 `NOT_FOUND` when the account does not hold it. */
export async function loadOneHeld(db: SandboxDb, userId: string, licenceId: string, now: Date): Promise<HeldLicence> {
  await applyScheduledChanges(db, userId, now);
  const [found] = await db
    .select({ row: accountLicences, cat: licences })
    .from(accountLicences)
    .innerJoin(licences, eq(licences.id, accountLicences.licenceId))
    .where(and(eq(accountLicences.userId, userId), eq(accountLicences.licenceId, licenceId)))
    .limit(1);
  if (!found) throw notHeld(licenceId);
  const cards = await attachedDetails(db, userId);
  return { row: settle(found.row, found.cat, now), cat: found.cat, cardId: cards.get(found.cat.id) ?? null };
}

/** 404 for a licence the caller does not hold. */
export function notHeld(licenceId: string): ApiHttpError {
  return new ApiHttpError(404, 'NOT_FOUND', [`No licence ${licenceId} on this account`]);
}

/**
 * Writes `changes` over the settled `held.row` (so renewals and ended pauses are kept) and answers
 * the licence as it now stands.
 */
export async function saveHeld(
  db: SandboxDb,
  held: HeldLicence,
  changes: Partial<AccountLicenceRow>,
  now: Date,
): Promise<Licence> {
  const { id, userId, licenceId, createdAt, ...settled } = held.row;
  const next = { ...settled, ...changes, updatedAt: now };
  await db.update(accountLicences).set(next).where(eq(accountLicences.id, id));
  const row = settle({ ...held.row, ...next }, held.cat, now);
  return toAccountLicence(row, held.cat, now, held.cardId);
}
