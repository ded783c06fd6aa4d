/**
 * The catalogue's calls (`calls.catalogue`, docs/api.md "Catalogue") against a seeded in-memory
 * sandbox, in process: every call answers its contract (the sandbox checks its answers in tests,
 * and these tests parse them again), pages, speaks the request's language, follows the sandbox
 * clock (moved with `POST /_sandbox/clock`), answers 404 for unknown ids and 400 for malformed
 * queries. Playback of the catalogue's titles is here too (`content.playback`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  episodesResponseSchema,
  eventsResponseSchema,
  externalPageSchema,
  fighterSchema,
  fightersResponseSchema,
  guideResponseSchema,
  newsFeedResponseSchema,
  newsFeedsResponseSchema,
  newsItemSchema,
  playbackSchema,
  playlistItemsResponseSchema,
  railSchema,
  rankingsResponseSchema,
  scheduleResponseSchema,
  searchResponseSchema,
  seasonsResponseSchema,
  sectionSchema,
  sectionsResponseSchema,
  tilePageSchema,
  titleSchema,
  type Tile,
} from '@stream/core/contracts';
import { seedDatabase } from '../src/db/seed.js';
import { TITLE_IDS } from '../src/seed/titles.js';
import { call, expectError, inProcessAppForFile } from './helpers.js';

const opened = inProcessAppForFile();
const HOUR = 3_600_000;

/** A GET in `language` (English when absent). */
const get = (path: string, language?: string) => call(opened.app, 'GET', path, language ? { headers: { 'accept-language': language } } : {});

/** A GET that must answer 200; its parsed body. */
async function ok<T>(path: string, schema: { parse: (value: unknown) => T }, language?: string): Promise<T> {
  const res = await get(path, language);
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
  return schema.parse(res.json);
}

/** Sets the sandbox clock (null: back to the real one). */
async function setClock(at: number | null) {
  const res = await call(opened.app, 'POST', '/_sandbox/clock', { body: { now: at === null ? null : new Date(at).toISOString() } });
  expect(res.status).toBe(200);
}

afterEach(async () => {
  await setClock(null);
});

/** Every item of a paged list, page by page. */
async function everyPage(path: string, rpp: number): Promise<Tile[]> {
  const items: Tile[] = [];
  let lastSeen = 0;
  for (let guard = 0; guard < 50; guard += 1) {
    const page = await ok(`${path}${path.includes('?') ? '&' : '?'}rpp=${rpp}&lastSeen=${lastSeen}`, tilePageSchema);
    items.push(...page.items);
    expect(page.pagingInfo.lastSeen).toBe(items.length);
    if (!page.pagingInfo.moreDataAvailable) {
      expect(items).toHaveLength(page.pagingInfo.totalCount);
      return items;
    }
    lastSeen = page.pagingInfo.lastSeen;
  }
  throw new Error('too many pages');
}

