/**
 * Concurrent streams (issue 17; docs/api.md "Concurrent streams"; `calls.streamLeases`): a
 * signed-in viewer's playback start takes a lease of the account (at most the realm's
 * `CONCURRENT_STREAM_LIMIT` live at once), the heartbeat renews leases, the list shows the live
 * ones with their devices, and any device of the account stops one. The rules are core's
 * `streamLeases.ts`; times are the sandbox clock. A start's check and insert, and a heartbeat's
 * read and renewal, run in one transaction holding the account's `users` row (`FOR UPDATE`), so
 * that concurrent starts never grant more than the limit and a renewal never revives a lease a
 * start has counted as expired.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { calls, CONCURRENCY_LIMIT_MESSAGE, type LeaseState, type LiveStream } from '@stream/core/contracts';
import { concurrentStreamLimit, heartbeatLease, leaseExpiresAtMs, leaseStatus, liveLeases, STREAM_HEARTBEAT_INTERVAL_MS, STREAM_LEASE_TTL_MS, streamStartDecision, type StreamLease } from '@stream/core/domain';
import type { SandboxDb } from '../db/open.js';
import { streamLeases, users } from '../db/schema.js';
import { ApiHttpError } from '../errors.js';
import { CONCURRENT_STREAM_LIMIT } from '../seed/realm.js';
import { deviceNameOf } from '../streams/deviceName.js';
import type { RouteContext } from './context.js';
import { playbackAnswer } from './content.js';

const S = calls.streamLeases;
type LeaseRow = typeof streamLeases.$inferSelect;
type Tx = Parameters<Parameters<SandboxDb['transaction']>[0]>[0];

/** A row as core's rules see it. */
const asLease = (row: LeaseRow): StreamLease & { row: LeaseRow } => ({
  leaseId: row.id,
  startedAtMs: row.startedAt.getTime(),
  renewedAtMs: row.renewedAt.getTime(),
  stoppedAtMs: row.stoppedAt?.getTime() ?? null,
  row,
});

/** A live lease as the list and the 429's `details.streams` show it. */
const liveStream = (row: LeaseRow, deviceId: string): LiveStream => ({
  leaseId: row.id,
  deviceName: row.deviceName,
  type: row.contentType,
  titleId: row.titleId,
  startedAt: row.startedAt.toISOString(),
  expiresAt: new Date(leaseExpiresAtMs({ renewedAtMs: row.renewedAt.getTime() })).toISOString(),
  thisDevice: row.deviceId === deviceId,
});

