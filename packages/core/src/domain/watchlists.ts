/**
 * Watchlists: the ownership rules of commerce-and-account-data.md §4 ("only owned ones can be
 * renamed or deleted; a shared one can be saved; a shared one cannot lose the saved flag on
 * delete") and §6 ("Watchlist rules as in section 4"), the constants of §9 (page sizes 25 and 60,
 * adjacent size 5), the reorder payload of §9 ("reorder sends the first items up to lastSeen")
 * and this project's sharing (docs/api.md "Watchlists"). One set of rules for the platform (the
 * sandbox decides every call with {@link decideWatchlistAction}) and the pages (which offer only
 * the actions it allows). Pure and total: bad input gives a typed result, never an exception.
 */
import { ROUTE_PATHS } from './routes.js';

/** §3 "ownership (OWNED or SHARED)": the viewer's own list, or another account's list reached by its shareable path. */
export const WATCHLIST_OWNERSHIPS = ['OWNED', 'SHARED'] as const;
export type WatchlistOwnership = (typeof WATCHLIST_OWNERSHIPS)[number];

/** §9: page size of the older API's list of watchlists (`GET /api/v2/watchlists?rpp=25`). */
export const WATCHLISTS_PAGE_SIZE = 25;
/** §9: page size of a watchlist's content in the newer API (`GET /api/v4/user/watchlist/{id}?rpp=60`). */
export const WATCHLIST_CONTENT_PAGE_SIZE = 60;
/** §9: adjacent content size (`GET …/adjacentTo/{contentId}?size=5`): items on each side. */
export const WATCHLIST_ADJACENT_SIZE = 5;
/** Longest watchlist name, in UTF-16 code units after trimming (this project's limit). */
export const WATCHLIST_NAME_MAX_LENGTH = 100;
/** Most watchlists one profile owns (this project's limit; one more is 409 `CONFLICT`). */
export const WATCHLIST_MAX_LISTS = 100;
/** Most items in one watchlist (this project's limit; one more is 409 `CONFLICT`). */
export const WATCHLIST_MAX_ITEMS = 500;
/** Query parameter of a shareable path that carries the share token (`/watchlists?share=<token>`). */
export const WATCHLIST_SHARE_PARAM = 'share';

/**
 * What a viewer may try on a watchlist: `view` (read it, its content, adjacent content),
 * `rename`, `delete`, `addContent`, `removeContent`, `reorder` (the owner's edits), `save` and
 * `unsave` (keep a shared list in one's library, or take it out).
 */
export const WATCHLIST_ACTIONS = ['view', 'rename', 'delete', 'addContent', 'removeContent', 'reorder', 'save', 'unsave'] as const;
export type WatchlistAction = (typeof WATCHLIST_ACTIONS)[number];

/** Actions only the owner may take (§4: "only owned ones can be renamed or deleted"; editing the content likewise). */
const OWNER_ACTIONS: ReadonlySet<string> = new Set<WatchlistAction>(['rename', 'delete', 'addContent', 'removeContent', 'reorder']);

/**
 * How the viewer stands to a list: `ownership` `OWNED` (the viewer made it) or `SHARED` (another
 * account's list the viewer opened by its shareable path), and `saved` (the list is in the
 * viewer's library: always true for `OWNED`, true for `SHARED` once saved). No relation at all
 * (`null`): another account's list the viewer never reached by its link, or no such list.
 */
export interface WatchlistRelation {
  ownership: WatchlistOwnership;
  saved: boolean;
}

/**
 * The answer of {@link decideWatchlistAction}: allowed, with the viewer's `saved` flag after the
 * action; or refused, with the platform's status and code: 404 `NOT_FOUND` (no relation: the list
 * is not reachable, and nothing says whether it exists), 403 `NOT_OWNER` (an owner's action on a
 * `SHARED` list), 409 `CONFLICT` (saving or unsaving one's own list, which is always in the
 * library), 400 `BAD_REQUEST` (an action this module does not know).
 */
export type WatchlistDecision =
  | { allowed: true; saved: boolean }
  | { allowed: false; status: 404; code: 'NOT_FOUND' }
  | { allowed: false; status: 403; code: 'NOT_OWNER' }
  | { allowed: false; status: 409; code: 'CONFLICT' }
  | { allowed: false; status: 400; code: 'BAD_REQUEST' };