describe('sections and rails', () => {
  it('lists the browse categories in the request\'s language, with artwork templates', async () => {
    const res = await get('/api/v2/sections', 'es-ES,es;q=0.9');
    expect(res.headers.get('content-language')).toBe('es');
    const { sections } = sectionsResponseSchema.parse(res.json);
    expect(sections.map((s) => s.id)).toEqual(['sports', 'fight', 'films', 'series']);
    expect(sections[0]).toMatchObject({ title: 'Deportes', images: { hero: 'http://localhost/artwork/hero/sports/{width}' } });
    const arabic = await ok('/api/v2/sections', sectionsResponseSchema, 'ar');
    expect(arabic.sections[0]!.title).toBe('رياضة');
    expect((await ok('/api/v2/sections', sectionsResponseSchema, 'de')).sections[0]!.title).toBe('Sports');
  });

  it('pages the home section\'s rails, each with its first items: hero, promo and a live-now rail', async () => {
    const first = await ok('/api/v2/sections/home', sectionSchema);
    expect(first.rails).toHaveLength(10);
    expect(first.pagingInfo).toMatchObject({ rpp: 10, lastSeen: 10, moreDataAvailable: true, totalCount: 12 });
    expect(first.rails.map((r) => r.layout)).toEqual(expect.arrayContaining(['HERO', 'PROMO', 'POSTER', 'LANDSCAPE']));
    const liveNow = first.rails.find((r) => r.source === 'LIVE_NOW')!;
    expect(liveNow.items.length).toBeGreaterThanOrEqual(3);
    for (const item of liveNow.items) expect(item).toMatchObject({ type: 'LIVE', state: 'LIVE' });
    const rest = await ok('/api/v2/sections/home?lastSeen=10&itemsRpp=2', sectionSchema);
    expect(rest.rails).toHaveLength(2);
    expect(rest.pagingInfo.moreDataAvailable).toBe(false);
    for (const rail of rest.rails) expect(rail.items.length).toBeLessThanOrEqual(2);
    expect(new Set([...first.rails, ...rest.rails].map((r) => r.id)).size).toBe(12);
  });

  it('each browse category has rails with items', async () => {
    for (const id of ['sports', 'fight', 'films', 'series']) {
      const section = await ok(`/api/v2/sections/${id}`, sectionSchema);
      expect(section.rails.length, id).toBeGreaterThanOrEqual(3);
      expect(section.rails.some((r) => r.items.length > 0), id).toBe(true);
    }
  });

  it('pages a rail: the pages in turn give the whole rail once', async () => {
    const whole = await ok('/api/v2/rails/home-films?rpp=100', railSchema);
    expect(whole.items.length).toBeGreaterThan(3);
    expect((await everyPage('/api/v2/rails/home-films', 2)).map((i) => i.id)).toEqual(whole.items.map((i) => i.id));
    const beyond = await ok('/api/v2/rails/home-films?lastSeen=500', railSchema);
    expect(beyond).toMatchObject({ items: [], pagingInfo: { moreDataAvailable: false, totalCount: whole.items.length } });
  });

  it('answers 404 for an unknown section or rail, 400 for a malformed page', async () => {
    expectError(await get('/api/v2/sections/nowhere'), 404, 'NOT_FOUND');
    expectError(await get('/api/v2/rails/nowhere'), 404, 'NOT_FOUND');
    for (const query of ['rpp=0', 'rpp=101', 'rpp=ten', 'lastSeen=-1', 'rpp=1.5', 'itemsRpp=0']) {
      expectError(await get(`/api/v2/sections/home?${query}`), 400, 'BAD_REQUEST');
    }
  });
});

