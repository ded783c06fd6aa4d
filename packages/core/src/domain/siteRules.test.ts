import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADMIN_PREVIEW_ROUTE_KEYS, isAdminPreviewRoute, isAdministrator } from './adminPreviews.js';
import { ADS_CONSENT_HEADER, ADS_ID_HEADER, adsConsentOf, adsHeaders } from './adsConsent.js';
import { CAMPAIGN_FLOW_TYPES, campaignTagsFor, withCampaignTags } from './campaignTags.js';
import { DEFAULT_MEMBER_AREA_WORD, memberAreaWord } from './memberArea.js';
import { ROUTE_KEYS, ROUTE_PATHS } from './routes.js';

describe('admin previews', () => {
  it('are the five /_admin routes of the table', () => {
    expect(ROUTE_KEYS.filter((key) => ROUTE_PATHS[key].startsWith('/_admin/'))).toEqual([...ADMIN_PREVIEW_ROUTE_KEYS]);
    for (const key of ADMIN_PREVIEW_ROUTE_KEYS) expect(isAdminPreviewRoute(key)).toBe(true);
    expect(isAdminPreviewRoute('HOME')).toBe(false);
    expect(isAdminPreviewRoute(42)).toBe(false);
  });

  it('open for a signed-in administrator only', () => {
    expect(isAdministrator({ guest: false, role: 'ADMIN' })).toBe(true);
    expect(isAdministrator({ guest: true, role: 'ADMIN' })).toBe(false);
    expect(isAdministrator({ guest: false, role: 'CUSTOMER' })).toBe(false);
    expect(isAdministrator({ guest: false })).toBe(false);
    expect(isAdministrator(null)).toBe(false);
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const admin = isAdministrator(value as never);
        expect(admin).toBe(typeof value === 'object' && value !== null && (value as { guest?: unknown }).guest !== true && (value as { role?: unknown }).role === 'ADMIN');
      }),
    );
  });
});

describe('memberAreaWord', () => {
  it('is the realm word when usable, else club', () => {
    expect(memberAreaWord('Fight Club')).toBe('Fight Club');
    expect(memberAreaWord('  inner-circle ')).toBe('inner-circle');
    expect(memberAreaWord('النادي')).toBe('النادي');
    expect(memberAreaWord('')).toBe(DEFAULT_MEMBER_AREA_WORD);
    expect(memberAreaWord('<script>')).toBe(DEFAULT_MEMBER_AREA_WORD);
    expect(memberAreaWord('x'.repeat(25))).toBe(DEFAULT_MEMBER_AREA_WORD);
    expect(memberAreaWord(undefined)).toBe(DEFAULT_MEMBER_AREA_WORD);
  });

  it('always answers a non-empty word of at most 24 characters', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const word = memberAreaWord(value);
        expect(word.length).toBeGreaterThan(0);
        expect(word.length).toBeLessThanOrEqual(24);
        expect(word).not.toMatch(/[<>&"'/?#]/);
      }),
    );
  });
});

const tagName = fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/);
const tagValue = fc.string({ minLength: 1, maxLength: 20 });
const tags = fc.dictionary(tagName, tagValue, { maxKeys: 4 });
const flow = fc.constantFrom(...CAMPAIGN_FLOW_TYPES);
const settings = fc.record({ login: tags, signup: tags, purchase: tags, signin_to_watch: tags }, { requiredKeys: [] });
const link = fc
  .tuple(fc.constantFrom('/login', '/signup', '/iniciar-sesion', '/purchase'), fc.dictionary(tagName, fc.string({ maxLength: 10 }), { maxKeys: 3 }), fc.constantFrom('', '#top'))
  .map(([path, query, hash]) => {
    const text = new URLSearchParams(query).toString();
    return `${path}${text ? `?${text}` : ''}${hash}`;
  });

const queryOf = (value: string) => new URLSearchParams(value.split('#')[0]!.split('?')[1] ?? '');

describe('withCampaignTags', () => {
  it('appends the flow’s tags to the link’s query', () => {
    const realm = { login: { utm_source: 'web', utm_campaign: 'spring' }, signup: { utm_campaign: 'join' } };
    expect(withCampaignTags('/login?from=%2Faccount', 'login', realm)).toBe('/login?from=%2Faccount&utm_source=web&utm_campaign=spring');
    expect(withCampaignTags('/signup', 'signup', realm)).toBe('/signup?utm_campaign=join');
    expect(withCampaignTags('/login#x', 'purchase', realm)).toBe('/login#x');
    expect(withCampaignTags('/login?utm_source=mail', 'login', realm)).toBe('/login?utm_source=mail&utm_campaign=spring');
    expect(withCampaignTags('https://elsewhere.example/login', 'login', realm)).toBe('https://elsewhere.example/login');
    expect(campaignTagsFor({ login: { 'bad name': 'x', ok: 'y', empty: '' } }, 'login')).toEqual([['ok', 'y']]);
  });

  it('keeps every parameter the link had, adds only the flow’s tags, and is idempotent', () => {
    fc.assert(
      fc.property(link, flow, settings, (path, type, realm) => {
        const tagged = withCampaignTags(path, type, realm);
        const before = queryOf(path);
        const after = queryOf(tagged);
        for (const [name, value] of before) expect(after.getAll(name)).toContain(value);
        expect(tagged.split('?')[0]!.split('#')[0]).toBe(path.split('?')[0]!.split('#')[0]);
        expect(tagged.endsWith('#top')).toBe(path.endsWith('#top'));
        const own = new Set(Object.keys(realm[type] ?? {}));
        for (const name of after.keys()) expect(before.has(name) || own.has(name)).toBe(true);
        for (const name of own) expect(after.has(name)).toBe(true);
        expect(withCampaignTags(tagged, type, realm)).toBe(tagged);
      }),
    );
  });

  it('changes nothing without tags for the flow (another realm’s settings carry none)', () => {
    fc.assert(
      fc.property(link, flow, fc.anything(), (path, type, other) => {
        const realm = typeof other === 'object' && other !== null ? { ...(other as object), [type]: undefined } : other;
        expect(withCampaignTags(path, type, realm)).toBe(path);
      }),
    );
  });
});

describe('adsHeaders', () => {
  const id = '2f1c8a4e-6b0d-4c53-9a7e-1d2b3c4d5e6f';
  it('sends the consent always and the id with consent only', () => {
    expect(adsHeaders('granted', id)).toEqual({ [ADS_CONSENT_HEADER]: 'granted', [ADS_ID_HEADER]: id });
    expect(adsHeaders('denied', id)).toEqual({ [ADS_CONSENT_HEADER]: 'denied' });
    expect(adsHeaders(null, id)).toEqual({ [ADS_CONSENT_HEADER]: 'unknown' });
    expect(adsHeaders('granted', 'not-an-id')).toEqual({ [ADS_CONSENT_HEADER]: 'granted' });
  });

  it('never sends an id without granted consent', () => {
    fc.assert(
      fc.property(fc.anything(), fc.oneof(fc.uuid(), fc.anything()), (consent, advertisingId) => {
        const headers = adsHeaders(consent, advertisingId);
        expect(headers[ADS_CONSENT_HEADER]).toBe(adsConsentOf(consent));
        if (consent !== 'granted') expect(headers[ADS_ID_HEADER]).toBeUndefined();
      }),
    );
  });
});
