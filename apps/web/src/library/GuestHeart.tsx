import { useLocation, useSearch } from 'wouter';
import { signInPath } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { Tooltip, type TooltipProps } from '../components/Tooltip';
import '../styles/library.css';

/**
 * The query parameter a guest's heart adds to the page's address, with the title's id as its value
 * (`?favourite=<id>`): back from signing in, the heart of that title on the page favourites it.
 */
export const FAVOURITE_ON_RETURN = 'favourite';

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

/** The heart's icon (filled when pressed, by the stylesheet). */
export function HeartIcon() {
  return (
    <svg className="heart__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.8 4.5 6.6 4.5c2.2 0 3.9 1.3 5.4 3.1 1.5-1.8 3.2-3.1 5.4-3.1 3.8 0 5.7 4.1 4.2 7.4C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

/** A compact heart's button with its name as a tooltip (the icon alone shows no words); a full heart's as it is. */
export function HeartTip({ compact, text, children }: { compact: boolean | undefined; text: string; children: TooltipProps['children'] }) {
  return compact ? <Tooltip text={text}>{children}</Tooltip> : children;
}

/** The heart's class names: a card's is compact. */
export const heartClass = (compact: boolean | undefined) => (compact ? 'heart heart--compact' : 'heart');

/**
 * A guest's heart: a button that goes to sign in and back to this page with `?favourite=<id>`,
 * where the title's heart then favourites it. Light: no machine, so a guest's cards load none.
 */
export function GuestHeart({ id, label, compact }: FavouriteHeartProps) {
  const { t, routeLocale } = useI18n();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  params.set(FAVOURITE_ON_RETURN, id);
  const here = `${pathname}?${params}`;
  return (
    <div className={heartClass(compact)}>
      <HeartTip compact={compact} text={label ?? t('favourite')}>
        <button type="button" className="heart__button" aria-pressed={false} aria-label={label} onClick={() => navigate(signInPath(here, routeLocale))}>
          <HeartIcon />
          <span className="heart__text">{t('favourite')}</span>
        </button>
      </HeartTip>
    </div>
  );
}
