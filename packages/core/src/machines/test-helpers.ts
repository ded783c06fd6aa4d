/**
 * Test helpers for the machine tests (not exported from the package): signed JWTs, a fake API
 * client, an in-memory storage and a two-tab broadcast hub.
 */
import { SignJWT } from 'jose';
import type { ApiClient, ApiClientEvent } from '../api/types.js';
import type { LabelsResponse, LoginResponse } from '../contracts/index.js';
import type { Broadcast, KeyValueStorage } from '../platform/types.js';

const SECRET = new TextEncoder().encode('test-secret-of-at-least-32-bytes!!');

/** A real HS256 JWT with the platform's claims; `expSeconds`/`iatSeconds` in seconds. */
export async function signToken(claims: {
  sub: string;
  gue: boolean;
  rol?: string;
  loc?: string;
  iatSeconds: number;
  expSeconds?: number;
}): Promise<string> {
  const payload: Record<string, unknown> = { gue: claims.gue };
  if (claims.rol) payload.rol = claims.rol;
  if (claims.loc) payload.loc = claims.loc;
  const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setIssuedAt(claims.iatSeconds);
  if (claims.expSeconds !== undefined) jwt.setExpirationTime(claims.expSeconds);
  return jwt.sign(SECRET);
}

/** Tokens of a signed-in user whose access token lives `ttlSeconds` from `nowMs`. */
export async function userTokens(nowMs: number, options: { sub?: string; ttlSeconds?: number; refresh?: string } = {}): Promise<LoginResponse> {
  const iat = Math.floor(nowMs / 1000);
  return {
    authorisationToken: await signToken({
      sub: options.sub ?? 'user-1',
      gue: false,
      rol: 'user',
      loc: 'GB',
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

export function fakeApi(overrides: {
  guestCheckin?: () => Promise<LoginResponse>;
  refresh?: () => Promise<LoginResponse>;
  login?: (body: { id: string; secret: string }) => Promise<LoginResponse>;
  signUp?: (body: { id: string; secret: string; name: string }) => Promise<LoginResponse>;
  labels?: () => Promise<LabelsResponse>;
  /** Licence calls to answer; the others reject. */
  licences?: Partial<ApiClient['licences']>;
  /** Cancellation-promo calls to answer; the others reject. */
  promos?: Partial<ApiClient['promos']>;
  /** Content calls to answer; the others reject. */
  content?: Partial<ApiClient['content']>;
  /** Basket calls (get, put, pay) to answer; the others reject. */
  baskets?: Partial<ApiClient['baskets']>;
  /** Voucher calls to answer; the others reject. */
  vouchers?: Partial<ApiClient['vouchers']>;
  /** Payment-method calls (init, validate) to answer; the others reject. */
  paymentMethods?: Partial<ApiClient['paymentMethods']>;
  /** Payment calls (providers, history, attachDetails) to answer; the others reject. */
  payments?: Partial<ApiClient['payments']>;
  /** Card calls to answer; the others reject. */
  cards?: Partial<ApiClient['cards']>;
  checkout?: Partial<ApiClient['checkout']>;
  /** Password-reset calls (request, reset) to answer; the others reject. */
  passwordReset?: Partial<ApiClient['passwordReset']>;
  /** Magic-link calls (request, exchange) to answer; the others reject. */
  magicLink?: Partial<ApiClient['magicLink']>;
  /** The email-confirmation call to answer; rejects otherwise. */
  emailConfirmation?: Partial<ApiClient['emailConfirmation']>;
  /** OpenID Connect calls (authUri, token, logoutUri) to answer; the others reject. */
  openid?: Partial<ApiClient['openid']>;
  /** The realm-settings call to answer; rejects otherwise. */
  realm?: Partial<ApiClient['realm']>;
  /** PBR, SPTV, OPIN and GIGYA sign-in calls to answer; the others reject. */
  credentialProviders?: Partial<ApiClient['credentialProviders']>;
  /** Generic external OAuth calls (authUri, token, logout) to answer; the others reject. */
  externalOAuth?: Partial<ApiClient['externalOAuth']>;
  /** The impersonation exchange to answer; rejects otherwise. */
  impersonation?: Partial<ApiClient['impersonation']>;
  /** Social sign-in and linked-account calls to answer; the others reject. */
  social?: Partial<ApiClient['social']>;
  /** Firebase sign-up and sign-in calls to answer; the others reject. */
  firebase?: Partial<ApiClient['firebase']>;
  /** Adobe Pass calls (user, token, regcode, regcodeV3, entitlementSync) to answer; the others reject. */
  adobe?: Partial<ApiClient['adobe']>;
  /** Device PIN calls (createPin, pollPin, confirmPin) to answer; the others reject. */
  tvDevice?: Partial<ApiClient['tvDevice']>;
  /** The external licence token call to answer; rejects otherwise. */
  externalLicence?: Partial<ApiClient['externalLicence']>;
} = {}): FakeApi {
  const listeners = new Set<(event: ApiClientEvent) => void>();
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected call ${name}`));
  const calls: FakeApi['calls'] = { guestCheckin: 0, refresh: 0, login: [], signUp: [], labels: 0 };
  return {
    calls,
    auth: {
      login: (body) => {
        calls.login.push(body);
        return (overrides.login ?? unexpected('login'))(body);
      },
      signUp: (body) => {
        calls.signUp.push(body);
        return (overrides.signUp ?? unexpected('signUp'))(body);
      },
      refresh: () => {
        calls.refresh += 1;
        return (overrides.refresh ?? unexpected('refresh'))();
      },
      guestCheckin: () => {
        calls.guestCheckin += 1;
        return (overrides.guestCheckin ?? unexpected('guestCheckin'))();
      },
      logout: unexpected('logout'),
    },
    user: { profile: unexpected('profile') },
    labels: {
      get: () => {
        calls.labels += 1;
        return (overrides.labels ?? unexpected('labels'))();
      },
    },
    countries: { list: unexpected('countries') },
    licences: {
      list: unexpected('licences.list'),
      families: unexpected('licences.families'),
      mine: unexpected('licences.mine'),
      pause: unexpected('licences.pause'),
      resume: unexpected('licences.resume'),
      cancel: unexpected('licences.cancel'),
      reactivate: unexpected('licences.reactivate'),
      scheduleDowngrade: unexpected('licences.scheduleDowngrade'),
      cancelDowngrade: unexpected('licences.cancelDowngrade'),
      priceMigrationConsent: unexpected('licences.priceMigrationConsent'),
      ...overrides.licences,
    },
    promos: {
      verify: unexpected('promos.verify'),
      redeem: unexpected('promos.redeem'),
      refuse: unexpected('promos.refuse'),
      ...overrides.promos,
    },
    content: {
      list: unexpected('content.list'),
      get: unexpected('content.get'),
      playback: unexpected('content.playback'),
      ...overrides.content,
    },
    baskets: {
      get: unexpected('baskets.get'),
      put: unexpected('baskets.put'),
      pay: unexpected('baskets.pay'),
      ...overrides.baskets,
    },
    vouchers: {
      add: unexpected('vouchers.add'),
      remove: unexpected('vouchers.remove'),
      redeem: unexpected('vouchers.redeem'),
      ...overrides.vouchers,
    },
    paymentMethods: {
      init: unexpected('paymentMethods.init'),
      validate: unexpected('paymentMethods.validate'),
      ...overrides.paymentMethods,
    },
    payments: {
      providers: unexpected('payments.providers'),
      history: unexpected('payments.history'),
      attachDetails: unexpected('payments.attachDetails'),
      ...overrides.payments,
    },
    cards: {
      list: unexpected('cards.list'),
      attachToLicence: unexpected('cards.attachToLicence'),
      remove: unexpected('cards.remove'),
      setDefault: unexpected('cards.setDefault'),
      ...overrides.cards,
    },
    checkout: {
      context: unexpected('checkout.context'),
      saveBillingDetails: unexpected('checkout.saveBillingDetails'),
      ...overrides.checkout,
    },
    passwordReset: {
      request: unexpected('passwordReset.request'),
      reset: unexpected('passwordReset.reset'),
      ...overrides.passwordReset,
    },
    magicLink: {
      request: unexpected('magicLink.request'),
      exchange: unexpected('magicLink.exchange'),
      ...overrides.magicLink,
    },
    emailConfirmation: {
      confirm: unexpected('emailConfirmation.confirm'),
      ...overrides.emailConfirmation,
    },
    openid: {
      authUri: unexpected('openid.authUri'),
      token: unexpected('openid.token'),
      logoutUri: unexpected('openid.logoutUri'),
      ...overrides.openid,
    },
    realm: {
      settings: unexpected('realm.settings'),
      ...overrides.realm,
    },
    externalOAuth: {
      authUri: unexpected('externalOAuth.authUri'),
      token: unexpected('externalOAuth.token'),
      logout: unexpected('externalOAuth.logout'),
      ...overrides.externalOAuth,
    },
    impersonation: {
      exchange: unexpected('impersonation.exchange'),
      ...overrides.impersonation,
    },
    firebase: {
      signUp: unexpected('firebase.signUp'),
      signIn: unexpected('firebase.signIn'),
      ...overrides.firebase,
    },
    social: {
      apple: unexpected('social.apple'),
      facebook: unexpected('social.facebook'),
      google: unexpected('social.google'),
      linkedAccounts: unexpected('social.linkedAccounts'),
      unlink: unexpected('social.unlink'),
      ...overrides.social,
    },
    adobe: {
      user: unexpected('adobe.user'),
      token: unexpected('adobe.token'),
      regcode: unexpected('adobe.regcode'),
      regcodeV3: unexpected('adobe.regcodeV3'),
      entitlementSync: unexpected('adobe.entitlementSync'),
      ...overrides.adobe,
    },
    tvDevice: {
      createPin: unexpected('tvDevice.createPin'),
      pollPin: unexpected('tvDevice.pollPin'),
      confirmPin: unexpected('tvDevice.confirmPin'),
      ...overrides.tvDevice,
    },
    externalLicence: {
      token: unexpected('externalLicence.token'),
      ...overrides.externalLicence,
    },
    credentialProviders: {
      pbr: unexpected('credentialProviders.pbr'),
      sptv: unexpected('credentialProviders.sptv'),
      opin: unexpected('credentialProviders.opin'),
      gigya: unexpected('credentialProviders.gigya'),
      ...overrides.credentialProviders,
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
    listenerCount: () => listeners.size,
  };
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
