/**
 * Sections and rails (docs/sandbox.md "Catalogue"): the home page (a hero, promo items, a "live
 * now" rail, curated and computed rails) and four browse categories. Curated rails list title
 * ids of `seed/titles.ts`; computed rails (LIVE_NOW, UPCOMING, RELEASES, POPULAR) are filled at
 * request time on the sandbox clock.
 */
import type { RailLayout, RailSource } from '@stream/core/contracts';
import type { railItems, rails, sections } from '../db/schema.js';
import type { Localized } from '../db/types.js';
import { CONTENT_IDS } from './catalogue.js';
import { coloursFor, t } from './texts.js';
import { TITLE_IDS as I } from './titles.js';

type SectionInsert = typeof sections.$inferInsert;
type RailInsert = typeof rails.$inferInsert;
type RailItemInsert = typeof railItems.$inferInsert;

/** The home section's id (route HOME). */
export const HOME_SECTION_ID = 'home';

interface RailSeed {
  id: string;
  title: Localized;
  layout: RailLayout;
  source: RailSource;
  categories?: string[];
  /** CURATED: the titles, in order. */
  items?: string[];
}

interface SectionSeed {
  id: string;
  kind: 'home' | 'category';
  category: string;
  title: Localized;
  description?: Localized;
  rails: RailSeed[];
}

const SPORTS_CATEGORIES = ['football', 'basketball', 'motorsport', 'athletics'];

