/**
 * The most ids one `favourites.status` asks about: `FAVOURITE_STATUS_MAX_IDS` of
 * `@stream/core/contracts`, written here so that the home route's code does not pull in the
 * contracts' schemas (the unit test checks they agree).
 */
export const STATUS_MAX_IDS = 100;

/**
 * Where the batches of a growing list of cards start, given where they started before
 * (`starts`, the first always 0), the cards' ids the list had (`seen`) and has now (`ids`): a
 * list that grew by a page (a rail's or grid's next page, appended after the cards it had) gets a
 * new batch where the page starts, so that the cards already shown keep their batch (and their
 * read); the same list keeps its batches; any other list (another search's results, a list read
 * again, an empty one before) starts over with one batch.
 */
export function nextBatchStarts(starts: readonly number[], seen: readonly string[], ids: readonly string[]): readonly number[] {
  const extends_ = seen.length > 0 && ids.length >= seen.length && seen.every((id, i) => ids[i] === id);
  if (!extends_) return [0];
  if (ids.length === seen.length) return starts;
  return [...starts, seen.length];
}

/**
 * The batches of `length` cards as `[start, end)` ranges: one per start of `starts` (see
 * {@link nextBatchStarts}), each split again into runs of at most `max` cards (the most ids one
 * `favourites.status` asks about, {@link STATUS_MAX_IDS}). Empty ranges are left out.
 */
export function batchRanges(starts: readonly number[], length: number, max: number = STATUS_MAX_IDS): Array<readonly [number, number]> {
  const size = Math.max(1, Math.floor(max));
  const ranges: Array<readonly [number, number]> = [];
  starts.forEach((start, index) => {
    const end = Math.min(length, starts[index + 1] ?? length);
    for (let from = start; from < end; from += size) ranges.push([from, Math.min(end, from + size)]);
  });
  return ranges;
}
