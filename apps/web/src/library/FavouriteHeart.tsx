import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { connectFavouriteToggle, favouriteToggleMachine } from '@stream/core/machines';
import { useFlow, useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useSession } from '../app/hooks';
import { setFavouriteOver } from './favouriteToggle';
import { FAVOURITE_ON_RETURN, GuestHeart, HeartIcon, HeartTip, heartClass, type FavouriteHeartProps } from './GuestHeart';

export type { FavouriteHeartProps } from './GuestHeart';

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
      <HeartTip compact={compact} text={label ?? t('favourite')}>
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
      </HeartTip>
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
