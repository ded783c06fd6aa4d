/**
 * Scheduled downgrades (docs/api.md "Plan changes"): a downgrade `POST /active-licences/:id/downgrade`
 * scheduled takes effect when the sandbox clock passes the held licence's period end. Applied by
 * every read of an account's licences (`repository.ts`), before the rows are settled.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { SandboxDb } from '../db/open.js';
import { accountLicences, licences, paymentDetails } from '../db/schema.js';
import { addPeriod } from './period.js';
import { startedRow, subscriptionPeriod } from './state.js';

/**
 * Applies the account's scheduled downgrades whose period end (the held licence's stored
 * expiry) the sandbox clock has passed: the held licence ends there (no renewal), and the lower
 * licence starts there, ACTIVE and auto-renewing (its later renewals follow as for any
 * subscription), paid by the same card. Written, so every later read sees it. A paused licence
 * keeps its schedule until it resumes.
 */
export async function applyScheduledChanges(db: SandboxDb, userId: string, now: Date): Promise<void> {
  const due = await db
    .select({ row: accountLicences })
    .from(accountLicences)
    .where(and(eq(accountLicences.userId, userId), isNotNull(accountLicences.scheduledChange)));
  for (const { row } of due) {
    const change = row.scheduledChange;
    if (!change || row.pausedAt || !row.expiresAt || row.expiresAt.getTime() > now.getTime()) continue;
    const at = row.expiresAt;
    await db.transaction(async (tx) => {
      await tx
        .update(accountLicences)
        .set({ autoRenewing: false, scheduledChange: null, updatedAt: now })
        .where(eq(accountLicences.id, row.id));
      if (row.status !== 'ACTIVE') return;
      const [target] = await tx.select().from(licences).where(eq(licences.id, change.licenceId)).limit(1);
      const period = target ? subscriptionPeriod(target) : undefined;
      if (!target || !period) return;
      const values = startedRow(target, { autoRenewing: true, startedAt: at, expiresAt: addPeriod(at, period), trialEndsAt: null, updatedAt: now });
      await tx
        .insert(accountLicences)
        .values({ ...values, id: randomUUID(), userId, licenceId: target.id, createdAt: now })
        .onConflictDoUpdate({ target: [accountLicences.userId, accountLicences.licenceId], set: values });
      // The card that paid for the held licence pays for the lower one.
      const cards = await tx.select().from(paymentDetails).where(eq(paymentDetails.userId, userId));
      for (const card of cards) {
        if (!card.licenceIds.includes(row.licenceId) || card.licenceIds.includes(target.id)) continue;
        await tx.update(paymentDetails).set({ licenceIds: [...card.licenceIds, target.id] }).where(eq(paymentDetails.exid, card.exid));
      }
    });
  }
}
