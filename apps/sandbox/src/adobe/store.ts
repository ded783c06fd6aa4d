/**
 * The Adobe Pass emulation's and the device PIN login's state (docs/sandbox.md "Adobe Pass and
 * TV"). Durable state is in the database, so a restart on the same data directory keeps it: DCR
 * clients (`adobe_clients`, SHA-256 of the secret), regcodes and their operator authentications
 * (`adobe_regcodes`, SHA-256 of the DCR access token), device PINs (`adobe_device_pins`, SHA-256
 * of the TV's polling anchor) and external licence codes (`adobe_licence_codes`, SHA-256 of the
 * code). Expired rows are swept on every write.
 *
 * In memory, per app (a restart forgets them): the rate-limit counters (`allow`/`exhausted`) and
 * the one-shot sandbox controls (`armControl`/`takeControl`), which are test controls.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { SandboxDb } from '../db/open.js';
import { adobeClients, adobeDevicePins, adobeLicenceCodes, adobeRegcodes } from '../db/schema.js';

/** A regcode's life: 30 minutes (Adobe's), during which it may be authenticated and exchanged again. */
export const REGCODE_TTL_MS = 30 * 60 * 1000;
/** A device PIN's life. */
export const DEVICE_PIN_TTL_MS = 10 * 60 * 1000;
/** An external licence code's life. */
export const LICENCE_CODE_TTL_MS = 10 * 60 * 1000;
/** How often the TV should poll (seconds). */
export const DEVICE_PIN_POLL_S = 2;

/** Letters and digits a person reads off a TV without confusion (no 0/O, 1/I). */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `length` random characters of {@link READABLE} (rejection sampling: no bias). */
export function readableCode(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 256 - (256 % READABLE.length) && out.length < length) out += READABLE[byte % READABLE.length];
    }
  }
  return out;
}

/** An opaque random token (base64url, 32 bytes). */
export const opaqueToken = () => randomBytes(32).toString('base64url');

/** SHA-256 (hex) of a secret the sandbox keeps only as a hash. */
const sha256 = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** The operator authentication of a regcode. */
export interface Authentication {
  mvpdId: string;
  /** The operator account's email (its key in `OPERATOR_ACCOUNTS`). */
  email: string;
  at: number;
}

/** A registration code. */
export interface Regcode {
  code: string;
  realm: string;
  requestorId: string;
  /** The `x-device-id` of the regcode call. */
  deviceId: string;
  /** The signed-in account of the regcode call, when a bearer was sent. */
  userId?: string;
  /** DCR: the client the regcode was made for. */
  clientId?: string;
  expiresAt: number;
  authn?: Authentication;
}

/** A device PIN (the anchor is only known when it is created: the table keeps its hash). */
export interface DevicePinEntry {
  pin: string;
  realm: string;
  expiresAt: number;
  /** Set by the confirmation; the TV's next poll gets a session of this account. */
  userId?: string;
  /** The tokens were handed to the TV: every later poll answers expired. */
  delivered: boolean;
}

/** An external licence provider's authorisation code. */
export interface LicenceCode {
  userId: string;
  licenceId: string;
  redirectTo?: string;
  expiresAt: number;
}

/** The one-shot sandbox controls and the statuses they force. */
export interface Controls {
  regcode: 400;
  signIn: 400 | 412;
}

/** What a TV's poll finds: nothing, the PIN as it is, or the account it was just delivered to (once). */
export type PinPoll = { kind: 'unknown' } | { kind: 'deliver'; userId: string } | { kind: 'state'; entry: DevicePinEntry };

type RegcodeRow = typeof adobeRegcodes.$inferSelect;

function toRegcode(row: RegcodeRow): Regcode {
  const regcode: Regcode = { code: row.code, realm: row.realm, requestorId: row.requestorId, deviceId: row.deviceId, expiresAt: row.expiresAt.getTime() };
  if (row.userId) regcode.userId = row.userId;
  if (row.clientId) regcode.clientId = row.clientId;
  if (row.authnMvpdId && row.authnEmail && row.authnAt) regcode.authn = { mvpdId: row.authnMvpdId, email: row.authnEmail, at: row.authnAt.getTime() };
  return regcode;
}