const NOT_FOUND = { allowed: false, status: 404, code: 'NOT_FOUND' } as const;
const NOT_OWNER = { allowed: false, status: 403, code: 'NOT_OWNER' } as const;
const CONFLICT = { allowed: false, status: 409, code: 'CONFLICT' } as const;
const BAD_ACTION = { allowed: false, status: 400, code: 'BAD_REQUEST' } as const;

/** Whether `relation` is a well-formed {@link WatchlistRelation} (anything else counts as no relation). */
function isRelation(relation: unknown): relation is WatchlistRelation {
  if (typeof relation !== 'object' || relation === null) return false;
  const { ownership, saved } = relation as Partial<WatchlistRelation>;
  return (ownership === 'OWNED' || ownership === 'SHARED') && typeof saved === 'boolean';
}

/**
 * The §4 ownership rules, as one function: may a viewer standing in `relation` to a list take
 * `action`, and what is the viewer's `saved` flag afterwards?
 *
 * - No relation (`null`, `undefined` or malformed): 404 `NOT_FOUND` for every action, so that
 *   nobody else's list is reachable by guessing its ids.
 * - `OWNED`: every owner action and `view` are allowed (`saved` stays true); `save` and `unsave`
 *   are 409 `CONFLICT` (one's own list is always in the library; delete it instead).
 * - `SHARED`: `view` is allowed; `save` sets `saved`, `unsave` clears it (both idempotent);
 *   `rename`, `delete`, `addContent`, `removeContent`, `reorder` are 403 `NOT_OWNER`, and the
 *   `saved` flag is untouched ("a shared one cannot lose the saved flag on delete").
 */
export function decideWatchlistAction(relation: WatchlistRelation | null | undefined, action: WatchlistAction): WatchlistDecision {
  if (!(WATCHLIST_ACTIONS as readonly unknown[]).includes(action)) return BAD_ACTION;
  if (!isRelation(relation)) return NOT_FOUND;
  if (relation.ownership === 'OWNED') {
    return action === 'save' || action === 'unsave' ? CONFLICT : { allowed: true, saved: true };
  }
  if (OWNER_ACTIONS.has(action)) return NOT_OWNER;
  if (action === 'save') return { allowed: true, saved: true };
  if (action === 'unsave') return { allowed: true, saved: false };
  return { allowed: true, saved: relation.saved };
}

/** The actions {@link decideWatchlistAction} allows for `relation`, in {@link WATCHLIST_ACTIONS} order (what a page offers). */
export function allowedWatchlistActions(relation: WatchlistRelation | null | undefined): WatchlistAction[] {
  return WATCHLIST_ACTIONS.filter((action) => decideWatchlistAction(relation, action).allowed);
}

/**
 * The shareable path of a list (this project's sharing, docs/api.md "Watchlists"): the WATCHLISTS
 * page with the share token, `/watchlists?share=<token>` (the token URL-encoded). A page in
 * another route locale keeps the query on its own WATCHLISTS path.
 */
export function watchlistShareablePath(shareToken: string): string {
  return `${ROUTE_PATHS.WATCHLISTS}?${WATCHLIST_SHARE_PARAM}=${encodeURIComponent(shareToken)}`;
}

/** The share token of a location's query (`?share=…`, with or without the `?`), or null when it has none or an empty one. */
export function watchlistShareToken(search: string): string | null {
  if (typeof search !== 'string') return null;
  let token: string | null;
  try {
    token = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get(WATCHLIST_SHARE_PARAM);
  } catch {
    return null;
  }
  return token ? token : null;
}

/** A name as the platform keeps it (trimmed), or null when it is empty or longer than {@link WATCHLIST_NAME_MAX_LENGTH}. */
export function watchlistName(name: string): string | null {
  if (typeof name !== 'string') return null;
  const trimmed = name.trim();
  return trimmed.length > 0 && trimmed.length <= WATCHLIST_NAME_MAX_LENGTH ? trimmed : null;
}

// ---------------------------------------------------------------------------------------------
// Reorder (§9 "reorder sends the first items up to lastSeen")
// ---------------------------------------------------------------------------------------------

/** An item of a watchlist as the reorder rules see it: the title's id and type (`VOD`, `SERIES`, …). */
export interface WatchlistItemRef {
  id: string;
  type: string;
}

/** The body and query of `POST /api/v4/user/watchlist/{id}?lastSeen=n`: the first `lastSeen` items in their new order. */
export interface WatchlistReorder {
  lastSeen: number;
  content: Array<{ id: string; contentType: string }>;
}

