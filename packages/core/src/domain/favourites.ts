/**
 * Favourites (commerce-and-account-data.md §7 "Favourites", §9 "Favourites page size 9",
 * "Toggle debounce 500 ms"): the page size, and the favourite toggle as a pure rule.
 *
 * A heart shows the state the viewer chose at once (optimistic); the platform is told only once
 * the toggles pause for {@link FAVOURITE_TOGGLE_DEBOUNCE_MS}, and only when what the viewer chose
 * differs from what the platform holds: a burst of toggles sends at most one request (`PUT` or
 * `DELETE /api/v2/favourite/vods/{id}`) and ends in the last state chosen; an even burst sends
 * nothing. A refused request rolls the heart back to the platform's state. The favourite-toggle
 * machine (`machines/favouriteToggle`) runs these rules with the debounce as a named delay;
 * {@link debouncedFavouriteRequests} replays a burst on a clock given as a parameter (the property
 * tests' model of the machine). Pure and total.
 */

/** Favourites per page, `rpp`'s default of `GET /api/v2/favourite/vods` (§9 "Favourites page size 9"). */
export const FAVOURITES_PAGE_SIZE = 9;

/** How long the toggles must pause before the platform is told, in ms (§9 "Toggle debounce 500 ms"). */
export const FAVOURITE_TOGGLE_DEBOUNCE_MS = 500;

/** The request that tells the platform: `PUT` (add the favourite) or `DELETE` (remove it). */
export type FavouriteRequest = 'PUT' | 'DELETE';

/** One heart: what the platform holds (`platform`) and what the viewer chose and sees (`chosen`). */
export interface FavouriteToggle {
  readonly platform: boolean;
  readonly chosen: boolean;
}

/** A heart that agrees with the platform: `favourite` both held and shown. */
export function initialFavouriteToggle(favourite: boolean): FavouriteToggle {
  const value = favourite === true;
  return { platform: value, chosen: value };
}

/** The viewer pressed the heart: the chosen state flips (shown at once); the platform is unchanged. */
export function toggleFavourite(toggle: FavouriteToggle): FavouriteToggle {
  return { platform: toggle.platform, chosen: !toggle.chosen };
}

/** The request that brings the platform to the chosen state: `PUT`, `DELETE`, or undefined when they agree. */
export function favouriteRequest(toggle: FavouriteToggle): FavouriteRequest | undefined {
  if (toggle.chosen === toggle.platform) return undefined;
  return toggle.chosen ? 'PUT' : 'DELETE';
}

/** The platform confirmed a request: it now holds `favourite`; the chosen state (maybe toggled since) is kept. */
export function favouriteConfirmed(toggle: FavouriteToggle, favourite: boolean): FavouriteToggle {
  return { platform: favourite === true, chosen: toggle.chosen };
}

/** The platform refused a request: the heart rolls back to what the platform holds. */
export function favouriteRefused(toggle: FavouriteToggle): FavouriteToggle {
  return { platform: toggle.platform, chosen: toggle.platform };
}

/** One request {@link debouncedFavouriteRequests} sent: when (ms, on the clock of the toggles) and which. */
export interface SentFavouriteRequest {
  readonly atMs: number;
  readonly request: FavouriteRequest;
}

/**
 * Replays toggles of one heart at `toggleTimesMs` (ms on any clock; sorted here, non-finite
 * times dropped) with the debounce `debounceMs` (default {@link FAVOURITE_TOGGLE_DEBOUNCE_MS}),
 * the platform accepting every request at once: the requests sent (each `debounceMs` after the
 * last toggle of a burst whose chosen state differs from the platform's) and the final state.
 * A burst is a run of toggles less than `debounceMs` apart.
 */
export function debouncedFavouriteRequests(
  initial: boolean,
  toggleTimesMs: readonly number[],
  debounceMs: number = FAVOURITE_TOGGLE_DEBOUNCE_MS,
): { requests: SentFavouriteRequest[]; final: FavouriteToggle } {
  const wait = Number.isFinite(debounceMs) && debounceMs > 0 ? debounceMs : FAVOURITE_TOGGLE_DEBOUNCE_MS;
  const times = toggleTimesMs.filter((t) => Number.isFinite(t)).sort((a, b) => a - b);
  const requests: SentFavouriteRequest[] = [];
  let toggle = initialFavouriteToggle(initial);
  let lastToggleAt: number | undefined;
  const flush = () => {
    const request = favouriteRequest(toggle);
    if (request !== undefined && lastToggleAt !== undefined) {
      // Finite even at the far end of the number line (a time near Number.MAX_VALUE plus the wait).
      requests.push({ atMs: Math.min(lastToggleAt + wait, Number.MAX_VALUE), request });
      toggle = favouriteConfirmed(toggle, request === 'PUT');
    }
  };
  for (const at of times) {
    if (lastToggleAt !== undefined && at - lastToggleAt >= wait) flush();
    toggle = toggleFavourite(toggle);
    lastToggleAt = at;
  }
  flush();
  return { requests, final: toggle };
}
