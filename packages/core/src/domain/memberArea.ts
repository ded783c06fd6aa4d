/**
 * The member-area page's brand word (identity-and-routes.md §2 route table "Member-area page: its
 * path is a brand-specific word"; issue 18). The realm chooses the word (realm settings
 * `memberAreaWord`); this product's route is MEMBER_AREA (`/members`) and the word names the page.
 */

/** The word when the realm sets none (or one that is not usable). */
export const DEFAULT_MEMBER_AREA_WORD = 'club';

/** Longest brand word kept, in characters. */
export const MEMBER_AREA_WORD_MAX_LENGTH = 24;

/**
 * The realm's member-area word: `setting` trimmed when it is a string of 1 to
 * {@link MEMBER_AREA_WORD_MAX_LENGTH} letters, digits, spaces or hyphens (any script), else
 * {@link DEFAULT_MEMBER_AREA_WORD}. Total over any input.
 */
export function memberAreaWord(setting: unknown): string {
  if (typeof setting !== 'string') return DEFAULT_MEMBER_AREA_WORD;
  const word = setting.trim();
  if (word.length === 0 || word.length > MEMBER_AREA_WORD_MAX_LENGTH) return DEFAULT_MEMBER_AREA_WORD;
  return /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(word) ? word : DEFAULT_MEMBER_AREA_WORD;
}