describe('titles, series, seasons, playlists', () => {
  it('answers a title of every type by type (in any case) and id, in each language', async () => {
    const cases: [string, string][] = [
      ['VOD', TITLE_IDS.harbourLights],
      ['live', TITLE_IDS.cupSemiFinal],
      ['SERIES', TITLE_IDS.academy],
      ['Season', TITLE_IDS.academySeason1],
      ['EPISODE', 'episode-the-academy-1-1'],
      ['PLAYLIST', TITLE_IDS.freePlaylist],
      ['CHANNEL', TITLE_IDS.newsChannel],
    ];
    for (const [type, id] of cases) {
      const title = await ok(`/api/v2/titles/${type}/${id}`, titleSchema);
      expect(title).toMatchObject({ id, type: type.toUpperCase() });
      expect(title.description.length).toBeGreaterThan(0);
      expect(title.related.some((r) => r.id === id)).toBe(false);
    }
    const titles = await Promise.all(['en', 'es', 'pt', 'ar'].map((l) => ok(`/api/v2/titles/VOD/${TITLE_IDS.harbourLights}`, titleSchema, l)));
    expect(titles.map((t) => t.title)).toEqual(['Harbour Lights', 'Luces del puerto', 'Luzes do Porto', 'أضواء الميناء']);
  });

  it('tells an episode its season, its series and the next episode, across seasons', async () => {
    const last = await ok('/api/v2/titles/EPISODE/episode-the-academy-1-3', titleSchema, 'pt');
    expect(last).toMatchObject({
      seriesId: TITLE_IDS.academy,
      seasonId: TITLE_IDS.academySeason1,
      seasonNumber: 1,
      episodeNumber: 3,
      series: { id: TITLE_IDS.academy, title: 'A Academia' },
      season: { id: TITLE_IDS.academySeason1, title: 'Temporada 1', number: 1 },
      nextEpisode: { id: 'episode-the-academy-2-1', seasonNumber: 2, episodeNumber: 1 },
    });
    const finale = await ok('/api/v2/titles/EPISODE/episode-the-academy-2-3', titleSchema);
    expect(finale.nextEpisode).toBeUndefined();
  });

  it('tells a channel what is on now and next, back to back', async () => {
    const channel = await ok(`/api/v2/titles/CHANNEL/${TITLE_IDS.sportsChannel}`, titleSchema);
    const [now, next] = channel.nowAndNext!;
    expect(Date.parse(now!.startDate)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(now!.endDate)).toBeGreaterThan(Date.now());
    expect(next!.startDate).toBe(now!.endDate);
  });

  it('lists a series\' seasons, a season\'s episodes and a playlist\'s items, paged', async () => {
    const seasons = await ok(`/api/v2/series/${TITLE_IDS.academy}/seasons`, seasonsResponseSchema, 'es');
    expect(seasons.items.map((s) => [s.title, s.episodeCount])).toEqual([['Temporada 1', 3], ['Temporada 2', 3]]);
    const episodes = await ok(`/api/v2/seasons/${TITLE_IDS.academySeason2}/episodes?rpp=2`, episodesResponseSchema);
    expect(episodes).toMatchObject({ seasonId: TITLE_IDS.academySeason2, seriesId: TITLE_IDS.academy });
    expect(episodes.items.map((e) => e.episodeNumber)).toEqual([1, 2]);
    expect(episodes.pagingInfo).toMatchObject({ moreDataAvailable: true, totalCount: 3 });
    const playlist = await ok(`/api/v2/playlists/${TITLE_IDS.movieNight}/items?rpp=3`, playlistItemsResponseSchema, 'ar');
    expect(playlist).toMatchObject({ playlistId: TITLE_IDS.movieNight, title: 'ليلة السينما' });
    expect(playlist.items).toHaveLength(3);
    const all = await everyPage(`/api/v2/playlists/${TITLE_IDS.movieNight}/items`, 3);
    const tile = (await ok(`/api/v2/titles/PLAYLIST/${TITLE_IDS.movieNight}`, titleSchema)).itemCount;
    expect(all).toHaveLength(tile!);
  });

  it('answers 404 for an unknown type or id, and for an id of another type', async () => {
    expectError(await get(`/api/v2/titles/PODCAST/${TITLE_IDS.harbourLights}`), 404, 'NOT_FOUND');
    expectError(await get('/api/v2/titles/VOD/no-such-title'), 404, 'NOT_FOUND');
    expectError(await get(`/api/v2/titles/LIVE/${TITLE_IDS.harbourLights}`), 404, 'NOT_FOUND');
    expectError(await get(`/api/v2/series/${TITLE_IDS.harbourLights}/seasons`), 404, 'NOT_FOUND');
    expectError(await get(`/api/v2/seasons/${TITLE_IDS.academy}/episodes`), 404, 'NOT_FOUND');
    expectError(await get('/api/v2/playlists/nothing/items'), 404, 'NOT_FOUND');
  });
});