/** Registers every call of `calls.streamLeases`. */
export function registerStreamLeaseRoutes(ctx: RouteContext): void {
  const { db, route } = ctx;
  const limit = concurrentStreamLimit(CONCURRENT_STREAM_LIMIT);

  /**
   * Runs `work` in a transaction holding the account's `users` row, with the sandbox clock read
   * once the row is held (`now`, epoch ms): the offset is read first (outside the transaction),
   * the real clock inside it.
   */
  async function underAccountLock<T>(userId: string, work: (tx: Tx, nowMs: number) => Promise<T>): Promise<T> {
    const offsetMs = (await ctx.sandboxNow()).getTime() - ctx.now();
    return db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      return work(tx, ctx.now() + offsetMs);
    });
  }

  /** The account's leases that may be live at `nowMs` (not stopped, renewed within the TTL), oldest first. */
  const candidates = (q: Tx | SandboxDb, userId: string, nowMs: number) =>
    q
      .select()
      .from(streamLeases)
      .where(and(eq(streamLeases.userId, userId), isNull(streamLeases.stoppedAt), gt(streamLeases.renewedAt, new Date(nowMs - STREAM_LEASE_TTL_MS))))
      .orderBy(asc(streamLeases.startedAt), asc(streamLeases.id));

  // POST /api/v2/playback/:type/:id: the playback answer, and a lease for a signed-in viewer.
  route(S.start, async ({ params, body }, c) => {
    const claims = await ctx.optionalUser(c);
    // The licence, the title and the live window are checked as GET checks them (403, 404, 409).
    const playback = await playbackAnswer(ctx, c, params, claims);
    if (!claims) return playback; // a guest (free titles only) takes no lease
    const deviceId = c.get('deviceId');
    const deviceName = deviceNameOf(body?.deviceName, c.req.header('user-agent'));
    const lease = await underAccountLock(claims.sub, async (tx, nowMs) => {
      const rows = (await candidates(tx, claims.sub, nowMs)).map(asLease);
      const decision = streamStartDecision(rows, nowMs, limit);
      if (!decision.allowed) {
        const streams = decision.holders.map((held) => liveStream(held.row, deviceId));
        throw new ApiHttpError(429, 'CONCURRENCY_LIMIT', [CONCURRENCY_LIMIT_MESSAGE], { limit: decision.limit, streams });
      }
      const now = new Date(nowMs);
      const [row] = await tx
        .insert(streamLeases)
        .values({
          id: randomUUID(),
          userId: claims.sub,
          deviceId,
          deviceName,
          contentType: params.type.toUpperCase(),
          titleId: params.id,
          startedAt: now,
          renewedAt: now,
        })
        .returning();
      return row!;
    });
    ctx.autoAnalyze.changed('stream_leases');
    return {
      ...playback,
      leaseId: lease.id,
      heartbeatIntervalMs: STREAM_HEARTBEAT_INTERVAL_MS,
      leaseExpiresAt: new Date(leaseExpiresAtMs({ renewedAtMs: lease.renewedAt.getTime() })).toISOString(),
    };
  });

  // POST /api/v1/multiviewHeartbeat: renews the account's ACTIVE leases asked; answers each one's status.
  route(S.heartbeat, async ({ body }, c) => {
    const claims = await ctx.requireUser(c);
    const ids = 'leaseIds' in body ? body.leaseIds : [body.leaseId];
    const leases = await underAccountLock(claims.sub, async (tx, nowMs) => {
      const rows = await tx
        .select()
        .from(streamLeases)
        .where(and(eq(streamLeases.userId, claims.sub), inArray(streamLeases.id, [...new Set(ids)])));
      const byId = new Map(rows.map((row) => [row.id, asLease(row)]));
      const renewed = new Map<string, LeaseState>();
      for (const id of new Set(ids)) {
        const { status, lease } = heartbeatLease(byId.get(id), nowMs);
        if (status === 'ACTIVE' && lease) {
          await tx.update(streamLeases).set({ renewedAt: new Date(lease.renewedAtMs) }).where(eq(streamLeases.id, id));
          renewed.set(id, { leaseId: id, status, expiresAt: new Date(leaseExpiresAtMs(lease)).toISOString() });
        } else renewed.set(id, { leaseId: id, status });
      }
      return ids.map((id) => renewed.get(id)!);
    });
    return { leases, heartbeatIntervalMs: STREAM_HEARTBEAT_INTERVAL_MS };
  });

  // GET /api/v2/streams: the account's live streams, oldest first.
  route(S.list, async (_, c) => {
    const claims = await ctx.requireUser(c);
    const nowMs = (await ctx.sandboxNow()).getTime();
    const rows = liveLeases((await candidates(db, claims.sub, nowMs)).map(asLease), nowMs);
    return { items: rows.map((lease) => liveStream(lease.row, c.get('deviceId'))), limit };
  });

  // DELETE /api/v2/streams/:leaseId: stops a lease of the account; idempotent; 404 for any other.
  route(S.stop, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const nowMs = (await ctx.sandboxNow()).getTime();
    const [row] = await db
      .select()
      .from(streamLeases)
      .where(and(eq(streamLeases.id, params.leaseId), eq(streamLeases.userId, claims.sub)))
      .limit(1);
    if (!row) throw new ApiHttpError(404, 'NOT_FOUND', [`No stream ${params.leaseId}`]);
    const status = leaseStatus(asLease(row), nowMs);
    if (status === 'ACTIVE') {
      await db.update(streamLeases).set({ stoppedAt: new Date(nowMs) }).where(eq(streamLeases.id, row.id));
      ctx.autoAnalyze.changed('stream_leases');
    }
    return { leaseId: row.id, status: status === 'ACTIVE' ? 'STOPPED' : status };
  });
}
