/**
 * The catalogue's shared texts and colours (docs/sandbox.md "Catalogue"): the locales every
 * catalogue text is written in, category and weight-class labels, the labels of the search
 * refines, and the artwork colours of each category. All texts are this project's own.
 */
import type { Access, SearchRefineKey, SearchType, WeightClass } from '@stream/core/contracts';
import type { Localized } from '../db/types.js';

/** The locales of the catalogue's texts, as the realm's label files (`en` is the default). */
export const CATALOGUE_LOCALES = ['en', 'es', 'pt', 'ar'] as const;
export type CatalogueLocale = (typeof CATALOGUE_LOCALES)[number];

/** A text in the four catalogue locales: English, Spanish, Portuguese, Arabic. */
export const t = (en: string, es: string, pt: string, ar: string): Localized => ({ en, es, pt, ar });

/** The catalogue's categories and their labels. */
export const CATEGORY_LABELS: Record<string, Localized> = {
  football: t('Football', 'Fútbol', 'Futebol', 'كرة القدم'),
  basketball: t('Basketball', 'Baloncesto', 'Basquete', 'كرة السلة'),
  motorsport: t('Motorsport', 'Motor', 'Automobilismo', 'رياضة السيارات'),
  combat: t('Combat sports', 'Deportes de combate', 'Esportes de combate', 'رياضات قتالية'),
  athletics: t('Athletics', 'Atletismo', 'Atletismo', 'ألعاب القوى'),
  film: t('Films', 'Películas', 'Filmes', 'أفلام'),
  documentary: t('Documentaries', 'Documentales', 'Documentários', 'أفلام وثائقية'),
  drama: t('Drama', 'Drama', 'Drama', 'دراما'),
  news: t('News', 'Noticias', 'Notícias', 'أخبار'),
  magazine: t('Magazine', 'Magacín', 'Revista', 'برنامج منوع'),
};

/** Labels of the weight classes (`WEIGHT_CLASSES`). */
export const WEIGHT_CLASS_LABELS: Record<WeightClass, Localized> = {
  flyweight: t('Flyweight', 'Peso mosca', 'Peso mosca', 'وزن الذبابة'),
  bantamweight: t('Bantamweight', 'Peso gallo', 'Peso galo', 'وزن الديك'),
  featherweight: t('Featherweight', 'Peso pluma', 'Peso pena', 'وزن الريشة'),
  lightweight: t('Lightweight', 'Peso ligero', 'Peso leve', 'الوزن الخفيف'),
  welterweight: t('Welterweight', 'Peso wélter', 'Peso meio-médio', 'وزن الويلتر'),
  middleweight: t('Middleweight', 'Peso medio', 'Peso médio', 'الوزن المتوسط'),
  lightHeavyweight: t('Light heavyweight', 'Peso semipesado', 'Peso meio-pesado', 'الوزن الثقيل الخفيف'),
  heavyweight: t('Heavyweight', 'Peso pesado', 'Peso pesado', 'الوزن الثقيل'),
  womensStrawweight: t("Women's strawweight", 'Peso paja femenino', 'Peso palha feminino', 'وزن القشة للسيدات'),
  womensFlyweight: t("Women's flyweight", 'Peso mosca femenino', 'Peso mosca feminino', 'وزن الذبابة للسيدات'),
  womensBantamweight: t("Women's bantamweight", 'Peso gallo femenino', 'Peso galo feminino', 'وزن الديك للسيدات'),
  womensFeatherweight: t("Women's featherweight", 'Peso pluma femenino', 'Peso pena feminino', 'وزن الريشة للسيدات'),
};

/** Labels of the search refines. */
export const REFINE_LABELS: Record<SearchRefineKey, Localized> = {
  type: t('Type', 'Tipo', 'Tipo', 'النوع'),
  category: t('Category', 'Categoría', 'Categoria', 'الفئة'),
  access: t('Access', 'Acceso', 'Acesso', 'الوصول'),
};

/** Labels of the search types. */
export const SEARCH_TYPE_LABELS: Record<SearchType, Localized> = {
  liveEvent: t('Live events', 'Eventos en directo', 'Eventos ao vivo', 'أحداث مباشرة'),
  video: t('Videos', 'Vídeos', 'Vídeos', 'فيديوهات'),
  playlist: t('Playlists and series', 'Listas y series', 'Listas e séries', 'قوائم ومسلسلات'),
};

/** Labels of the access values. */
export const ACCESS_LABELS: Record<Access, Localized> = {
  free: t('Free', 'Gratis', 'Grátis', 'مجاني'),
  premium: t('Premium', 'Premium', 'Premium', 'مميز'),
};

/** The label of a season: "Season 2" in each locale. */
export const seasonLabel = (n: number): Localized => t(`Season ${n}`, `Temporada ${n}`, `Temporada ${n}`, `الموسم ${n}`);

/** Artwork colour pairs of each category; a title takes one by its index. */
const PALETTES: Record<string, [string, string][]> = {
  football: [['#14532d', '#22c55e'], ['#166534', '#a3e635'], ['#064e3b', '#10b981']],
  basketball: [['#7c2d12', '#f97316'], ['#9a3412', '#fbbf24']],
  motorsport: [['#7f1d1d', '#ef4444'], ['#1f2937', '#f59e0b'], ['#450a0a', '#fb7185']],
  combat: [['#111827', '#dc2626'], ['#18181b', '#f43f5e'], ['#1e1b4b', '#e11d48']],
  athletics: [['#0c4a6e', '#38bdf8']],
  film: [['#312e81', '#a855f7'], ['#4c1d95', '#ec4899'], ['#0f172a', '#6366f1']],
  documentary: [['#134e4a', '#2dd4bf'], ['#1e3a8a', '#60a5fa']],
  drama: [['#3b0764', '#c084fc'], ['#701a75', '#f472b6']],
  news: [['#0f172a', '#0ea5e9']],
  magazine: [['#422006', '#eab308']],
};

/** The artwork colours of the `index`-th title of `category` (a neutral pair for an unknown category). */
export function coloursFor(category: string, index: number): [string, string] {
  const palette = PALETTES[category] ?? [['#334155', '#64748b']];
  return palette[index % palette.length]!;
}