describe('live events on the sandbox clock', () => {
  it('puts every event in exactly one state, upcoming ones soonest first over the next two weeks', async () => {
    const states = ['LIVE', 'UPCOMING', 'ENDED'] as const;
    const [live, upcoming, ended] = await Promise.all(states.map((state) => ok(`/api/v2/events?state=${state}&rpp=100`, eventsResponseSchema)));
    expect([live!.state, upcoming!.state, ended!.state]).toEqual(states);
    for (const page of [live!, upcoming!, ended!]) {
      for (const item of page.items) expect(item.state, item.id).toBe(page.state);
    }
    const ids = [...live!.items, ...upcoming!.items, ...ended!.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(upcoming!.items.length).toBeGreaterThanOrEqual(8);
    const starts = upcoming!.items.map((i) => Date.parse(i.startDate!));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(Math.max(...starts) - Date.now()).toBeLessThan(14 * 24 * HOUR);
    expect(ended!.items.some((i) => i.hasReplay)).toBe(true);
    const combat = await ok('/api/v2/events?state=UPCOMING&category=combat', eventsResponseSchema);
    expect(combat.items.length).toBeGreaterThan(0);
    for (const item of combat.items) expect(item.category).toBe('combat');
  });

  it('an upcoming event goes live when the clock passes its start, then ends; playback follows', async () => {
    const derby = await ok(`/api/v2/titles/LIVE/${TITLE_IDS.cityDerby}`, titleSchema);
    expect(derby.state).toBe('UPCOMING');
    expectError(await get(`/api/v2/playback/LIVE/${TITLE_IDS.cityDerby}`), 409, 'CONFLICT');

    await setClock(Date.parse(derby.startDate!) + 60_000);
    const live = await ok('/api/v2/events?state=LIVE&rpp=100', eventsResponseSchema);
    expect(live.items.find((i) => i.id === TITLE_IDS.cityDerby)?.state).toBe('LIVE');
    expect((await ok('/api/v2/rails/home-live-now?rpp=100', railSchema)).items.map((i) => i.id)).toContain(TITLE_IDS.cityDerby);
    // Premium: a guest is asked for a licence once it is live.
    expectError(await get(`/api/v2/playback/LIVE/${TITLE_IDS.cityDerby}`), 403, 'LICENCE_REQUIRED');

    await setClock(Date.parse(derby.endDate!) + 60_000);
    const ended = await ok(`/api/v2/titles/LIVE/${TITLE_IDS.cityDerby}`, titleSchema);
    expect(ended).toMatchObject({ state: 'ENDED', hasReplay: true, startDate: derby.startDate });
    expect((await ok('/api/v2/releases?rpp=100', tilePageSchema)).items.map((i) => i.id)).toContain(TITLE_IDS.cityDerby);
  });

  it('plays a free title of the catalogue; not an event before its start, nor one over without a replay', async () => {
    const studio = await get(`/api/v2/playback/LIVE/${TITLE_IDS.fightWeekStudio}`);
    // A live event between its start and end streams live (HLS, a window that follows the clock).
    expect(playbackSchema.parse(studio.json).url).toMatch(new RegExp(`/hls/[^/]+/live/[a-z]+/${TITLE_IDS.fightWeekStudio}/master\\.m3u8$`));
    expect((await get(`/api/v2/playback/CHANNEL/${TITLE_IDS.newsChannel}`)).status).toBe(200);
    expect((await get('/api/v2/playback/VOD/vod-training-camp')).status).toBe(200);
    const over = expectError(await get(`/api/v2/playback/LIVE/${TITLE_IDS.pressConference}`), 409, 'CONFLICT');
    expect(over.messages).toEqual(['eventEnded']);
    expectError(await get(`/api/v2/playback/SERIES/${TITLE_IDS.academy}`), 404, 'NOT_FOUND');
    expectError(await get(`/api/v2/playback/EPISODE/${TITLE_IDS.academy}`), 404, 'NOT_FOUND');
  });

  it('a clock far from the catalogue brings the catalogue along: events live now again', async () => {
    await setClock(Date.now() + 400 * 24 * HOUR);
    const live = await ok('/api/v2/events?state=LIVE', eventsResponseSchema);
    expect(live.items.length).toBeGreaterThanOrEqual(3);
    for (const item of live.items) expect(Date.parse(item.startDate!)).toBeGreaterThan(Date.now() + 399 * 24 * HOUR);
  });

  it('gives the events of a day in a time zone', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const utc = await ok(`/api/v2/events/schedule?date=${today}`, scheduleResponseSchema);
    expect(utc).toMatchObject({ date: today, timeZone: 'UTC', from: `${today}T00:00:00.000Z` });
    const tokyo = await ok(`/api/v2/events/schedule?date=${today}&timeZone=Asia/Tokyo`, scheduleResponseSchema);
    expect(Date.parse(tokyo.from)).toBe(Date.parse(`${today}T00:00:00Z`) - 9 * HOUR);
    for (const item of [...utc.items, ...tokyo.items]) expect(item.type).toBe('LIVE');
    const from = Date.parse(utc.from);
    for (const item of utc.items) {
      expect(Date.parse(item.startDate!)).toBeLessThan(from + 24 * HOUR);
      expect(Date.parse(item.endDate!)).toBeGreaterThan(from);
    }
    const week = await Promise.all(
      Array.from({ length: 14 }, (_, d) => ok(`/api/v2/events/schedule?date=${new Date(Date.now() + d * 24 * HOUR).toISOString().slice(0, 10)}`, scheduleResponseSchema)),
    );
    expect(new Set(week.flatMap((day) => day.items.filter((i) => i.state === 'UPCOMING').map((i) => i.id))).size).toBeGreaterThanOrEqual(8);
  });

  it('answers 400 for a missing or unknown state, a date that does not exist, an unknown time zone', async () => {
    for (const path of [
      '/api/v2/events',
      '/api/v2/events?state=SOON',
      '/api/v2/events/schedule',
      '/api/v2/events/schedule?date=2026-02-30',
      '/api/v2/events/schedule?date=tomorrow',
      '/api/v2/events/schedule?date=2026-05-01&timeZone=Mars/Olympus',
    ]) {
      expectError(await get(path), 400, 'BAD_REQUEST');
    }
  });

  it('lists releases newest first, none in the future', async () => {
    const releases = await everyPage('/api/v2/releases', 7);
    expect(releases.length).toBeGreaterThan(10);
    const released = releases.map((i) => Date.parse(i.releaseDate ?? i.endDate!));
    expect(released).toEqual([...released].sort((a, b) => b - a));
    for (const at of released) expect(at).toBeLessThanOrEqual(Date.now());
    for (const item of releases.filter((i) => i.type === 'LIVE')) expect(item).toMatchObject({ state: 'ENDED', hasReplay: true });
  });
});

