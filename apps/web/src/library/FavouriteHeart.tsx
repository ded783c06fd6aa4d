import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { signInPath } from '@stream/core/domain';
import { connectFavouriteToggle, favouriteToggleMachine } from '@stream/core/machines';
import { useFlow, useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useSession } from '../app/hooks';
import { setFavouriteOver } from './favouriteToggle';
import '../styles/library.css';

/**
 * The query parameter a guest's heart adds to the page's address, with the title's id as its value
 * (`?favourite=<id>`): back from signing in, the heart of that title on the page favourites it.
 */
const FAVOURITE_ON_RETURN = 'favourite';

export interface FavouriteHeartProps {
  /** The catalogue title's id. */
  id: string;
  /** The button's accessible name when the visible "Favourite" is not enough (a card: "Favourite: title"). */
  label?: string | undefined;
  /**
   * Whether it is a favourite, when the caller knows (a card: its rail's batch read of
   * `favourites.status`; a FAVOURITES card); absent: read with `favourites.get`. A new value
   * (the batch read again after a change) brings the heart in step when no change of its own is pending.
   */
  favourite?: boolean | undefined;
  /** A card's heart: the icon alone (the name stays `label`), over the card's artwork. */
  compact?: boolean | undefined;
}

/**
 * A title's heart (commerce §7 "Favourites"): for a signed-in viewer, core's favourite-toggle
 * machine (optimistic, told to the platform after a 500 ms pause, rolled back with a message when
 * refused), its first state read with `favourites.get`; for a guest, a button that goes to sign in
 * and back to this title, which is then favourited.
 */
export function FavouriteHeart(props: FavouriteHeartProps) {
  const { status, user } = useSession();
  if (status === 'loading') return null;
  if (status !== 'signedIn' || !user) return <GuestHeart {...props} />;
  return <SignedInHeart key={`${user.id}:${props.id}`} {...props} />;
}

function HeartIcon() {
  return (
    <svg className="heart__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.8 4.5 6.6 4.5c2.2 0 3.9 1.3 5.4 3.1 1.5-1.8 3.2-3.1 5.4-3.1 3.8 0 5.7 4.1 4.2 7.4C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

/** The heart's class names: a card's is compact. */
const heartClass = (compact: boolean | undefined) => (compact ? 'heart heart--compact' : 'heart');

function GuestHeart({ id, label, compact }: FavouriteHeartProps) {
  const { t, routeLocale } = useI18n();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  params.set(FAVOURITE_ON_RETURN, id);
  const here = `${pathname}?${params}`;
  return (
    <div className={heartClass(compact)}>
      <button type="button" className="heart__button" aria-pressed={false} aria-label={label} onClick={() => navigate(signInPath(here, routeLocale))}>
        <HeartIcon />
        <span className="heart__text">{t('favourite')}</span>
      </button>
    </div>
  );
}

function SignedInHeart({ id, label, favourite, compact }: FavouriteHeartProps) {
  const { t } = useI18n();
  const { api, queries, resources } = useServices();
  const status = useResource(favourite === undefined ? queries.favourites.get(id) : null);
  const input = useMemo(
    () => ({ id, favourite: favourite ?? status.data?.favourite, setFavourite: setFavouriteOver(api, resources) }),
    // Read once, when the machine starts (keyed by the title); later reads arrive through `sync`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [heart] = useFlow(favouriteToggleMachine, { input, connect: connectFavouriteToggle });
  const known = favourite ?? status.data?.favourite;
  useEffect(() => {
    if (known !== undefined) heart.sync(known);
    // Only a new answer of the read (or the caller's) syncs the heart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known]);

  // Back from signing in after a guest pressed the heart: favourite it once its state is known.
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const favouriteOnReturn = params.get(FAVOURITE_ON_RETURN) === id;
  useEffect(() => {
    if (!favouriteOnReturn || known === undefined) return;
    if (!known) heart.toggle();
    params.delete(FAVOURITE_ON_RETURN);
    const rest = params.toString();
    navigate(rest ? `${pathname}?${rest}` : pathname, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [favouriteOnReturn, known]);

  return (
    <div className={heartClass(compact)}>
      <button
        type="button"
        className="heart__button"
        aria-pressed={heart.favourite}
        aria-label={label}
        aria-busy={(favourite === undefined && status.status === 'loading') || undefined}
        onClick={heart.toggle}
      >
        <HeartIcon />
        <span className="heart__text">{t('favourite')}</span>
      </button>
      <p className="heart__message" role="status">
        {heart.refused ? (
          <>
            <span className="alert">{t(heart.favourite ? 'favouriteRemoveRefused' : 'favouriteAddRefused')}</span>{' '}
            <button type="button" className="link-button" onClick={heart.dismiss}>
              {t('dismiss')}
            </button>
          </>
        ) : null}
      </p>
    </div>
  );
}
