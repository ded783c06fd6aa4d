/**
 * Test helpers for the machine tests (not exported from the package): signed JWTs, a fake API
 * client, fake promise actors, a checkout context, an in-memory storage and a two-tab broadcast hub.
 */
import { SignJWT } from 'jose';
import { fromPromise } from 'xstate';
import type { ApiClient, ApiClientEvent, PlatformCalls } from '../api/types.js';
import type { CheckoutContext } from '../contracts/checkout.js';
import type { LabelsByKeysResponse, LabelsResponse, LoginResponse } from '../contracts/index.js';
import type { Broadcast, KeyValueStorage } from '../platform/types.js';
import type { PaymentSnapshot } from './payment/payment.connect.js';

const SECRET = new TextEncoder().encode('test-secret-of-at-least-32-bytes!!');

/** A real HS256 JWT with the platform's claims; `expSeconds`/`iatSeconds` in seconds. */
export async function signToken(claims: {
  sub: string;
  gue: boolean;
  rol?: string;
  loc?: string;
  pid?: string;
  iatSeconds: number;
  expSeconds?: number;
}): Promise<string> {
  const payload: Record<string, unknown> = { gue: claims.gue };
  if (claims.rol) payload.rol = claims.rol;
  if (claims.loc) payload.loc = claims.loc;
  if (claims.pid) payload.pid = claims.pid;
  const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setIssuedAt(claims.iatSeconds);
  if (claims.expSeconds !== undefined) jwt.setExpirationTime(claims.expSeconds);
  return jwt.sign(SECRET);
}

/** Tokens of a signed-in user whose access token lives `ttlSeconds` from `nowMs`. */
export async function userTokens(nowMs: number, options: { sub?: string; ttlSeconds?: number; refresh?: string; pid?: string } = {}): Promise<LoginResponse> {
  const iat = Math.floor(nowMs / 1000);
  return {
    authorisationToken: await signToken({
      sub: options.sub ?? 'user-1',
      gue: false,
      rol: 'user',
      loc: 'GB',
      ...(options.pid ? { pid: options.pid } : {}),
      iatSeconds: iat,
      expSeconds: iat + (options.ttlSeconds ?? 600),
    }),
    refreshToken: options.refresh ?? `refresh-${options.sub ?? 'user-1'}-${iat}`,
  };
}

/** Tokens of a guest. */
export async function guestTokens(nowMs: number, options: { sub?: string; ttlSeconds?: number } = {}): Promise<LoginResponse> {
  const iat = Math.floor(nowMs / 1000);
  return {
    authorisationToken: await signToken({
      sub: options.sub ?? 'guest-1',
      gue: true,
      iatSeconds: iat,
      expSeconds: iat + (options.ttlSeconds ?? 600),
    }),
    refreshToken: `refresh-${options.sub ?? 'guest-1'}-${iat}`,
  };
}

/** A fake API client: every call rejects unless overridden; `emit` plays a client event. */
export interface FakeApi extends ApiClient {
  emit(event: ApiClientEvent): void;
  listenerCount(): number;
  calls: { guestCheckin: number; refresh: number; login: unknown[]; signUp: unknown[]; labels: number };
}

/** Calls of the areas other than `auth` and `labels` to answer, by area; the others reject. */
export type FakeAreas = { [A in Exclude<keyof PlatformCalls, 'auth' | 'labels'>]?: Partial<ApiClient[A]> };

/**
 * A fake {@link ApiClient}. `login`, `signUp` (given the call's body), `refresh`, `guestCheckin`
 * and `labels` answer those calls and are counted in `calls`; an area given in `overrides`
 * answers the calls it names. Every other call rejects with `unexpected call <area>.<call>`.
 */
