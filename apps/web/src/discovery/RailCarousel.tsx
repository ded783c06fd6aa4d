import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import '../styles/discovery.css';
import { Link } from 'wouter';
import type { Rail as RailData, Tile } from '@stream/core/contracts';
import { tileKey } from '@stream/core/domain';
import { connectCarousel, createCarouselMachine, type CarouselApi, carouselCalls } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { Tooltip } from '../components/Tooltip';
import { CardHearts } from '../library/CardHearts';
import { TileCard, TileSkeleton } from './TileCard';

/** The carousel machine over catalogue tiles. */
const tileCarouselMachine = createCarouselMachine<Tile>();

/** Tiles read at a time when the carousel fetches a rail's next page (`rpp` of `catalogue.rail`). This project's choice. */
export const RAIL_PAGE_SIZE = 12;

export interface RailCarouselProps {
  rail: RailData;
  /** The tiles of the rail's first page the carousel starts with (the home page leaves out its hero). */
  tiles: readonly Tile[];
  shape: 'thumbnail' | 'poster';
  /** "See all": the rail's GRID page. */
  moreHref?: string | undefined;
  /** The first rail of a page: its first images load at once. */
  eager?: boolean;
}

/**
 * A rail of a section as a discovery carousel (commerce §4 "Discovery carousel has paging and
 * fetching"): core's carousel machine holds the tiles, the view in place and the paging; this
 * component only renders it. "Previous" and "Next" move a view; scrolling by touch, trackpad or
 * the keyboard (each card's link is a tab stop) tells the machine where the view is; the next
 * page of the rail (`catalogue.rail` with `lastSeen`) is read before the viewer reaches the end,
 * with placeholders at the end while it loads and Retry when it fails.
 */
export function RailCarousel({ rail, tiles, shape, moreHref, eager = false }: RailCarouselProps) {
  const { t } = useI18n();
  const { api } = useServices();
  const input = useMemo(() => {
    const fetchPage = carouselCalls(api).rail(rail.id, RAIL_PAGE_SIZE);
    return { fetchPage, keyOf: tileKey, initial: { items: tiles, pagingInfo: rail.pagingInfo } };
    // The input is read once, when the machine starts (SectionRails keys the rail by its id).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [view] = useFlow(tileCarouselMachine, { input, connect: connectCarousel<Tile> });
  const list = useCarouselScroll(view);
  const headingId = `rail-${rail.id.replace(/\W+/g, '-')}`;
  return (
    <section className="rail" aria-labelledby={headingId}>
      <div className="rail__head">
        <h2 id={headingId} className="rail__title">
          {rail.title}
        </h2>
        <div className="rail__actions">
          {moreHref ? (
            <Link href={moreHref} className="rail__more">
              {t('seeAll')}
            </Link>
          ) : null}
          {view.canMoveBack || view.canMoveForward ? (
            <>
              <Tooltip text={t('railPrevious', { rail: rail.title })}>
                <button type="button" className="rail__step" onClick={view.previous} disabled={!view.canMoveBack} aria-label={t('railPrevious', { rail: rail.title })}>
                  <span aria-hidden="true" className="rail__step-icon rail__step-icon--previous" />
                </button>
              </Tooltip>
              <Tooltip text={t('railNext', { rail: rail.title })}>
                <button type="button" className="rail__step" onClick={view.next} disabled={!view.canMoveForward} aria-label={t('railNext', { rail: rail.title })}>
                  <span aria-hidden="true" className="rail__step-icon rail__step-icon--next" />
                </button>
              </Tooltip>
            </>
          ) : null}
        </div>
      </div>
      <ul ref={list} className={`rail__list rail__list--${shape}`} aria-busy={view.status === 'fetching' || undefined}>
        <CardHearts tiles={view.items}>
          {(tile, index, heart) => (
            <li key={tileKey(tile)}>
              <TileCard tile={tile} shape={shape} eager={eager && index < 4} heart={heart} />
            </li>
          )}
        </CardHearts>
        {view.status === 'fetching' ? (
          <li aria-hidden="true" data-placeholder="">
            <TileSkeleton shape={shape} />
          </li>
        ) : null}
        {view.status === 'failed' ? (
          <li data-placeholder="" className="rail__failed">
            <p role="alert">{t('railLoadFailed')}</p>
            <button type="button" className="button button--secondary" onClick={view.retry}>
              {t('retry')}
            </button>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * Keeps the list's scroll and the carousel's view in step: a move by the buttons scrolls the
 * first item in view to the start of the list (right in RTL; smoothly unless the viewer prefers
 * reduced motion); a scroll by the viewer tells the machine which item is first in view
 * (`seek`); the list's width tells it how many items a view holds (`resize`).
 */
function useCarouselScroll(view: CarouselApi<Tile>) {
  const list = useRef<HTMLUListElement>(null);
  /** The position the viewer's own scroll reported last: the machine's answer needs no scrolling. */
  const scrolledTo = useRef(0);
  // `connect` makes new functions on every snapshot: the listeners read the latest ones.
  const latest = useRef(view);
  latest.current = view;
  /** A smooth scroll of ours is under way: its intermediate positions are not the viewer's. */
  const animating = useRef(false);

  useLayoutEffect(() => {
    const element = list.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const first = element.querySelector<HTMLElement>(':scope > li');
      if (!first || first.offsetWidth === 0) return;
      const gap = Number.parseFloat(getComputedStyle(element).columnGap) || 0;
      latest.current.resize(Math.max(1, Math.floor((element.clientWidth + gap) / (first.offsetWidth + gap))));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = list.current;
    if (!element) return undefined;
    let frame = 0;
    const onScrollEnd = () => {
      animating.current = false;
    };
    const onScroll = () => {
      if (animating.current) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const box = element.getBoundingClientRect();
        const items = [...element.querySelectorAll<HTMLElement>(':scope > li:not([data-placeholder])')];
        // The first item, in reading order (either direction), at least half in view.
        const index = items.findIndex((item) => {
          const rect = item.getBoundingClientRect();
          return Math.min(rect.right, box.right) - Math.max(rect.left, box.left) >= rect.width / 2;
        });
        if (index >= 0) {
          scrolledTo.current = index;
          latest.current.seek(index);
        }
      });
    };
    // The viewer takes over (a scroll of ours that moved nothing never ends with `scrollend`).
    const VIEWER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    element.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('scrollend', onScrollEnd);
    for (const type of VIEWER_INPUT) element.addEventListener(type, onScrollEnd, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('scrollend', onScrollEnd);
      for (const type of VIEWER_INPUT) element.removeEventListener(type, onScrollEnd);
    };
  }, []);

  useEffect(() => {
    const element = list.current;
    if (!element || view.position === scrolledTo.current) return;
    scrolledTo.current = view.position;
    const item = element.querySelectorAll<HTMLElement>(':scope > li')[view.position];
    if (!item) return;
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Smoothly where the browser reports the scroll's end (`scrollend`), until which the list's
    // scroll events are ours, not the viewer's; at once elsewhere.
    const smooth = !reduced && 'onscrollend' in element;
    animating.current = smooth;
    item.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'nearest', inline: 'start' });
  }, [view.position]);

  return list;
}
