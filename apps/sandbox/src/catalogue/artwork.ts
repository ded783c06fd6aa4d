/**
 * What the artwork route (`/artwork/<kind>/<id>/<width>`) can draw for an id of the catalogue:
 * the text to show and the two colours of its gradient. Ids are unique across titles (channels
 * included), sections, news items and fighters, so the id alone finds the subject.
 */
import { eq } from 'drizzle-orm';
import type { WeightClass } from '@stream/core/contracts';
import type { SandboxDb } from '../db/open.js';
import { fighters, newsItems, sections, titles } from '../db/schema.js';
import { WEIGHT_CLASS_LABELS, type CatalogueLocale } from '../seed/texts.js';
import { inLocale } from './text.js';
import { categoryLabel } from './tiles.js';

/** The subject of an artwork: its title, a subtitle (category, weight class, "News"), and its colours (CSS hex, from and to). */
export interface ArtworkSubject {
  title: string;
  subtitle: string;
  colours: [string, string];
}

/** The artwork subject of `id` in `locale` (English by default); undefined for an id the catalogue does not have. */
export async function findArtworkSubject(db: SandboxDb, id: string, locale: CatalogueLocale = 'en'): Promise<ArtworkSubject | undefined> {
  const [title] = await db.select().from(titles).where(eq(titles.id, id)).limit(1);
  if (title) return { title: inLocale(title.title, locale), subtitle: categoryLabel(title.category, locale), colours: title.colours };
  const [section] = await db.select().from(sections).where(eq(sections.id, id)).limit(1);
  if (section) return { title: inLocale(section.title, locale), subtitle: '', colours: section.colours };
  const [news] = await db.select().from(newsItems).where(eq(newsItems.id, id)).limit(1);
  if (news) return { title: inLocale(news.title, locale), subtitle: categoryLabel('news', locale), colours: news.colours };
  const [fighter] = await db.select().from(fighters).where(eq(fighters.id, id)).limit(1);
  if (fighter) {
    const weightClass = WEIGHT_CLASS_LABELS[fighter.weightClass as WeightClass];
    return { title: `${fighter.firstName} ${fighter.lastName}`, subtitle: weightClass ? inLocale(weightClass, locale) : '', colours: fighter.colours };
  }
  return undefined;
}
