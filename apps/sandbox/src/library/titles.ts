/** The catalogue titles the viewer's library (favourites, history) refers to: issue 14's `titles`. */
import { eq } from 'drizzle-orm';
import type { SandboxDb } from '../db/open.js';
import { titles } from '../db/schema.js';
import { ApiHttpError } from '../errors.js';
import type { TitleRow } from '../catalogue/tiles.js';
import { assertRated } from '../catalogue/rating.js';

/**
 * The catalogue title `id` (any type); 404 `NOT_FOUND` when the catalogue has none, or when it is
 * rated above `ageLimit` (a child profile's session: `catalogue/rating.ts`).
 */
export async function requireTitle(db: SandboxDb, id: string, ageLimit: number | undefined): Promise<TitleRow> {
  const [row] = await db.select().from(titles).where(eq(titles.id, id)).limit(1);
  if (!row) throw new ApiHttpError(404, 'NOT_FOUND', [`No title ${id}`]);
  return assertRated(row, ageLimit, `title ${id}`);
}
