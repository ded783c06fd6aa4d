// Test helpers of the web's unit tests (not imported by the app).
import { createActor } from 'xstate';
import type { ApiClient } from '@stream/core/api';
import type { LoginResponse } from '@stream/core/contracts';
import { sessionMachine, type LabelsApi } from '@stream/core/machines';
import { browserNavigation, createTokenStore, memoryStorage } from '@stream/core/platform';
import { createResourceCache, createResources } from '@stream/core/resources';
import type { Services } from './services';

/** An unsigned JWT with the platform's claims (the web only decodes tokens); `claims` adds others (`par`). */
export function jwt(sub: string, guest: boolean, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ sub, gue: guest, iat: now, exp: now + 600, ...claims })}.`;
}

/**
 * The web's services over the fake platform `api`, with `stored` tokens in the token store and
 * the session the web builds (`browserNavigation`, which wouter follows), started. Stop
 * `services.session` at the end of the test.
 */
export function testServices(api: ApiClient, stored: LoginResponse): Services {
  const storage = memoryStorage();
  const tokens = createTokenStore(storage);
  tokens.write(stored);
  const navigation = browserNavigation();
  const session = createActor(sessionMachine, { input: { api, storage, tokens, navigation, clock: { now: () => Date.now() } } });
  session.start();
  const resources = createResourceCache({ onError: () => undefined });
  return {
    config: { apiBaseUrl: 'http://api.test', realm: 'stream', apiKey: 'key', processorBaseUrl: 'http://api.test/_processor' },
    storage,
    navigation,
    api,
    session,
    resources,
    queries: createResources(api, resources),
    language: { current: 'en' },
  };
}

/**
 * A home section (`catalogue.section` answer) whose HERO rail, second after a POSTER rail, starts
 * with the title `heroId` (hero artwork `<base>/artwork/hero/<id>/{width}`); the other ids follow.
 */
export function homeSectionFixture(base: string, heroId: string, ...others: string[]) {
  const paging = { rpp: 10, lastSeen: 2, moreDataAvailable: false, totalCount: 2 };
  const tile = (id: string) => ({ id, type: 'VOD', title: id, licenceIds: [], images: { hero: `${base}/artwork/hero/${id}/{width}`, thumbnail: `${base}/artwork/thumbnail/${id}/{width}` } });
  return {
    id: 'home',
    title: 'Home',
    images: {},
    pagingInfo: paging,
    rails: [
      { id: 'films', title: 'Films', layout: 'POSTER', source: 'CURATED', items: others.map(tile), pagingInfo: paging },
      { id: 'hero', title: 'Featured', layout: 'HERO', source: 'CURATED', items: [heroId, ...others].map(tile), pagingInfo: paging },
    ],
  };
}

/** English labels, ready, whose text is the key unless `texts` gives it (`{name}` placeholders are filled by the provider). */
export function testLabels(texts: Record<string, string> = {}): LabelsApi {
  return {
    status: 'ready',
    t: (key) => texts[key] ?? key,
    isKnownKey: () => false,
    locale: 'en',
    defaultLocale: 'en',
    locales: ['en'],
    dir: 'ltr',
    retry: () => undefined,
  };
}
