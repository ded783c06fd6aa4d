import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Licence } from '../contracts/licences.js';
import { TITLE_TYPES } from '../contracts/catalogue.js';
import { awaitsPriceMigrationConsent, contentPath, tilePath, titleSlug, unlockingLicences } from './content.js';
import { ROUTE_LOCALES } from './routes.js';
import { matchRoute } from './routes.js';

describe('titleSlug and contentPath', () => {
  it('slugs titles of any script', () => {
    expect(titleSlug('Night Fight: Round 1')).toBe('night-fight-round-1');
    expect(titleSlug('Café Olé')).toBe('cafe-ole');
    expect(titleSlug('مباراة القمة')).toBe('مباراة-القمة');
    expect(titleSlug('!!!')).toBe('');
  });

  it('builds VOD and LIVE paths that match back to their item', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), fc.constantFrom('VOD' as const, 'LIVE' as const), (id, title, type) => {
        const path = contentPath({ id, title, type });
        const match = matchRoute(path);
        expect(match?.key).toBe(type);
        expect(match?.params.eventId).toBe(id);
        const slug = titleSlug(title);
        expect(slug).toMatch(/^(?:[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*)?$/u);
      }),
    );
  });
});

describe('tilePath', () => {
  const PAGE = { VOD: 'VOD', EPISODE: 'VOD', LIVE: 'LIVE', CHANNEL: 'LIVE', SERIES: 'SERIES', SEASON: 'SEASON', PLAYLIST: 'PLAYLIST' } as const;
  const ID_PARAM = { VOD: 'eventId', LIVE: 'eventId', SERIES: 'seriesId', SEASON: 'seasonId', PLAYLIST: 'playlistId' } as const;
  it('leads every tile type to its page, in every route set, and back to its id (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), fc.constantFrom(...TITLE_TYPES), fc.constantFrom(...ROUTE_LOCALES), (id, title, type, locale) => {
        const match = matchRoute(tilePath({ id, title, type }, locale), locale);
        const page = PAGE[type];
        expect(match?.key).toBe(page);
        expect(match?.params[ID_PARAM[page]]).toBe(id);
      }),
    );
  });
});

describe('unlockingLicences', () => {
  const catalogue = [{ id: '101', name: 'Sports' }, { id: '201', name: 'Cinema' }] as Licence[];
  it('names the catalogue licences in the item order, skipping unknown ids', () => {
    expect(unlockingLicences({ licenceIds: ['201', 'x', '101'] }, catalogue).map((l) => l.name)).toEqual(['Cinema', 'Sports']);
    expect(unlockingLicences({ licenceIds: [] }, catalogue)).toEqual([]);
  });
});

describe('awaitsPriceMigrationConsent', () => {
  const newAmount = { amount: 699, scale: 2, currency: 'GBP' };
  it('is true only for a migration without an answer', () => {
    expect(awaitsPriceMigrationConsent({ priceMigration: { id: 'pm', newAmount, effectiveFrom: '2027-01-01T00:00:00Z' } })).toBe(true);
    expect(awaitsPriceMigrationConsent({ priceMigration: { id: 'pm', newAmount, effectiveFrom: '2027-01-01T00:00:00Z', consent: 'LEAVE' } })).toBe(false);
    expect(awaitsPriceMigrationConsent({ priceMigration: null })).toBe(false);
    expect(awaitsPriceMigrationConsent({})).toBe(false);
  });
});
