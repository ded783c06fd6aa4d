/**
 * The catalogue anchor (docs/sandbox.md "Catalogue"): the moment the catalogue's times count
 * from. Events, releases, news and fight dates are stored as offsets from it; the handlers add
 * them to it at request time, so nothing in the catalogue goes stale:
 * - every start sets it to the sandbox clock's current hour (real clock plus the
 *   `POST /_sandbox/clock` offset), so a fresh sandbox has events live now and upcoming ones;
 * - while the sandbox clock stays within a day before it and fifteen days after it (the upcoming
 *   events span two weeks), it stays put, so moving the clock past an event's start makes the
 *   event live, then ended;
 * - when the clock leaves that window (a licence test a year ahead, or the clock set back), the
 *   next read moves it to the clock's current hour again.
 * The programme guide does not use it: its week repeats (`guide.ts`).
 */
import { eq } from 'drizzle-orm';
import type { SandboxDb } from '../db/open.js';
import { settings } from '../db/schema.js';

/** The `settings` key of the anchor (epoch milliseconds, as text). */
export const CATALOGUE_ANCHOR_KEY = 'catalogue_anchor_ms';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How far before and after the anchor the sandbox clock may be before the anchor moves, in milliseconds. */
export const ANCHOR_WINDOW_MS = { before: DAY_MS, after: 15 * DAY_MS } as const;

/** The anchor for a clock reading: the start of its hour (UTC), in epoch milliseconds. */
export function anchorFor(nowMs: number): number {
  return Math.floor(nowMs / HOUR_MS) * HOUR_MS;
}

/** True when the clock reading `nowMs` is in the anchor's window (see the module comment). */
export function anchorHolds(anchorMs: number, nowMs: number): boolean {
  return nowMs >= anchorMs - ANCHOR_WINDOW_MS.before && nowMs < anchorMs + ANCHOR_WINDOW_MS.after;
}

/** Stores the anchor. */
export async function writeAnchor(db: Pick<SandboxDb, 'insert'>, anchorMs: number): Promise<void> {
  const value = String(anchorMs);
  await db.insert(settings).values({ key: CATALOGUE_ANCHOR_KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** The anchor for a request at sandbox time `now`: the stored one while it holds, else a new one, stored. */
export async function catalogueAnchor(db: SandboxDb, now: Date): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, CATALOGUE_ANCHOR_KEY)).limit(1);
  const stored = row ? Number(row.value) : Number.NaN;
  if (Number.isFinite(stored) && anchorHolds(stored, now.getTime())) return stored;
  const anchor = anchorFor(now.getTime());
  await writeAnchor(db, anchor);
  return anchor;
}