describe('the programme guide', () => {
  it('answers each channel\'s programmes over the window, back to back, in the request\'s language', async () => {
    const from = new Date(Date.now() - HOUR).toISOString();
    const to = new Date(Date.now() + 7 * 24 * HOUR).toISOString();
    const guide = await ok(`/api/v2/epg?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, guideResponseSchema, 'es');
    expect(guide.channels).toHaveLength(4);
    expect(guide.pagingInfo).toMatchObject({ totalCount: 4, moreDataAvailable: false });
    for (const channel of guide.channels) {
      const programmes = channel.programmes;
      expect(Date.parse(programmes[0]!.startDate)).toBeLessThanOrEqual(Date.parse(from));
      expect(Date.parse(programmes.at(-1)!.endDate)).toBeGreaterThanOrEqual(Date.parse(to));
      for (let i = 1; i < programmes.length; i += 1) expect(programmes[i]!.startDate).toBe(programmes[i - 1]!.endDate);
    }
    expect(guide.channels[3]!.programmes.some((p) => p.title === 'Noticias en punto')).toBe(true);
    const paged = await ok(`/api/v2/epg?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&rpp=3&lastSeen=3`, guideResponseSchema);
    expect(paged.channels.map((c) => c.id)).toEqual([guide.channels[3]!.id]);
  });

  it('answers 400 for a window that is reversed, empty, over 8 days, or without an offset', async () => {
    const at = (hours: number) => encodeURIComponent(new Date(Date.UTC(2026, 4, 1) + hours * HOUR).toISOString());
    for (const query of [`from=${at(2)}&to=${at(1)}`, `from=${at(1)}&to=${at(1)}`, `from=${at(0)}&to=${at(8 * 24 + 1)}`, 'from=2026-05-01T00:00&to=2026-05-02T00:00', `from=${at(0)}`]) {
      expectError(await get(`/api/v2/epg?${query}`), 400, 'BAD_REQUEST');
    }
  });
});

describe('search', () => {
  it('finds a title by a word of its Spanish title, with or without accents and capitals', async () => {
    const found = await ok('/api/v2/search?q=goleadora', searchResponseSchema, 'es');
    expect(found.results.video.items.map((i) => i.id)).toContain(TITLE_IDS.smallTownStriker);
    expect(found.results.video.items[0]).toMatchObject({ title: 'La goleadora del pueblo' });
    const accented = await ok(`/api/v2/search?q=${encodeURIComponent('PELÍCULAS')}`, searchResponseSchema, 'es');
    const plain = await ok('/api/v2/search?q=peliculas', searchResponseSchema, 'es');
    expect(accented.totalCount).toBe(plain.totalCount);
    // The English word does not find it in Spanish, nor the Spanish one in English.
    expect((await ok('/api/v2/search?q=goleadora', searchResponseSchema, 'en')).totalCount).toBe(0);
    const arabic = await ok(`/api/v2/search?q=${encodeURIComponent('الاكاديمية')}`, searchResponseSchema, 'ar');
    expect(arabic.results.playlist.items.map((i) => i.id)).toContain(TITLE_IDS.academy);
  });

  it('groups results per search type, counts them, pages them and offers refines', async () => {
    const all = await ok('/api/v2/search?q=fight&rpp=2', searchResponseSchema);
    const groups = [all.results.liveEvent, all.results.video, all.results.playlist];
    expect(all.totalCount).toBe(groups.reduce((n, g) => n + g.totalCount, 0));
    expect(all.totalCount).toBeGreaterThan(3);
    for (const group of groups) expect(group.items.length).toBeLessThanOrEqual(2);
    for (const item of all.results.liveEvent.items) expect(item.type).toBe('LIVE');
    for (const item of all.results.video.items) expect(['VOD', 'EPISODE']).toContain(item.type);
    const byType = all.refines.find((r) => r.key === 'type')!;
    expect(byType.values.map((v) => [v.value, v.count])).toEqual(
      (['liveEvent', 'video', 'playlist'] as const).filter((t) => all.results[t].totalCount > 0).map((t) => [t, all.results[t].totalCount]),
    );
    const second = await ok('/api/v2/search?q=fight&rpp=2&page=2', searchResponseSchema);
    expect(second.results.liveEvent.items.map((i) => i.id)).not.toContain(all.results.liveEvent.items[0]!.id);

    const videos = await ok('/api/v2/search?q=fight&type=video&access=free', searchResponseSchema);
    expect(videos.results.liveEvent.totalCount).toBe(0);
    for (const item of videos.results.video.items) expect(item.licenceIds).toEqual([]);
    const access = videos.refines.find((r) => r.key === 'access')!;
    expect(access.values.find((v) => v.value === 'free')).toMatchObject({ selected: true, label: 'Free' });
  });

  it('answers popular content and no results for an empty query', async () => {
    for (const path of ['/api/v2/search', '/api/v2/search?q=', `/api/v2/search?q=${encodeURIComponent(' ¿? ')}`]) {
      const empty = await ok(path, searchResponseSchema, 'pt');
      expect(empty.totalCount).toBe(0);
      expect(empty.popularContent!.length).toBeGreaterThan(5);
      expect(empty.results.video.items).toEqual([]);
    }
    expect((await ok('/api/v2/search?q=harbour', searchResponseSchema)).popularContent).toBeUndefined();
  });

  it('answers 400 for a query over 200 characters or an unknown filter value', async () => {
    expectError(await get(`/api/v2/search?q=${'a'.repeat(201)}`), 400, 'BAD_REQUEST');
    expectError(await get('/api/v2/search?q=a&type=podcast'), 400, 'BAD_REQUEST');
    expectError(await get('/api/v2/search?q=a&access=cheap'), 400, 'BAD_REQUEST');
    expectError(await get('/api/v2/search?q=a&page=0'), 400, 'BAD_REQUEST');
  });
});

describe('news', () => {
  it('lists two feeds with their latest items, newest first', async () => {
    const { feeds } = await ok('/api/v2/news', newsFeedsResponseSchema, 'pt');
    expect(feeds.map((f) => [f.id, f.title])).toEqual([['headlines', 'Manchetes'], ['fight-news', 'Notícias de Luta']]);
    for (const feed of feeds) {
      expect(feed.latest.length).toBe(3);
      const dates = feed.latest.map((i) => Date.parse(i.publishedDate));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    }
  });

  it('pages a feed and shows an item with its body and related titles', async () => {
    const page = await ok('/api/v2/news/headlines?rpp=2', newsFeedResponseSchema);
    expect(page.items).toHaveLength(2);
    expect(page.pagingInfo).toMatchObject({ moreDataAvailable: true, totalCount: 5 });
    const item = await ok('/api/v2/news/headlines/news-academy-season-two', newsItemSchema, 'es');
    expect(item).toMatchObject({ feedTitle: 'Titulares', title: 'La Academia vuelve con una segunda temporada' });
    expect(item.body.length).toBe(2);
    expect(item.related.map((r) => r.id)).toEqual([TITLE_IDS.academy, TITLE_IDS.academySeason2]);
  });

  it('shows nothing not yet published on the sandbox clock', async () => {
    const latest = (await ok('/api/v2/news/fight-news?rpp=1', newsFeedResponseSchema)).items[0]!;
    await setClock(Date.parse(latest.publishedDate) - 60_000);
    const earlier = await ok('/api/v2/news/fight-news', newsFeedResponseSchema);
    expect(earlier.items.map((i) => i.id)).not.toContain(latest.id);
    expectError(await get(`/api/v2/news/fight-news/${latest.id}`), 404, 'NOT_FOUND');
  });

  it('answers 404 for an unknown feed, or an item of another feed', async () => {
    expectError(await get('/api/v2/news/gossip'), 404, 'NOT_FOUND');
    expectError(await get('/api/v2/news/fight-news/news-academy-season-two'), 404, 'NOT_FOUND');
    expectError(await get('/api/v2/news/headlines/nothing'), 404, 'NOT_FOUND');
  });
});

describe('fighters and rankings', () => {
  it('lists 30 fighters A to Z by last name, accents folded, with the letters that have some', async () => {
    const all = await ok('/api/v2/fighters?rpp=100', fightersResponseSchema);
    expect(all.items).toHaveLength(30);
    const lastNames = all.items.map((f) => f.lastName.normalize('NFD').replace(/\p{M}/gu, ''));
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b, 'en')));
    expect(all.letters.reduce((n, l) => n + l.count, 0)).toBe(30);
    const a = await ok('/api/v2/fighters?letter=a', fightersResponseSchema);
    expect(a.items.map((f) => f.lastName)).toContain('Ávila');
    expect(a.items).toHaveLength(all.letters.find((l) => l.letter === 'A')!.count);
    const women = await ok('/api/v2/fighters?weightClass=womensFlyweight', fightersResponseSchema, 'es');
    expect(women.items).toHaveLength(7);
    for (const fighter of women.items) expect(fighter).toMatchObject({ weightClass: 'womensFlyweight', weightClassLabel: 'Peso mosca femenino' });
    expect(women.letters.reduce((n, l) => n + l.count, 0)).toBe(7);
    expect(new Set(all.items.map((f) => f.weightClass)).size).toBe(4);
  });

  it('shows a fighter with a record that counts their results, newest first', async () => {
    const fighter = await ok('/api/v2/fighters/f-ana-ruiz', fighterSchema, 'ar');
    expect(fighter).toMatchObject({ name: 'Ana Ruiz', ranking: { position: 0, champion: true } });
    const count = (result: string) => fighter.results.filter((r) => r.result === result).length;
    expect(fighter.record).toEqual({ wins: count('win'), losses: count('loss'), noContests: count('noContest') });
    const dates = fighter.results.map((r) => Date.parse(r.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(fighter.bio).toContain('Ana Ruiz');
    const onFightNight42 = fighter.results.find((r) => r.eventId);
    expect(onFightNight42).toMatchObject({ eventId: TITLE_IDS.fightNight42, eventTitle: 'Fight Night 42' });
  });

  it('ranks each weight class: a champion, then contenders by position', async () => {
    const { weightClasses } = await ok('/api/v2/rankings', rankingsResponseSchema);
    expect(weightClasses.map((w) => w.weightClass)).toEqual(['lightweight', 'welterweight', 'middleweight', 'womensFlyweight']);
    for (const klass of weightClasses) {
      expect(klass.champion?.ranking).toEqual({ position: 0, champion: true });
      expect(klass.ranked.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
      for (const entry of klass.ranked) expect(entry.fighter.weightClass).toBe(klass.weightClass);
    }
    const vacant = await ok('/api/v2/rankings?weightClass=heavyweight', rankingsResponseSchema);
    expect(vacant.weightClasses).toEqual([expect.objectContaining({ weightClass: 'heavyweight', champion: null, ranked: [] })]);
  });

  it('answers 404 for an unknown fighter, 400 for an unknown class or a letter that is not one', async () => {
    expectError(await get('/api/v2/fighters/f-nobody'), 404, 'NOT_FOUND');
    expectError(await get('/api/v2/fighters?weightClass=catchweight'), 400, 'BAD_REQUEST');
    expectError(await get('/api/v2/fighters?letter=ab'), 400, 'BAD_REQUEST');
    expectError(await get('/api/v2/rankings?weightClass=catchweight'), 400, 'BAD_REQUEST');
  });
});

describe('external pages', () => {
  it('answers a page\'s blocks in the request\'s language; 404 for an unknown page', async () => {
    const about = await ok('/api/v2/external-pages/about', externalPageSchema, 'ar');
    expect(about.title).toBe('عن ستريم');
    expect(about.blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'paragraph', 'link']);
    expect(about.blocks.at(-1)).toMatchObject({ url: '/purchase' });
    const help = await ok('/api/v2/external-pages/help', externalPageSchema);
    expect(Date.parse(help.updatedDate!)).toBeLessThan(Date.now());
    expectError(await get('/api/v2/external-pages/terms'), 404, 'NOT_FOUND');
  });
});

describe('a restart', () => {
  it('seeds again over the same database and answers the same catalogue', async () => {
    const before = await ok('/api/v2/sections/home?rpp=100', sectionSchema);
    await seedDatabase(opened.deps.db, { demoAccount: true });
    const after = await ok('/api/v2/sections/home?rpp=100', sectionSchema);
    expect(after.rails.map((r) => [r.id, r.items.map((i) => i.id)])).toEqual(before.rails.map((r) => [r.id, r.items.map((i) => i.id)]));
  });
});
