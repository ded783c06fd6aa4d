import { eq } from 'drizzle-orm';
import type { SandboxDb } from '../db/open.js';
import { settings } from '../db/schema.js';

/** Settings key of the sandbox clock's offset from the real clock, in milliseconds. */
export const CLOCK_OFFSET_KEY = 'sandbox_clock_offset_ms';

/**
 * The sandbox clock's offset (ms) from the app's real clock; 0 when unset. The sandbox clock is
 * what licence statuses, renewals, trials, pauses, discounts and playback entitlement are
 * computed with; access tokens and media tokens stay on the real clock.
 */
export async function readClockOffset(db: SandboxDb): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, CLOCK_OFFSET_KEY)).limit(1);
  const offset = row ? Number(row.value) : 0;
  return Number.isFinite(offset) ? offset : 0;
}

/** Stores the offset (null or 0 removes it: the sandbox clock is the real one again). */
export async function writeClockOffset(db: SandboxDb, offsetMs: number | null): Promise<void> {
  if (!offsetMs) {
    await db.delete(settings).where(eq(settings.key, CLOCK_OFFSET_KEY));
    return;
  }
  await db
    .insert(settings)
    .values({ key: CLOCK_OFFSET_KEY, value: String(offsetMs) })
    .onConflictDoUpdate({ target: settings.key, set: { value: String(offsetMs) } });
}
