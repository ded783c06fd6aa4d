import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CarouselPage } from '../../domain/index.js';
import { connectCarousel, createCarouselMachine, type CarouselInput, type CarouselRequest } from '../index.js';

interface Item {
  id: string;
}

interface Call extends CarouselRequest {
  resolve(page: CarouselPage<Item>): void;
  reject(error: unknown): void;
}

/** A fetch function whose answers the test gives by hand. */
function fakeFetch() {
  const calls: Call[] = [];
  const fetchPage = (request: CarouselRequest) =>
    new Promise<CarouselPage<Item>>((resolve, reject) => {
      calls.push({ ...request, resolve, reject });
    });
  return { calls, fetchPage };
}

/** Items `from` to `to - 1` as a page ending at `to`. */
const page = (from: number, to: number, more: boolean): CarouselPage<Item> => ({
  items: Array.from({ length: to - from }, (_, i) => ({ id: `t${from + i}` })),
  pagingInfo: { lastSeen: to, moreDataAvailable: more },
});

const machine = createCarouselMachine<Item>();

function start(input: Omit<CarouselInput<Item>, 'keyOf'>) {
  const actor = createActor(machine, { input: { keyOf: (item) => item.id, ...input } }).start();
  return { actor, view: () => connectCarousel(actor.getSnapshot(), actor.send) };
}

describe('carousel machine', () => {
  it('reads the first page itself when the input brings none, with placeholders meanwhile', async () => {
    const { calls, fetchPage } = fakeFetch();
    const { actor, view } = start({ fetchPage, visible: 4 });
    expect(view()).toMatchObject({ status: 'loading', items: [] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.lastSeen).toBe(0);
    calls[0]!.resolve(page(0, 12, true));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().items).toHaveLength(12);
    expect(view()).toMatchObject({ canMoveBack: false, canMoveForward: true, position: 0 });
  });

  it('fetches the next page before the viewer reaches the end, and keeps moving through what it holds', async () => {
    const { calls, fetchPage } = fakeFetch();
    const { actor, view } = start({ fetchPage, initial: page(0, 12, true), visible: 4 });
    expect(calls).toHaveLength(0);
    view().next();
    expect(view().position).toBe(4);
    expect(calls).toHaveLength(0);
    view().next();
    // The view after this one (12..15) would reach past the 12 items held.
    expect(view()).toMatchObject({ position: 8, status: 'fetching' });
    expect(calls.map((c) => c.lastSeen)).toEqual([12]);
    calls[0]!.resolve(page(12, 24, false));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({ firstNew: 12, canLoadMore: false });
    expect(view().items).toHaveLength(24);
    view().next();
    view().next();
    view().next();
    expect(view()).toMatchObject({ position: 20, canMoveForward: false });
    expect(calls).toHaveLength(1);
  });

  it('a move forward at the end of the items held waits for the page on its way', async () => {
    const { calls, fetchPage } = fakeFetch();
    const { actor, view } = start({ fetchPage, initial: page(0, 4, true), visible: 4 });
    expect(view().status).toBe('fetching');
    view().next();
    expect(view().position).toBe(0);
    calls[0]!.resolve(page(4, 8, false));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().position).toBe(4);
  });

  it('"Show more" reads the next page whatever is in view; a failed read keeps the items and retries', async () => {
    const { calls, fetchPage } = fakeFetch();
    const { actor, view } = start({ fetchPage, initial: page(0, 24, true), visible: 4 });
    expect(view()).toMatchObject({ status: 'ready', canLoadMore: true });
    view().loadMore();
    calls[0]!.reject(new Error('offline'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view()).toMatchObject({ status: 'failed', canLoadMore: false });
    expect(view().items).toHaveLength(24);
    view().retry();
    expect(calls.map((c) => c.lastSeen)).toEqual([24, 24]);
    calls[1]!.resolve(page(24, 30, false));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({ items: expect.any(Array), firstNew: 24, canLoadMore: false, error: null });
    expect(view().items).toHaveLength(30);
  });

  it('stops paging when an answer does not go past lastSeen, instead of asking again and again', async () => {
    const { calls, fetchPage } = fakeFetch();
    const { actor, view } = start({ fetchPage, initial: page(0, 4, true), visible: 4 });
    calls[0]!.resolve(page(0, 4, true));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toHaveLength(1);
    expect(view()).toMatchObject({ canMoveForward: false, canLoadMore: false });
  });

  it('aborts the read in flight when stopped', () => {
    const { calls, fetchPage } = fakeFetch();
    const { actor } = start({ fetchPage, visible: 4 });
    actor.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('a resize or a seek near the end fetches the next page', () => {
    const { calls, fetchPage } = fakeFetch();
    const { view } = start({ fetchPage, initial: page(0, 12, true), visible: 2 });
    view().seek(5);
    expect(calls).toHaveLength(0);
    view().resize(4);
    expect(view().visible).toBe(4);
    expect(calls.map((c) => c.lastSeen)).toEqual([12]);
  });
});