const SECTIONS: SectionSeed[] = [
  {
    id: HOME_SECTION_ID,
    kind: 'home',
    category: 'magazine',
    title: t('Home', 'Inicio', 'Início', 'الرئيسية'),
    rails: [
      {
        id: 'home-hero',
        layout: 'HERO',
        source: 'CURATED',
        title: t('Featured', 'Destacados', 'Destaques', 'مميز'),
        items: [CONTENT_IDS.premiumLive, I.fightNight43, I.academy, I.harbourLights, I.rallyStage],
      },
      {
        id: 'home-live-now',
        layout: 'LANDSCAPE',
        source: 'LIVE_NOW',
        title: t('Live now', 'En directo ahora', 'Ao vivo agora', 'مباشر الآن'),
      },
      {
        id: 'home-promo',
        layout: 'PROMO',
        source: 'CURATED',
        title: t("Don't miss", 'No te lo pierdas', 'Não perca', 'لا تفوّت'),
        items: [I.freePlaylist, I.ringStories, I.cupFinal],
      },
      {
        id: 'home-upcoming',
        layout: 'LANDSCAPE',
        source: 'UPCOMING',
        title: t('Coming up', 'Próximamente', 'Em breve', 'قريبًا'),
      },
      {
        id: 'home-new',
        layout: 'LANDSCAPE',
        source: 'RELEASES',
        title: t('New releases', 'Novedades', 'Lançamentos', 'إصدارات جديدة'),
      },
      {
        id: 'home-films',
        layout: 'POSTER',
        source: 'CURATED',
        title: t('Films for tonight', 'Películas para esta noche', 'Filmes para esta noite', 'أفلام لهذه الليلة'),
        items: [I.harbourLights, 'vod-snowline', I.smallTownStriker, 'vod-paper-crowns', 'vod-city-of-echoes', CONTENT_IDS.cinemaVod, 'vod-slam-dunk-summer'],
      },
      {
        id: 'home-series',
        layout: 'POSTER',
        source: 'CURATED',
        title: t('Series to binge', 'Series para maratonear', 'Séries para maratonar', 'مسلسلات للمشاهدة المتواصلة'),
        items: [I.academy, I.ringStories, I.gridMasters],
      },
      {
        id: 'home-free',
        layout: 'LANDSCAPE',
        source: 'CURATED',
        title: t('Free to watch', 'Gratis', 'Grátis', 'مجانًا'),
        items: [I.smallTownStriker, 'vod-training-camp', CONTENT_IDS.freeLive, I.fightWeekStudio, 'vod-iron-valley', 'vod-the-long-pass', CONTENT_IDS.freeVod1, CONTENT_IDS.freeVod2],
      },
      {
        id: 'home-popular',
        layout: 'LANDSCAPE',
        source: 'POPULAR',
        title: t('Most watched', 'Lo más visto', 'Mais assistidos', 'الأكثر مشاهدة'),
      },
      {
        id: 'home-replays',
        layout: 'LANDSCAPE',
        source: 'CURATED',
        title: t('Full replays', 'Repeticiones completas', 'Reprises completas', 'إعادات كاملة'),
        items: [CONTENT_IDS.sportsVod, I.fightNight42, 'ended-cup-quarter-final', 'ended-court-kings-semi', 'ended-mountain-grand-prix'],
      },
      {
        id: 'home-fight',
        layout: 'LANDSCAPE',
        source: 'CURATED',
        title: t('Fight night', 'Noche de combate', 'Noite da luta', 'ليلة النزال'),
        items: [I.fightNight43, 'vod-greatest-knockouts', 'vod-training-camp', I.ringStories, I.fightNight42],
      },
      {
        id: 'home-playlists',
        layout: 'POSTER',
        source: 'CURATED',
        title: t('Playlists', 'Listas', 'Listas', 'قوائم التشغيل'),
        items: [I.freePlaylist, I.knockoutPlaylist, I.movieNight, I.matchday],
      },
    ],
  },
  {
    id: 'sports',
    kind: 'category',
    category: 'football',
    title: t('Sports', 'Deportes', 'Esportes', 'رياضة'),
    description: t(
      'Football, basketball, motorsport and athletics: live, on replay and behind the scenes.',
      'Fútbol, baloncesto, motor y atletismo: en directo, en diferido y entre bastidores.',
      'Futebol, basquete, automobilismo e atletismo: ao vivo, em reprise e nos bastidores.',
      'كرة القدم وكرة السلة ورياضة السيارات وألعاب القوى: مباشرة وبالإعادة ومن خلف الكواليس.',
    ),
    rails: [
      { id: 'sports-live', layout: 'LANDSCAPE', source: 'LIVE_NOW', categories: SPORTS_CATEGORIES, title: t('Live now', 'En directo ahora', 'Ao vivo agora', 'مباشر الآن') },
      { id: 'sports-upcoming', layout: 'LANDSCAPE', source: 'UPCOMING', categories: SPORTS_CATEGORIES, title: t('Coming up', 'Próximamente', 'Em breve', 'قريبًا') },
      {
        id: 'sports-football',
        layout: 'LANDSCAPE',
        source: 'CURATED',
        title: t('Football', 'Fútbol', 'Futebol', 'كرة القدم'),
        items: [CONTENT_IDS.sportsVod, 'vod-derby-classics', 'vod-midfield-maestro', 'vod-the-long-pass', 'ended-cup-quarter-final', I.matchday],
      },
      {
        id: 'sports-motorsport',
        layout: 'LANDSCAPE',
        source: 'CURATED',
        title: t('Motorsport', 'Motor', 'Automobilismo', 'رياضة السيارات'),
        items: ['vod-the-last-lap', 'vod-desert-rally-diaries', 'vod-pit-wall', I.gridMasters, 'ended-mountain-grand-prix'],
      },
      {
        id: 'sports-basketball',
        layout: 'LANDSCAPE',
        source: 'CURATED',
        title: t('Basketball', 'Baloncesto', 'Basquete', 'كرة السلة'),
        items: ['vod-court-kings', 'ended-court-kings-semi', 'vod-slam-dunk-summer'],
      },
    ],
  },
  {
    id: 'fight',
    kind: 'category',
    category: 'combat',
    title: t('Fight', 'Combate', 'Luta', 'نزالات'),
    description: t(
      'Fight nights live, full replays, and the stories of the fighters.',
      'Noches de combate en directo, repeticiones completas y las historias de los luchadores.',
      'Noites de luta ao vivo, reprises completas e as histórias dos lutadores.',
      'ليالي النزال مباشرة وإعادات كاملة وقصص المقاتلين.',
    ),
    rails: [
      { id: 'fight-live', layout: 'LANDSCAPE', source: 'LIVE_NOW', categories: ['combat'], title: t('Live now', 'En directo ahora', 'Ao vivo agora', 'مباشر الآن') },
      { id: 'fight-upcoming', layout: 'LANDSCAPE', source: 'UPCOMING', categories: ['combat'], title: t('Next fights', 'Próximos combates', 'Próximas lutas', 'النزالات القادمة') },
      {
        id: 'fight-replays',
        layout: 'LANDSCAPE',
        source: 'CURATED',
        title: t('Replays and highlights', 'Repeticiones y resúmenes', 'Reprises e melhores momentos', 'إعادات وملخصات'),
        items: [I.fightNight42, 'vod-greatest-knockouts', I.knockoutPlaylist],
      },
      {
        id: 'fight-stories',
        layout: 'POSTER',
        source: 'CURATED',
        title: t('Fighter stories', 'Historias de luchadores', 'Histórias de lutadores', 'قصص المقاتلين'),
        items: [I.ringStories, 'vod-training-camp', 'vod-iron-valley'],
      },
    ],
  },
  {
    id: 'films',
    kind: 'category',
    category: 'film',
    title: t('Films', 'Películas', 'Filmes', 'أفلام'),
    description: t(
      'Thrillers, comedies and sports films, new every week.',
      'Thrillers, comedias y películas de deporte, novedades cada semana.',
      'Suspenses, comédias e filmes de esporte, novidades toda semana.',
      'أفلام تشويق وكوميديا وأفلام رياضية، جديدة كل أسبوع.',
    ),
    rails: [
      { id: 'films-new', layout: 'POSTER', source: 'RELEASES', categories: ['film'], title: t('Just added', 'Recién llegadas', 'Recém-chegados', 'أضيفت حديثًا') },
      {
        id: 'films-thrillers',
        layout: 'POSTER',
        source: 'CURATED',
        title: t('Edge of your seat', 'Al borde del asiento', 'De tirar o fôlego', 'على حافة المقعد'),
        items: [I.harbourLights, 'vod-snowline', 'vod-city-of-echoes', CONTENT_IDS.cinemaVod],
      },
      {
        id: 'films-feelgood',
        layout: 'POSTER',
        source: 'CURATED',
        title: t('Feel-good films', 'Películas para sonreír', 'Filmes para sorrir', 'أفلام تبعث على البهجة'),
        items: [I.smallTownStriker, 'vod-paper-crowns', 'vod-slam-dunk-summer'],
      },
      {
        id: 'films-documentaries',
        layout: 'LANDSCAPE',
        source: 'CURATED',
        title: t('Documentaries', 'Documentales', 'Documentários', 'أفلام وثائقية'),
        items: ['vod-iron-valley', 'vod-the-last-lap', 'vod-midfield-maestro', CONTENT_IDS.freeVod2],
      },
    ],
  },
  {
    id: 'series',
    kind: 'category',
    category: 'drama',
    title: t('Series', 'Series', 'Séries', 'مسلسلات'),
    description: t(
      'Drama and documentary series, season by season.',
      'Series de ficción y documentales, temporada a temporada.',
      'Séries de ficção e documentais, temporada por temporada.',
      'مسلسلات درامية ووثائقية، موسمًا بعد موسم.',
    ),
    rails: [
      {
        id: 'series-all',
        layout: 'POSTER',
        source: 'CURATED',
        title: t('All series', 'Todas las series', 'Todas as séries', 'كل المسلسلات'),
        items: [I.academy, I.ringStories, I.gridMasters],
      },
      {
        id: 'series-latest-episodes',
        layout: 'LANDSCAPE',
        source: 'CURATED',
        title: t('Latest episodes', 'Últimos episodios', 'Últimos episódios', 'أحدث الحلقات'),
        items: ['episode-the-academy-2-3', 'episode-ring-stories-2-3', 'episode-grid-masters-2-3', 'episode-the-academy-2-2', 'episode-ring-stories-2-2'],
      },
      {
        id: 'series-seasons',
        layout: 'POSTER',
        source: 'CURATED',
        title: t('Start from the beginning', 'Empieza desde el principio', 'Comece do início', 'ابدأ من البداية'),
        items: [I.academySeason1, 'season-ring-stories-1', 'season-grid-masters-1'],
      },
    ],
  },
];

/** The sections, rails and curated rail items. */
export function seedSections(): { sections: SectionInsert[]; rails: RailInsert[]; railItems: RailItemInsert[] } {
  const sectionRows: SectionInsert[] = [];
  const railRows: RailInsert[] = [];
  const itemRows: RailItemInsert[] = [];
  SECTIONS.forEach((section, s) => {
    sectionRows.push({
      id: section.id,
      kind: section.kind,
      title: section.title,
      description: section.description ?? null,
      colours: coloursFor(section.category, s),
      sortOrder: s,
    });
    section.rails.forEach((rail, position) => {
      railRows.push({
        id: rail.id,
        sectionId: section.id,
        position,
        title: rail.title,
        layout: rail.layout,
        source: rail.source,
        categories: rail.categories ?? null,
      });
      (rail.items ?? []).forEach((titleId, index) => itemRows.push({ railId: rail.id, position: index, titleId }));
    });
  });
  return { sections: sectionRows, rails: railRows, railItems: itemRows };
}
