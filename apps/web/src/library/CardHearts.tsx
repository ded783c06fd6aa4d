import { Fragment, lazy, Suspense, useRef, type ReactNode } from 'react';
import type { Tile } from '@stream/core/contracts';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useSession } from '../app/hooks';
import { GuestHeart } from './GuestHeart';
import { batchRanges, nextBatchStarts } from './heartBatches';

// A signed-in viewer's heart (the favourite-toggle machine) is read when a signed-in page of cards
// first shows: a guest's home loads none of it (the home route's JavaScript budget, scripts/bench-web.mjs).
const FavouriteHeart = lazy(() => import('./FavouriteHeart').then((module) => ({ default: module.FavouriteHeart })));

export interface CardHeartsProps {
  /** The cards of one rail or grid, in order (a carousel's pages appended as they arrive). */
  tiles: readonly Tile[];
  /** Renders one card (its `<li>`) with its heart (`null` while the session or the batch's read is pending). */
  children(tile: Tile, index: number, heart: ReactNode): ReactNode;
}

/**
 * The hearts of a rail's or grid's cards (commerce §7 "Favourites"): for a signed-in viewer the
 * favourite state of each page of cards is read in one batch (`favourites.status`, up to 100 ids:
 * a new batch where each appended page starts, so the cards already shown keep their read), and
 * each card's {@link FavouriteHeart} is given its state; no card reads its own. A guest's heart
 * goes to sign in and back to this page, where that title is then favourited. Every catalogue
 * title can be a favourite (`PUT /api/v2/favourite/vods/{id}` takes any), so every card has one.
 */
export function CardHearts({ tiles, children }: CardHeartsProps) {
  const { status } = useSession();
  const starts = useBatchStarts(tiles.map(cardId));
  if (status === 'loading') return <>{tiles.map((tile, index) => children(tile, index, null))}</>;
  if (status !== 'signedIn') return <>{tiles.map((tile, index) => children(tile, index, <CardHeart key="heart" tile={tile} favourite={undefined} />))}</>;
  return (
    <>
      {batchRanges(starts, tiles.length).map(([from, to]) => (
        <StatusBatch key={tiles.slice(from, to).map(cardId).join(',')} tiles={tiles} from={from} to={to} render={children} />
      ))}
    </>
  );
}

const cardId = (tile: Tile) => tile.id;

/** The batches' starts of a list that grows page by page (see `nextBatchStarts`). */
function useBatchStarts(ids: readonly string[]): readonly number[] {
  const state = useRef<{ starts: readonly number[]; seen: readonly string[] }>({ starts: [0], seen: [] });
  const starts = nextBatchStarts(state.current.starts, state.current.seen, ids);
  state.current = { starts, seen: ids };
  return starts;
}

/** Cards `from` to `to` (excluded) of `tiles`, their favourite state read in one `favourites.status`. */
function StatusBatch({ tiles, from, to, render }: { tiles: readonly Tile[]; from: number; to: number; render: CardHeartsProps['children'] }) {
  const { queries } = useServices();
  const batch = tiles.slice(from, to);
  const read = useResource(queries.favourites.status(batch.map(cardId)));
  const favourites = new Map(read.data?.items.map((item) => [item.id, item.favourite]));
  return (
    <>
      {batch.map((tile, i) => {
        const favourite = favourites.get(tile.id);
        // Until the batch has answered (or when it failed) the card shows no heart: it never reads its own.
        const heart = favourite === undefined ? null : <CardHeart tile={tile} favourite={favourite} />;
        return <Fragment key={`${tile.type}:${tile.id}`}>{render(tile, from + i, heart)}</Fragment>;
      })}
    </>
  );
}

/** A card's compact heart, named "Favourite: <title>": a guest's (`favourite` undefined) or a signed-in viewer's. */
function CardHeart({ tile, favourite }: { tile: Tile; favourite: boolean | undefined }) {
  const { t } = useI18n();
  const props = { id: tile.id, label: t('favouriteTitle', { title: tile.title }), compact: true } as const;
  if (favourite === undefined) return <GuestHeart {...props} />;
  return (
    <Suspense fallback={null}>
      <FavouriteHeart {...props} favourite={favourite} />
    </Suspense>
  );
}
