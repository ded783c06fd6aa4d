import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  artworkTemplateSchema,
  fighterTileSchema,
  guideQuerySchema,
  guideResponseSchema,
  isCalendarDate,
  isTimeZone,
  pageQuerySchema,
  queryInteger,
  scheduleQuerySchema,
  searchQuerySchema,
  tileSchema,
  titleSchema,
} from './catalogue.js';

const tile = {
  id: 'vod-1',
  type: 'VOD',
  title: 'Night Run',
  images: { poster: 'http://localhost/artwork/poster/vod-1/{width}' },
  licenceIds: [],
  durationSeconds: 5400,
  futureField: 1,
};

describe('catalogue contracts (this project\'s calls, docs/api.md "Catalogue")', () => {
  it('a query integer is a number or its digits, within its bounds; the output is the number', () => {
    const rpp = queryInteger(1, 100);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (n) => {
        expect(rpp.parse(n)).toBe(n);
        expect(rpp.parse(String(n))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 })), (n) => {
        expect(rpp.safeParse(n).success).toBe(false);
        expect(rpp.safeParse(String(n)).success).toBe(false);
      }),
    );
    for (const bad of ['', ' 5', '5 ', '1.5', '1e2', '0x10', '-3', 'ten', 2.5]) expect(rpp.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('paging parameters are optional and parsed from text', () => {
    expect(pageQuerySchema.parse({})).toEqual({});
    expect(pageQuerySchema.parse({ rpp: '5', lastSeen: '10' })).toEqual({ rpp: 5, lastSeen: 10 });
    expect(pageQuerySchema.safeParse({ rpp: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ rpp: '101' }).success).toBe(false);
  });

  it('an artwork URL must hold the {width} placeholder', () => {
    expect(artworkTemplateSchema.safeParse('http://x/artwork/hero/a/{width}').success).toBe(true);
    expect(artworkTemplateSchema.safeParse('http://x/artwork/hero/a/640').success).toBe(false);
    expect(tileSchema.safeParse({ ...tile, images: { hero: 'http://x/hero.jpg' } }).success).toBe(false);
  });

  it('a tile keeps unknown fields and refuses an unknown type, a negative duration or a date without an offset', () => {
    expect(tileSchema.parse(tile)).toMatchObject({ id: 'vod-1', futureField: 1 });
    expect(tileSchema.safeParse({ ...tile, type: 'PODCAST' }).success).toBe(false);
    expect(tileSchema.safeParse({ ...tile, durationSeconds: -1 }).success).toBe(false);
    expect(tileSchema.safeParse({ ...tile, startDate: '2026-05-01T19:00:00' }).success).toBe(false);
    expect(tileSchema.safeParse({ ...tile, startDate: '2026-05-01T19:00:00+02:00' }).success).toBe(true);
  });

  it('a title is a tile with its description and related titles', () => {
    expect(titleSchema.safeParse(tile).success).toBe(false);
    expect(titleSchema.parse({ ...tile, description: 'A long run.', related: [tile] })).toMatchObject({ futureField: 1 });
  });

  it('a calendar date must exist', () => {
    for (const good of ['2026-01-31', '2024-02-29', '2026-12-01']) expect(isCalendarDate(good), good).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-1', '20260101', '2026-01-32', '']) expect(isCalendarDate(bad), bad).toBe(false);
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }), (date) => {
        expect(isCalendarDate(date.toISOString().slice(0, 10))).toBe(true);
      }),
    );
  });

  it('a time zone must be one the runtime knows', () => {
    for (const good of ['UTC', 'Europe/Madrid', 'America/Sao_Paulo', 'Asia/Riyadh']) expect(isTimeZone(good), good).toBe(true);
    for (const bad of ['Mars/Olympus', '', 'Europe/']) expect(isTimeZone(bad), bad).toBe(false);
    expect(scheduleQuerySchema.safeParse({ date: '2026-05-01', timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(scheduleQuerySchema.parse({ date: '2026-05-01' })).toEqual({ date: '2026-05-01' });
  });

  it('a guide window runs forwards for at most 8 days', () => {
    const from = '2026-05-01T00:00:00Z';
    expect(guideQuerySchema.parse({ from, to: '2026-05-08T00:00:00Z', rpp: '20' })).toMatchObject({ rpp: 20 });
    expect(guideQuerySchema.safeParse({ from, to: '2026-05-09T00:00:00Z' }).success).toBe(true);
    expect(guideQuerySchema.safeParse({ from, to: '2026-05-09T00:00:01Z' }).success).toBe(false);
    expect(guideQuerySchema.safeParse({ from, to: from }).success).toBe(false);
    expect(guideQuerySchema.safeParse({ from, to: '2026-04-30T00:00:00Z' }).success).toBe(false);
    expect(guideQuerySchema.safeParse({ from: '2026-05-01', to: '2026-05-02' }).success).toBe(false);
  });

  it('the guide answer is checked like any other (its fast path changes nothing)', () => {
    const channel = { ...tile, id: 'ch-1', type: 'CHANNEL', programmes: [{ id: 'p', channelId: 'ch-1', title: 'News', startDate: '2026-05-01T00:00:00Z', endDate: '2026-05-01T01:00:00Z' }] };
    const paging = { rpp: 50, lastSeen: 1, moreDataAvailable: false, totalCount: 1 };
    const answer = { from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z', channels: [channel], pagingInfo: paging };
    expect(guideResponseSchema.parse(answer)).toEqual(answer);
    expect(guideResponseSchema.safeParse({ ...answer, channels: [{ ...channel, programmes: [{ id: 'p' }] }] }).success).toBe(false);
  });

  it('a search query is at most 200 characters and its filters are known values', () => {
    expect(searchQuerySchema.parse({ q: 'fútbol', rpp: '5', page: '2' })).toEqual({ q: 'fútbol', rpp: 5, page: 2 });
    expect(searchQuerySchema.parse({})).toEqual({});
    expect(searchQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ type: 'podcast' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ access: 'cheap' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('a fighter names their country with two capital letters', () => {
    const fighter = {
      id: 'f-1',
      name: 'Ana Ruiz',
      firstName: 'Ana',
      lastName: 'Ruiz',
      country: 'ES',
      weightClass: 'womensFlyweight',
      weightClassLabel: "Women's Flyweight",
      record: { wins: 3, losses: 1, noContests: 0 },
      images: {},
    };
    expect(fighterTileSchema.safeParse(fighter).success).toBe(true);
    expect(fighterTileSchema.safeParse({ ...fighter, country: 'Spain' }).success).toBe(false);
    expect(fighterTileSchema.safeParse({ ...fighter, weightClass: 'catchweight' }).success).toBe(false);
  });
});
