import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guideChannels, type ChannelPage } from './guideChannels.js';

/** A platform of `total` channels paged `rpp` at a time, as the sandbox pages them (`lastSeen` is an offset). */
function platform(total: number, rpp: number) {
  return (lastSeen: number): ChannelPage<number> => {
    const channels = Array.from({ length: Math.max(0, Math.min(rpp, total - lastSeen)) }, (_, i) => lastSeen + i);
    const seen = lastSeen + channels.length;
    return { channels, pagingInfo: { lastSeen: seen, moreDataAvailable: seen < total, totalCount: total } };
  };
}

/** Answers every page asked for until nothing more is asked: the guide once its reads have settled. */
function settle(read: (lastSeen: number) => ChannelPage<number>, wantedRows: number) {
  const answered = new Map<number, ChannelPage<number>>();
  for (;;) {
    const state = guideChannels((lastSeen) => answered.get(lastSeen), wantedRows);
    if (state.pending === null) return { state, answered };
    answered.set(state.pending, read(state.pending));
  }
}

describe('guideChannels', () => {
  it('asks the first page, then shows no rows until it is answered', () => {
    expect(guideChannels(() => undefined, 20)).toEqual({ reads: [0], channels: [], rowCount: 0, pending: 0 });
  });

  it('reads the next page only when the rows wanted pass the channels read', () => {
    const read = platform(500, 50);
    const first = new Map([[0, read(0)]]);
    const near = guideChannels((lastSeen) => first.get(lastSeen), 30);
    expect(near).toMatchObject({ reads: [0], rowCount: 500, pending: null });
    expect(near.channels).toHaveLength(50);
    const past = guideChannels((lastSeen) => first.get(lastSeen), 51);
    expect(past).toMatchObject({ reads: [0, 50], rowCount: 500, pending: 50 });
  });

  it('stops at the last page, and at a lastSeen that does not move forward', () => {
    expect(settle(platform(7, 3), 1000).state).toEqual({ reads: [0, 3, 6], channels: [0, 1, 2, 3, 4, 5, 6], rowCount: 7, pending: null });
    const stuck = (): ChannelPage<number> => ({ channels: [1], pagingInfo: { lastSeen: 0, moreDataAvailable: true, totalCount: 9 } });
    expect(guideChannels(stuck, 1000)).toEqual({ reads: [0], channels: [1], rowCount: 1, pending: null });
  });

  it('keeps a row to scroll to while more is available, whatever totalCount says', () => {
    const page: ChannelPage<number> = { channels: [0, 1], pagingInfo: { lastSeen: 2, moreDataAvailable: true, totalCount: 0 } };
    expect(guideChannels((lastSeen) => (lastSeen === 0 ? page : undefined), 1).rowCount).toBe(3);
  });

  it('reads every channel in order, in as few pages as the rows wanted need (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 700 }), (total, rpp, wanted) => {
        const { state } = settle(platform(total, rpp), wanted);
        // The channels are the platform's first ones, in order, and all of them when enough are wanted.
        expect(state.channels).toEqual(Array.from({ length: state.channels.length }, (_, i) => i));
        expect(state.channels.length).toBeGreaterThanOrEqual(Math.min(total, wanted));
        // No page more than the rows wanted need (the first page is always read).
        expect(state.reads.length).toBe(Math.max(1, Math.ceil(Math.min(total, Math.max(wanted, 1)) / rpp)));
        // Pages read in order from 0, each at the previous page's lastSeen.
        state.reads.forEach((lastSeen, i) => expect(lastSeen).toBe(i * rpp));
        // The rows cover every channel of the platform, read or to read.
        expect(state.rowCount).toBe(total);
      }),
    );
  });
});