/** One item's key (`TYPE:id`, the type in upper case): the same title added twice is one item. */
export const watchlistItemKey = (item: WatchlistItemRef): string => `${String(item.type).toUpperCase()}:${item.id}`;

/**
 * The reorder request for a list the viewer sees as `items` (the new order of the items loaded so
 * far) having loaded `lastSeen` of them: the first `lastSeen` items (fewer when fewer are held),
 * as `{ id, contentType }`, and that count as `lastSeen`. A `lastSeen` that is not a whole number
 * counts as 0.
 */
export function watchlistReorder(items: readonly WatchlistItemRef[], lastSeen: number): WatchlistReorder {
  const n = Number.isInteger(lastSeen) && lastSeen > 0 ? Math.min(lastSeen, items.length) : 0;
  return { lastSeen: n, content: items.slice(0, n).map((item) => ({ id: item.id, contentType: String(item.type).toUpperCase() })) };
}

/**
 * Why a reorder cannot apply: `LENGTH_MISMATCH` (the body does not hold `lastSeen` items) and
 * `DUPLICATE` (an item twice) are malformed requests (400); `STALE` (the list has fewer than
 * `lastSeen` items, or its first `lastSeen` are not the items sent: it changed meanwhile) is 409.
 */
export type WatchlistReorderProblem = 'LENGTH_MISMATCH' | 'DUPLICATE' | 'STALE';

/** The outcome of {@link applyWatchlistReorder}. */
export type WatchlistReorderOutcome<T> = { ok: true; items: T[] } | { ok: false; problem: WatchlistReorderProblem };

/**
 * Applies a reorder to the list as the platform holds it (`current`, in order): its first
 * `reorder.lastSeen` items in the order of `reorder.content`, the rest unchanged. Any permutation
 * of the first items round-trips: `applyWatchlistReorder(current, watchlistReorder(p, n))` is
 * `p` followed by `current.slice(n)` whenever `p` permutes `current.slice(0, n)`.
 */
export function applyWatchlistReorder<T extends WatchlistItemRef>(current: readonly T[], reorder: WatchlistReorder): WatchlistReorderOutcome<T> {
  const { lastSeen, content } = reorder;
  if (!Number.isInteger(lastSeen) || lastSeen < 0 || !Array.isArray(content) || content.length !== lastSeen) {
    return { ok: false, problem: 'LENGTH_MISMATCH' };
  }
  const sent = content.map((entry) => watchlistItemKey({ id: entry.id, type: entry.contentType }));
  if (new Set(sent).size !== sent.length) return { ok: false, problem: 'DUPLICATE' };
  if (lastSeen > current.length) return { ok: false, problem: 'STALE' };
  const held = new Map(current.slice(0, lastSeen).map((item) => [watchlistItemKey(item), item] as const));
  const reordered: T[] = [];
  for (const key of sent) {
    const item = held.get(key);
    if (!item) return { ok: false, problem: 'STALE' };
    reordered.push(item);
  }
  return { ok: true, items: [...reordered, ...current.slice(lastSeen)] };
}

/**
 * `items` with the item at `from` moved to `to` (the others keep their order): a drag or a
 * keyboard move. Indexes outside the list, or not whole numbers, give an unchanged copy.
 */
export function moveWatchlistItem<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < items.length;
  if (!inRange(from) || !inRange(to) || from === to) return copy;
  const [moved] = copy.splice(from, 1);
  copy.splice(to, 0, moved as T);
  return copy;
}

/**
 * The message key of a failed watchlist call, from its status and code (`errorFacts` of
 * `domain/loginErrors`): 403 `NOT_OWNER` → `watchlistNotOwner`, 404 → `watchlistNotFound`, 409 →
 * `watchlistChanged` (a stale reorder, or a limit), 400 → `watchlistInvalid`, anything else
 * (no answer, 5xx) → `unknownError`.
 */
export function watchlistErrorKey(facts: { status?: number | undefined; code?: string | undefined }): string {
  if (facts.code === 'NOT_OWNER') return 'watchlistNotOwner';
  switch (facts.status) {
    case 404:
      return 'watchlistNotFound';
    case 409:
      return 'watchlistChanged';
    case 400:
      return 'watchlistInvalid';
    default:
      return 'unknownError';
  }
}