export function fakeApi(
  overrides: {
    guestCheckin?: () => Promise<LoginResponse>;
    refresh?: () => Promise<LoginResponse>;
    login?: (body: { id: string; secret: string }) => Promise<LoginResponse>;
    signUp?: (body: { id: string; secret: string; name: string }) => Promise<LoginResponse>;
    labels?: () => Promise<LabelsResponse>;
    /** `labels.byKeys`, given the asked keys. */
    labelsByKeys?: (keys: string[]) => Promise<LabelsByKeysResponse>;
  } & FakeAreas = {},
): FakeApi {
  const listeners = new Set<(event: ApiClientEvent) => void>();
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected call ${name}`));
  const calls: FakeApi['calls'] = { guestCheckin: 0, refresh: 0, login: [], signUp: [], labels: 0 };
  /** An area whose `answers` answer, every other call rejecting. */
  const area = (name: string, answers: object = {}): unknown =>
    new Proxy(answers, {
      get: (target, call) =>
        typeof call !== 'string' || call === 'then'
          ? undefined
          : (Object.hasOwn(target, call) ? (target as Record<string, unknown>)[call] : undefined) ?? unexpected(`${name}.${call}`),
    });
  const {
    guestCheckin,
    refresh,
    login,
    signUp,
    labels,
    labelsByKeys,
    ...areas
  } = overrides;
  const client: Record<string, unknown> = {
    calls,
    auth: area('auth', {
      login: (input: { body: { id: string; secret: string } }) => {
        calls.login.push(input.body);
        return (login ?? unexpected('login'))(input.body);
      },
      signUp: (input: { body: { id: string; secret: string; name: string } }) => {
        calls.signUp.push(input.body);
        return (signUp ?? unexpected('signUp'))(input.body);
      },
      guestCheckin: () => {
        calls.guestCheckin += 1;
        return (guestCheckin ?? unexpected('guestCheckin'))();
      },
    }),
    labels: area('labels', {
      get: () => {
        calls.labels += 1;
        return (labels ?? unexpected('labels'))();
      },
      byKeys: (input: { body: { keys: string[] } }) => (labelsByKeys ?? unexpected('labels.byKeys'))(input.body.keys),
    }),
    refresh: () => {
      calls.refresh += 1;
      return (refresh ?? unexpected('refresh'))();
    },
    request: unexpected('request'),
    subscribe(listener: (event: ApiClientEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: ApiClientEvent) {
      for (const listener of [...listeners]) listener(event);
    },
    listenerCount: () => listeners.size,
  };
  for (const [name, answers] of Object.entries(areas)) client[name] = area(name, answers);
  return new Proxy(client, {
    get: (target, name) => {
      if (typeof name !== 'string' || name === 'then') return undefined;
      target[name] ??= area(name);
      return target[name];
    },
  }) as unknown as FakeApi;
}

/** A Map-backed storage that exposes its contents. */
export function testStorage(initial: Record<string, string> = {}): KeyValueStorage & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    dump: () => Object.fromEntries(map),
  };
}

/**
 * Two linked Broadcasts (two tabs): a message posted on one reaches the other's listeners a
 * microtask later, never the sender's (as BroadcastChannel). `posted` records every message.
 */
export function twoTabBroadcast<T>(): { a: Broadcast<T>; b: Broadcast<T>; posted: T[] } {
  const posted: T[] = [];
  const make = () => {
    const listeners = new Set<(message: T) => void>();
    return { listeners, other: null as null | Set<(message: T) => void> };
  };
  const left = make();
  const right = make();
  left.other = right.listeners;
  right.other = left.listeners;
  const broadcast = (side: ReturnType<typeof make>): Broadcast<T> => ({
    post(message) {
      posted.push(message);
      const copy = structuredClone(message);
      queueMicrotask(() => {
        for (const listener of [...(side.other ?? [])]) listener(copy);
      });
    },
    subscribe(listener) {
      side.listeners.add(listener);
      return () => side.listeners.delete(listener);
    },
    close() {
      side.listeners.clear();
    },
  });
  return { a: broadcast(left), b: broadcast(right), posted };
}

/**
 * A fake promise actor answering from `answer(input, call)` (`call` counts from 1), recording
 * every input in `calls`. Give `logic` to a machine's `.provide({ actors })`.
 */
export function fakeActor<I, O>(answer: (input: I, call: number) => O | Promise<O>) {
  const calls: I[] = [];
  const logic = fromPromise<O, I>(async ({ input }) => {
    calls.push(input);
    return answer(input, calls.length);
  });
  return { calls, logic };
}

/**
 * The checkout context of a viewer in GB: allowed territory, no VPN, a purchase, one required
 * consent term (`termsOfUse`) and no provider fields; `over` replaces any of it.
 */
export const checkoutContextOf = (over: Partial<CheckoutContext> = {}): CheckoutContext => ({
  country: 'GB',
  isChildProfile: false,
  inAllowedTerritory: true,
  onVpn: false,
  realmAllowsVpn: false,
  purpose: 'PURCHASE',
  consentTerms: [{ fieldName: 'termsOfUse', fieldType: 'BINARY_CHOICE', required: true }],
  fields: [],
  ...over,
});

/** The top-level state of the payment's `flow` region (the `voucher` region runs beside it). */
export function paymentFlowOf(snapshot: PaymentSnapshot): string {
  const value = snapshot.value.flow;
  return typeof value === 'string' ? value : Object.keys(value ?? {})[0] ?? '';
}

/** A `waitFor` predicate: the payment's flow is in `state`. */
export const paymentAt = (state: string) => (snapshot: PaymentSnapshot) => paymentFlowOf(snapshot) === state;

/** An idempotency key factory giving k1, k2, ... */
export function keySequence(): () => string {
  let n = 0;
  return () => `k${++n}`;
}