/** The state of one app over its database (see the module comment). */
export class AdobeStore {
  /** One-shot controls: `kind \n realm \n deviceId` (empty device id: the whole realm) → status. */
  private readonly controls = new Map<string, number>();
  /** Sliding-window counters (rate limits): key → timestamps. */
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly db: SandboxDb,
    private readonly now: () => number,
  ) {}

  /** Registers a DCR client: keeps the SHA-256 of `secret`. */
  async addClient(clientId: string, secret: string): Promise<void> {
    await this.db.insert(adobeClients).values({ clientId, secretHash: sha256(secret), createdAt: new Date(this.now()) });
  }

  /** Whether `clientId` is a registered client with `secret` (hashes compared in constant time). */
  async clientMatches(clientId: string, secret: string): Promise<boolean> {
    const [row] = await this.db.select({ secretHash: adobeClients.secretHash }).from(adobeClients).where(eq(adobeClients.clientId, clientId)).limit(1);
    const given = Buffer.from(sha256(secret), 'hex');
    const stored = Buffer.from(row?.secretHash ?? '', 'hex');
    return stored.length === given.length && timingSafeEqual(stored, given);
  }

  /**
   * Creates a regcode valid {@link REGCODE_TTL_MS}; with `withAccessToken` also a DCR access
   * token, returned here only (the table keeps its hash).
   */
  async createRegcode(facts: Omit<Regcode, 'code' | 'expiresAt' | 'authn'> & { withAccessToken: boolean }): Promise<Regcode & { accessToken?: string }> {
    await this.sweep();
    const { withAccessToken, ...rest } = facts;
    const now = this.now();
    const accessToken = withAccessToken ? opaqueToken() : undefined;
    for (;;) {
      const code = readableCode(7);
      const [row] = await this.db
        .insert(adobeRegcodes)
        .values({
          code,
          realm: rest.realm,
          requestorId: rest.requestorId,
          deviceId: rest.deviceId,
          userId: rest.userId ?? null,
          clientId: rest.clientId ?? null,
          accessTokenHash: accessToken ? sha256(accessToken) : null,
          createdAt: new Date(now),
          expiresAt: new Date(now + REGCODE_TTL_MS),
        })
        .onConflictDoNothing({ target: adobeRegcodes.code })
        .returning();
      if (row) return accessToken ? { ...toRegcode(row), accessToken } : toRegcode(row);
    }
  }

  /** The live regcode `code`, if any. */
  async regcode(code: string): Promise<Regcode | undefined> {
    return this.liveRegcode(eq(adobeRegcodes.code, code));
  }

  /** The live regcode behind a DCR access token, if any. */
  async regcodeByAccessToken(token: string): Promise<Regcode | undefined> {
    return this.liveRegcode(eq(adobeRegcodes.accessTokenHash, sha256(token)));
  }

  /** The device's latest live regcode for `requestorId` in `realm`, if any. */
  async deviceRegcode(realm: string, deviceId: string, requestorId: string): Promise<Regcode | undefined> {
    return this.liveRegcode(and(eq(adobeRegcodes.realm, realm), eq(adobeRegcodes.deviceId, deviceId), eq(adobeRegcodes.requestorId, requestorId)));
  }

  private async liveRegcode(where: SQL | undefined): Promise<Regcode | undefined> {
    const [row] = await this.db
      .select()
      .from(adobeRegcodes)
      .where(and(where, gt(adobeRegcodes.expiresAt, new Date(this.now()))))
      .orderBy(desc(adobeRegcodes.createdAt), desc(adobeRegcodes.seq))
      .limit(1);
    return row ? toRegcode(row) : undefined;
  }

  /** Records the operator authentication of regcode `code` (a later one replaces it). */
  async authenticate(code: string, authn: Authentication): Promise<void> {
    await this.db
      .update(adobeRegcodes)
      .set({ authnMvpdId: authn.mvpdId, authnEmail: authn.email, authnAt: new Date(authn.at) })
      .where(eq(adobeRegcodes.code, code));
  }

  /** Creates a device PIN valid {@link DEVICE_PIN_TTL_MS}; the anchor is returned here only (the table keeps its hash). */
  async createPin(realm: string): Promise<DevicePinEntry & { anchor: string }> {
    await this.sweep();
    const anchor = opaqueToken();
    const expiresAt = this.now() + DEVICE_PIN_TTL_MS;
    for (;;) {
      const pin = readableCode(8);
      const [row] = await this.db
        .insert(adobeDevicePins)
        .values({ anchorHash: sha256(anchor), pin, realm, expiresAt: new Date(expiresAt) })
        .onConflictDoNothing()
        .returning({ pin: adobeDevicePins.pin });
      if (row) return { pin: row.pin, anchor, realm, expiresAt, delivered: false };
    }
  }

  /**
   * Confirms the PIN `pin` of `realm` for `userId` when it can still be confirmed (live,
   * unconfirmed, undelivered), atomically; whether it was.
   */
  async confirmPin(realm: string, pin: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .update(adobeDevicePins)
      .set({ userId })
      .where(
        and(
          eq(adobeDevicePins.pin, pin),
          eq(adobeDevicePins.realm, realm),
          gt(adobeDevicePins.expiresAt, new Date(this.now())),
          isNull(adobeDevicePins.userId),
          eq(adobeDevicePins.delivered, false),
        ),
      )
      .returning({ pin: adobeDevicePins.pin });
    return rows.length > 0;
  }

  /**
   * A TV's poll with `anchor` in `realm`: `deliver` (once: the PIN is marked delivered
   * atomically) when it was confirmed, else the PIN's state, or `unknown`.
   */
  async pollPin(realm: string, anchor: string): Promise<PinPoll> {
    const anchorHash = sha256(anchor);
    const [delivered] = await this.db
      .update(adobeDevicePins)
      .set({ delivered: true })
      .where(and(eq(adobeDevicePins.anchorHash, anchorHash), eq(adobeDevicePins.realm, realm), isNotNull(adobeDevicePins.userId), eq(adobeDevicePins.delivered, false)))
      .returning({ userId: adobeDevicePins.userId });
    if (delivered?.userId) return { kind: 'deliver', userId: delivered.userId };
    const [row] = await this.db.select().from(adobeDevicePins).where(eq(adobeDevicePins.anchorHash, anchorHash)).limit(1);
    if (!row || row.realm !== realm) return { kind: 'unknown' };
    const entry: DevicePinEntry = { pin: row.pin, realm: row.realm, expiresAt: row.expiresAt.getTime(), delivered: row.delivered };
    if (row.userId) entry.userId = row.userId;
    return { kind: 'state', entry };
  }

  /** Creates an external licence code valid {@link LICENCE_CODE_TTL_MS}; the code is returned here only (the table keeps its hash). */
  async createLicenceCode(facts: Omit<LicenceCode, 'expiresAt'>): Promise<string> {
    await this.sweep();
    const code = opaqueToken();
    await this.db
      .insert(adobeLicenceCodes)
      .values({ codeHash: sha256(code), userId: facts.userId, licenceId: facts.licenceId, redirectTo: facts.redirectTo ?? null, expiresAt: new Date(this.now() + LICENCE_CODE_TTL_MS) });
    return code;
  }

  /**
   * Redeems licence code `code`: deletes it (`DELETE … RETURNING`, so of two concurrent
   * redemptions one wins) and answers its facts when it was live, else undefined.
   */
  async redeemLicenceCode(code: string): Promise<LicenceCode | undefined> {
    const [row] = await this.db.delete(adobeLicenceCodes).where(eq(adobeLicenceCodes.codeHash, sha256(code))).returning();
    if (!row || row.expiresAt.getTime() <= this.now()) return undefined;
    return row.redirectTo ? { userId: row.userId, licenceId: row.licenceId, redirectTo: row.redirectTo, expiresAt: row.expiresAt.getTime() } : { userId: row.userId, licenceId: row.licenceId, expiresAt: row.expiresAt.getTime() };
  }

  /** Arms the one-shot control `kind` of `realm`, for one device when `deviceId` is given. */
  armControl<K extends keyof Controls>(kind: K, realm: string, deviceId: string | undefined, status: Controls[K]): void {
    this.controls.set(controlKey(kind, realm, deviceId ?? ''), status);
  }

  /**
   * Takes (disarms and answers) the control `kind` that applies to a call of `deviceId` in
   * `realm`: the device's own first, else the realm-wide one; undefined when none is armed.
   */
  takeControl<K extends keyof Controls>(kind: K, realm: string, deviceId: string): Controls[K] | undefined {
    for (const key of [controlKey(kind, realm, deviceId), controlKey(kind, realm, '')]) {
      const status = this.controls.get(key);
      if (status === undefined) continue;
      this.controls.delete(key);
      return status as Controls[K];
    }
    return undefined;
  }

  /**
   * Counts one hit of `key` and answers whether it stays within `limit` hits per `windowMs`
   * (the hit is counted either way).
   */
  allow(key: string, limit: number, windowMs: number): boolean {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - windowMs);
    recent.push(now);
    this.hits.set(key, recent);
    return recent.length <= limit;
  }

  /** Whether `key` already has `limit` hits in the last `windowMs` (nothing counted). */
  exhausted(key: string, limit: number, windowMs: number): boolean {
    const now = this.now();
    return (this.hits.get(key) ?? []).filter((at) => at > now - windowMs).length >= limit;
  }

  /** Drops expired regcodes, PINs and licence codes, and old rate-limit hits. */
  private async sweep(): Promise<void> {
    const now = this.now();
    await this.db.delete(adobeRegcodes).where(lte(adobeRegcodes.expiresAt, new Date(now)));
    // A PIN is kept a while after it expires, so that the TV's poll answers `expired`, not 404.
    await this.db.delete(adobeDevicePins).where(lte(adobeDevicePins.expiresAt, new Date(now - DEVICE_PIN_TTL_MS)));
    await this.db.delete(adobeLicenceCodes).where(lte(adobeLicenceCodes.expiresAt, new Date(now)));
    for (const [key, times] of this.hits) if (times.every((at) => at <= now - 60 * 60 * 1000)) this.hits.delete(key);
  }
}

const controlKey = (kind: keyof Controls, realm: string, deviceId: string) => `${kind}\n${realm}\n${deviceId}`;
