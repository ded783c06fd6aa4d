/**
 * The catalogue's pure parts (src/catalogue/) and the seed's promises (src/seed/): the anchor's
 * window, the guide's repeating week, day bounds in a time zone, search folding and matching,
 * paging; and a seed with enough of everything, in four languages, whose links all resolve.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIGHT_RESULTS, WEIGHT_CLASSES, WIN_METHODS } from '@stream/core/contracts';
import { ANCHOR_WINDOW_MS, anchorFor, anchorHolds } from '../src/catalogue/anchor.js';
import { showings, WEEK_EPOCH_MS, WEEK_MS } from '../src/catalogue/guide.js';
import { pageOf, pageWindow } from '../src/catalogue/paging.js';
import { matchScore, queryWords, searchKey, searchTitles, searchWords, type Searchable } from '../src/catalogue/search.js';
import { catalogueLocale, firstSentence } from '../src/catalogue/text.js';
import { eventState, zonedDayBounds } from '../src/catalogue/time.js';
import { seedProgrammes, WEEK_MINUTES } from '../src/seed/channels.js';
import { seedFighters } from '../src/seed/fighters.js';
import { seedNews } from '../src/seed/news.js';
import { seedPages } from '../src/seed/pages.js';
import { seedSections } from '../src/seed/sections.js';
import { CATALOGUE_LOCALES } from '../src/seed/texts.js';
import { PLAYLIST_ITEMS, seedTitles } from '../src/seed/titles.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });

describe('the catalogue anchor', () => {
  it('is the start of the clock reading\'s hour, and holds from a day before it to fifteen days after', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const anchor = anchorFor(now);
        expect(anchor % HOUR).toBe(0);
        expect(now - anchor).toBeGreaterThanOrEqual(0);
        expect(now - anchor).toBeLessThan(HOUR);
        expect(anchorHolds(anchor, now)).toBe(true);
        expect(anchorHolds(anchor, anchor - ANCHOR_WINDOW_MS.before)).toBe(true);
        expect(anchorHolds(anchor, anchor - ANCHOR_WINDOW_MS.before - 1)).toBe(false);
        expect(anchorHolds(anchor, anchor + ANCHOR_WINDOW_MS.after - 1)).toBe(true);
        expect(anchorHolds(anchor, anchor + ANCHOR_WINDOW_MS.after)).toBe(false);
      }),
    );
  });

  it('holds long enough for every upcoming event to start (the clock may be moved to any of them)', () => {
    const latestStart = Math.max(...seedTitles().flatMap((row) => (row.type === 'LIVE' ? [row.startOffsetMinutes!] : [])));
    expect(latestStart * 60_000).toBeLessThan(ANCHOR_WINDOW_MS.after - DAY);
  });
});

describe('live event states', () => {
  it('are upcoming before the start, live until the end, ended from the end', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 10 * DAY }), fc.integer({ min: -20 * DAY, max: 20 * DAY }), (start, length, at) => {
        const now = start + at;
        const state = eventState(start, start + length, now);
        expect(state).toBe(now < start ? 'UPCOMING' : now < start + length ? 'LIVE' : 'ENDED');
      }),
    );
  });
});

describe('the programme guide', () => {
  const programmes = seedProgrammes();
  const channels = [...new Set(programmes.map((p) => p.channelId))];

  it('seeds four channels, each a week without gaps or overlaps', () => {
    expect(channels).toHaveLength(4);
    for (const channel of channels) {
      const week = programmes.filter((p) => p.channelId === channel).sort((a, b) => a.weekOffsetMinutes - b.weekOffsetMinutes);
      let minute = 0;
      for (const programme of week) {
        expect(programme.weekOffsetMinutes, programme.id).toBe(minute);
        expect(programme.durationMinutes).toBeGreaterThan(0);
        minute += programme.durationMinutes;
      }
      expect(minute).toBe(WEEK_MINUTES);
    }
  });

  it('lays the week over any window: the showings cover it, back to back, each overlapping it', () => {
    const week = programmes.filter((p) => p.channelId === channels[0]);
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 8 * DAY }), (from, length) => {
        const to = from + length;
        const shown = showings(week, from, to);
        expect(shown.length).toBeGreaterThan(0);
        expect(shown[0]!.startMs).toBeLessThanOrEqual(from);
        expect(shown.at(-1)!.endMs).toBeGreaterThanOrEqual(to);
        for (let i = 1; i < shown.length; i += 1) expect(shown[i]!.startMs).toBe(shown[i - 1]!.endMs);
        for (const showing of shown) {
          expect(showing.endMs).toBeGreaterThan(from);
          expect(showing.startMs).toBeLessThan(to);
        }
        expect(new Set(shown.map((s) => s.id)).size).toBe(shown.length);
      }),
    );
  });

  it('repeats every week from a Monday 00:00 UTC, and answers nothing for an empty window', () => {
    expect(new Date(WEEK_EPOCH_MS).getUTCDay()).toBe(1);
    const week = programmes.filter((p) => p.channelId === channels[1]);
    const monday = WEEK_EPOCH_MS + 2900 * WEEK_MS;
    const first = showings(week, monday, monday + DAY).map((s) => s.programme.id);
    const next = showings(week, monday + WEEK_MS, monday + WEEK_MS + DAY).map((s) => s.programme.id);
    expect(next).toEqual(first);
    expect(showings(week, monday, monday)).toEqual([]);
    expect(showings(week, monday + 1, monday)).toEqual([]);
  });
});

describe('a day in a time zone', () => {
  it('runs from local midnight to the next local midnight: 23 to 25 hours', () => {
    const zones = ['UTC', 'Europe/Madrid', 'America/Sao_Paulo', 'Asia/Riyadh', 'Asia/Kolkata', 'America/New_York', 'Australia/Lord_Howe'];
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }), fc.constantFrom(...zones), (date, zone) => {
        const day = date.toISOString().slice(0, 10);
        const { fromMs, toMs } = zonedDayBounds(day, zone);
        expect(toMs - fromMs).toBeGreaterThanOrEqual(23 * HOUR);
        expect(toMs - fromMs).toBeLessThanOrEqual(25 * HOUR);
        const local = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
        expect(local.format(new Date(fromMs))).toBe(day);
        expect(local.format(new Date(toMs - 1))).toBe(day);
        expect(local.format(new Date(fromMs - 1))).not.toBe(day);
      }),
    );
  });

  it('knows where the day starts in a few zones', () => {
    expect(zonedDayBounds('2026-05-01', 'UTC')).toEqual({ fromMs: Date.UTC(2026, 4, 1), toMs: Date.UTC(2026, 4, 2) });
    expect(zonedDayBounds('2026-05-01', 'Europe/Madrid').fromMs).toBe(Date.UTC(2026, 3, 30, 22));
    expect(zonedDayBounds('2026-01-15', 'Asia/Kolkata').fromMs).toBe(Date.UTC(2026, 0, 14, 18, 30));
    // The day clocks go forward in Madrid has 23 hours.
    const spring = zonedDayBounds('2026-03-29', 'Europe/Madrid');
    expect(spring.toMs - spring.fromMs).toBe(23 * HOUR);
  });
});

describe('search', () => {
  it('folds case and accents in the locale\'s way', () => {
    expect(searchKey('FÚTBOL', 'es')).toBe('futbol');
    expect(searchKey('Ação', 'pt')).toBe('acao');
    expect(searchKey('Öztürk', 'en')).toBe('ozturk');
    expect(searchKey('الأكاديمية', 'ar')).toBe(searchKey('الاكاديميه', 'ar'));
    expect(searchKey('مُباشَر', 'ar')).toBe('مباشر');
  });

  it('splits words on anything that is not a letter or a digit, and knows Arabic words without their article', () => {
    expect(searchWords('Derby Classics: Five Great Finishes!', 'en')).toEqual(['derby', 'classics', 'five', 'great', 'finishes']);
    expect(searchWords('الأكاديمية', 'ar')).toEqual(['الاكاديميه', 'اكاديميه']);
    expect(queryWords('  fútbol   FUTBOL, ', 'es')).toEqual(['futbol']);
    expect(queryWords(' ¿? ', 'es')).toEqual([]);
  });

  it('matches when every query word begins a word of the title or description, title words weighing more', () => {
    const title = searchWords('La goleadora del pueblo', 'es');
    const description = searchWords('Una cartera se convierte en la goleadora.', 'es');
    expect(matchScore(['goleadora'], title, description)).toBe(3);
    expect(matchScore(['gole'], title, description)).toBe(2);
    expect(matchScore(['cartera'], title, description)).toBe(1);
    expect(matchScore(['gole', 'carte'], title, description)).toBe(3);
    expect(matchScore(['gole', 'tenis'], title, description)).toBeNull();
    expect(matchScore(['adora'], title, description)).toBeNull();
    expect(matchScore([], title, description)).toBeNull();
  });

  it('finds every title by any word of its title, in each locale, and counts its refines over the other filters', () => {
    const rows = seedTitles() as Searchable[];
    fc.assert(
      fc.property(fc.constantFrom(...rows.filter((r) => ['LIVE', 'VOD', 'EPISODE', 'PLAYLIST', 'SERIES'].includes(r.type))), fc.constantFrom(...CATALOGUE_LOCALES), (row, locale) => {
        const words = searchWords(row.title[locale]!, locale);
        fc.pre(words.length > 0);
        const outcome = searchTitles(rows, words[0]!, locale, {});
        const found = [...outcome.groups.liveEvent, ...outcome.groups.video, ...outcome.groups.playlist].map((r) => r.id);
        expect(found).toContain(row.id);
        expect(outcome.totalCount).toBe(found.length);
        const byType = [...outcome.facets.type.values()].reduce((a, b) => a + b, 0);
        expect(byType).toBe(outcome.totalCount);
      }),
    );
  });

  it('filters by type, category and access; a refine counts as if its own filter were not set', () => {
    const rows = seedTitles() as Searchable[];
    const all = searchTitles(rows, 'fight', 'en', {});
    const videos = searchTitles(rows, 'fight', 'en', { type: 'video' });
    expect(videos.groups.liveEvent).toEqual([]);
    expect(videos.totalCount).toBe(all.groups.video.length);
    expect(videos.facets.type).toEqual(all.facets.type);
    const free = searchTitles(rows, 'fight', 'en', { access: 'free' });
    for (const row of [...free.groups.liveEvent, ...free.groups.video, ...free.groups.playlist]) expect(row.licenceIds).toEqual([]);
  });
});

describe('paging and texts', () => {
  it('a page is a slice of the list; the pages in turn give the whole list', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 60 }), fc.integer({ min: 1, max: 25 }), (list, rpp) => {
        const seen: number[] = [];
        let lastSeen = 0;
        for (;;) {
          const page = pageOf(list, pageWindow({ rpp, lastSeen }, 10));
          seen.push(...page.items);
          expect(page.pagingInfo).toMatchObject({ rpp, totalCount: list.length, lastSeen: seen.length });
          if (!page.pagingInfo.moreDataAvailable) break;
          lastSeen = page.pagingInfo.lastSeen;
        }
        expect(seen).toEqual(list);
      }),
    );
    expect(pageWindow(undefined, 12)).toEqual({ offset: 0, limit: 12 });
  });

  it('picks the locale as the labels do, English by default', () => {
    expect(catalogueLocale('es-MX,es;q=0.9')).toBe('es');
    expect(catalogueLocale('pt-BR')).toBe('pt');
    expect(catalogueLocale('fr, ar;q=0.5')).toBe('ar');
    expect(catalogueLocale(undefined)).toBe('en');
    expect(catalogueLocale('de')).toBe('en');
  });

  it('a short description is the first sentence', () => {
    expect(firstSentence('One. Two.')).toBe('One.');
    expect(firstSentence('¿Uno? Dos.')).toBe('¿Uno?');
    expect(firstSentence('لا نهاية')).toBe('لا نهاية');
    expect(firstSentence('Version 2.5 is out. Yes.')).toBe('Version 2.5 is out.');
  });
});

describe('the seed', () => {
  const titles = seedTitles();
  const ids = new Set(titles.map((row) => row.id));
  const ofType = (type: string) => titles.filter((row) => row.type === type);

  it('has at least 60 titles across the types, each in four languages, with unique ids', () => {
    expect(titles.length).toBeGreaterThanOrEqual(60);
    expect(ids.size).toBe(titles.length);
    for (const type of ['VOD', 'LIVE', 'SERIES', 'SEASON', 'EPISODE', 'PLAYLIST', 'CHANNEL']) expect(ofType(type).length, type).toBeGreaterThan(0);
    for (const row of titles) {
      for (const locale of CATALOGUE_LOCALES) {
        expect(row.title[locale], `${row.id} title ${locale}`).toBeTruthy();
        expect(row.description[locale], `${row.id} description ${locale}`).toBeTruthy();
      }
    }
  });

  it('has three series of two seasons, each season with episodes', () => {
    const series = ofType('SERIES');
    expect(series).toHaveLength(3);
    for (const one of series) {
      const seasons = ofType('SEASON').filter((s) => s.parentId === one.id);
      expect(seasons.map((s) => s.number)).toEqual([1, 2]);
      for (const season of seasons) expect(ofType('EPISODE').filter((e) => e.parentId === season.id).length).toBeGreaterThan(0);
    }
  });

  it('has events live now, eight or more upcoming over the next two weeks, and ended ones with and without a replay', () => {
    const events = ofType('LIVE');
    const live = events.filter((e) => e.startOffsetMinutes! <= 0 && e.endOffsetMinutes! > 0);
    const upcoming = events.filter((e) => e.startOffsetMinutes! > 0);
    const ended = events.filter((e) => e.endOffsetMinutes! <= 0);
    expect(live.length).toBeGreaterThanOrEqual(3);
    expect(upcoming.length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...upcoming.map((e) => e.startOffsetMinutes!))).toBeLessThan(14 * 24 * 60);
    expect(Math.max(...upcoming.map((e) => e.startOffsetMinutes!))).toBeGreaterThan(7 * 24 * 60);
    expect(ended.some((e) => e.hasReplay)).toBe(true);
    expect(ended.some((e) => !e.hasReplay)).toBe(true);
    for (const event of events) expect(event.endOffsetMinutes!).toBeGreaterThan(event.startOffsetMinutes!);
  });

  it('links only to titles that exist: rails, playlists, news', () => {
    const { sections, rails, railItems } = seedSections();
    expect(sections.filter((s) => s.kind === 'category').length).toBeGreaterThanOrEqual(3);
    expect(rails.some((r) => r.sectionId === 'home' && r.source === 'LIVE_NOW')).toBe(true);
    expect(rails.some((r) => r.sectionId === 'home' && r.layout === 'HERO')).toBe(true);
    expect(rails.some((r) => r.sectionId === 'home' && r.layout === 'PROMO')).toBe(true);
    for (const item of railItems) expect(ids, `${item.railId} → ${item.titleId}`).toContain(item.titleId);
    for (const [playlist, items] of Object.entries(PLAYLIST_ITEMS)) {
      expect(ids).toContain(playlist);
      for (const id of items) expect(ids, `${playlist} → ${id}`).toContain(id);
    }
    const news = seedNews();
    expect(news.feeds).toHaveLength(2);
    for (const item of news.items) for (const id of item.relatedTitleIds ?? []) expect(ids, `${item.id} → ${id}`).toContain(id);
    expect(seedPages()).toHaveLength(2);
  });

  it('has 30 fighters in 4 weight classes (one for women), every result and win method, and mirrored fights', () => {
    const { fighters, results, rankings } = seedFighters();
    expect(fighters).toHaveLength(30);
    const classes = new Set(fighters.map((f) => f.weightClass));
    expect(classes.size).toBe(4);
    expect([...classes].some((c) => c.startsWith('womens'))).toBe(true);
    for (const c of classes) expect(WEIGHT_CLASSES).toContain(c);
    expect(new Set(results.map((r) => r.method))).toEqual(new Set(WIN_METHODS));
    expect(new Set(results.map((r) => r.result))).toEqual(new Set(FIGHT_RESULTS));
    const fighterIds = new Set(fighters.map((f) => f.id));
    const opposite = { win: 'loss', loss: 'win', noContest: 'noContest' } as const;
    for (const result of results.filter((r) => r.opponentId)) {
      expect(fighterIds).toContain(result.opponentId);
      const mirror = results.find((r) => r.fighterId === result.opponentId && r.opponentId === result.fighterId && r.dateOffsetDays === result.dateOffsetDays);
      expect(mirror?.result, result.id).toBe(opposite[result.result as keyof typeof opposite]);
    }
    for (const c of classes) expect(rankings.filter((r) => r.weightClass === c && r.position === 0)).toHaveLength(1);
    for (const f of fighters) expect(results.some((r) => r.fighterId === f.id), f.id).toBe(true);
  });
});
