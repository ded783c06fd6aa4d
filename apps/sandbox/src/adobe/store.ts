/**
 * The Adobe Pass emulation's and the device PIN login's state, in memory (a restart forgets it;
 * docs/sandbox.md "Adobe Pass and TV"): DCR clients, regcodes and their operator
 * authentications, device PINs, external licence codes, and the one-shot sandbox controls.
 * Expired entries are swept on every write.
 */
import { randomBytes } from 'node:crypto';

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
  /** DCR: the client the regcode was made for and the access token handed out with it. */
  clientId?: string;
  accessToken?: string;
  expiresAt: number;
  authn?: Authentication;
}

/** A device PIN. */
export interface DevicePinEntry {
  pin: string;
  anchor: string;
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

/** The state of one app (see the module comment). */
export class AdobeStore {
  /** DCR clients: client id → secret. */
  readonly clients = new Map<string, string>();
  readonly regcodes = new Map<string, Regcode>();
  readonly regcodesByAccessToken = new Map<string, string>();
  /** `realm \n deviceId \n requestorId` → the device's latest regcode. */
  readonly latestRegcode = new Map<string, string>();
  readonly pinsByAnchor = new Map<string, DevicePinEntry>();
  readonly anchorsByPin = new Map<string, string>();
  readonly licenceCodes = new Map<string, LicenceCode>();
  /** One-shot controls, per realm. */
  readonly nextRegcodeStatus = new Map<string, 400>();
  readonly nextSignInStatus = new Map<string, 400 | 412>();
  /** Sliding-window counters (rate limits): key → timestamps. */
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  /** Creates a regcode valid {@link REGCODE_TTL_MS}. */
  createRegcode(facts: Omit<Regcode, 'code' | 'expiresAt' | 'accessToken'> & { withAccessToken: boolean }): Regcode {
    this.sweep();
    const { withAccessToken, ...rest } = facts;
    let code = readableCode(7);
    while (this.regcodes.has(code)) code = readableCode(7);
    const entry: Regcode = { ...rest, code, expiresAt: this.now() + REGCODE_TTL_MS };
    if (withAccessToken) {
      entry.accessToken = opaqueToken();
      this.regcodesByAccessToken.set(entry.accessToken, code);
    }
    this.regcodes.set(code, entry);
    this.latestRegcode.set(deviceKey(entry.realm, entry.deviceId, entry.requestorId), code);
    return entry;
  }

  /** The live regcode `code`, if any. */
  regcode(code: string): Regcode | undefined {
    const entry = this.regcodes.get(code);
    return entry && entry.expiresAt > this.now() ? entry : undefined;
  }

  /** The live regcode behind a DCR access token, if any. */
  regcodeByAccessToken(token: string): Regcode | undefined {
    const code = this.regcodesByAccessToken.get(token);
    return code ? this.regcode(code) : undefined;
  }

  /** The device's latest live regcode for `requestorId` in `realm`, if any. */
  deviceRegcode(realm: string, deviceId: string, requestorId: string): Regcode | undefined {
    const code = this.latestRegcode.get(deviceKey(realm, deviceId, requestorId));
    return code ? this.regcode(code) : undefined;
  }

  /** Creates a device PIN valid {@link DEVICE_PIN_TTL_MS}. */
  createPin(realm: string): DevicePinEntry {
    this.sweep();
    let pin = readableCode(8);
    while (this.anchorsByPin.has(pin)) pin = readableCode(8);
    const entry: DevicePinEntry = { pin, anchor: opaqueToken(), realm, expiresAt: this.now() + DEVICE_PIN_TTL_MS, delivered: false };
    this.pinsByAnchor.set(entry.anchor, entry);
    this.anchorsByPin.set(pin, entry.anchor);
    return entry;
  }

  /** The PIN entry `pin` of `realm` that can still be confirmed (live, unconfirmed), if any. */
  confirmablePin(realm: string, pin: string): DevicePinEntry | undefined {
    const anchor = this.anchorsByPin.get(pin);
    const entry = anchor ? this.pinsByAnchor.get(anchor) : undefined;
    return entry && entry.realm === realm && entry.expiresAt > this.now() && !entry.userId && !entry.delivered ? entry : undefined;
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
  private sweep(): void {
    const now = this.now();
    for (const [code, entry] of this.regcodes) {
      if (entry.expiresAt > now) continue;
      this.regcodes.delete(code);
      if (entry.accessToken) this.regcodesByAccessToken.delete(entry.accessToken);
      const key = deviceKey(entry.realm, entry.deviceId, entry.requestorId);
      if (this.latestRegcode.get(key) === code) this.latestRegcode.delete(key);
    }
    // A PIN is kept a while after it expires, so that the TV's poll answers `expired`, not 404.
    for (const [anchor, entry] of this.pinsByAnchor) {
      if (entry.expiresAt + DEVICE_PIN_TTL_MS > now) continue;
      this.pinsByAnchor.delete(anchor);
      if (this.anchorsByPin.get(entry.pin) === anchor) this.anchorsByPin.delete(entry.pin);
    }
    for (const [code, entry] of this.licenceCodes) if (entry.expiresAt <= now) this.licenceCodes.delete(code);
    for (const [key, times] of this.hits) if (times.every((at) => at <= now - 60 * 60 * 1000)) this.hits.delete(key);
  }
}

const deviceKey = (realm: string, deviceId: string, requestorId: string) => `${realm}\n${deviceId}\n${requestorId}`;
