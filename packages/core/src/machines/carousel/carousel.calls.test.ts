import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/types.js';
import { carouselCalls } from './carousel.calls.js';

describe('carouselCalls: the history pages', () => {
  it('reads the history and continue watching after lastSeen, rpp at a time, with the machine signal', async () => {
    const page = { items: [], pagingInfo: { moreDataAvailable: false, lastSeen: 0 } };
    const list = vi.fn(async () => page);
    const continueWatching = vi.fn(async () => page);
    const api = { history: { list, continueWatching } } as unknown as ApiClient;
    const signal = new AbortController().signal;
    await expect(carouselCalls(api).history(20)({ lastSeen: 40, signal })).resolves.toBe(page);
    await expect(carouselCalls(api).continueWatching(12)({ lastSeen: 0, signal })).resolves.toBe(page);
    expect(list).toHaveBeenCalledWith({ query: { rpp: 20, lastSeen: 40 } }, { signal });
    expect(continueWatching).toHaveBeenCalledWith({ query: { rpp: 12, lastSeen: 0 } }, { signal });
  });
});
