import type { PagingInfo } from '../contracts/catalogue.js';

/**
 * The programme guide's channels read page by page (`catalogue.guide` pages its channels with
 * `rpp`/`lastSeen`, commerce-and-account-data.md §3 "paging info"): which pages to read for the
 * rows the viewer is near, and the rows the guide has so far. The first page is read with
 * `lastSeen` 0, each next one with the previous page's `pagingInfo.lastSeen`, in order, and only
 * while the channels read do not yet reach the rows wanted; so scrolling down towards the end of
 * what is read reads the next page. Pure. Used by the EPG page (apps/web), over the
 * pages of `catalogue.guide`; implements commerce-and-account-data.md §3 "paging info" for it.
 */

/** One page of channels as the platform answered it. */
export interface ChannelPage<C> {
  channels: readonly C[];
  pagingInfo: Pick<PagingInfo, 'lastSeen' | 'moreDataAvailable' | 'totalCount'>;
}

/** What the guide shows of its channels (see {@link guideChannels}). */
export interface GuideChannels<C> {
  /** The `lastSeen` of every page to read, in order: 0, then each answered page's `pagingInfo.lastSeen` while more rows are wanted. */
  reads: number[];
  /** The channels of the answered pages, in order, up to the first page not answered. */
  channels: C[];
  /**
   * The guide's rows: the channels read plus those still to read (by the last answered page's
   * `totalCount`, at least one row while it says `moreDataAvailable`), which show as skeletons;
   * 0 before the first page is answered.
   */
  rowCount: number;
  /** The `lastSeen` of the page asked for and not answered yet (loading or failed), or null. */
  pending: number | null;
}

/**
 * The pages to read and the rows to show, from the pages answered so far (`pageAt(lastSeen)`:
 * the page read with that `lastSeen`, or undefined while it is not answered) and the number of
 * rows `wantedRows` the viewer is near (the last row in view plus a margin). Reads the pages in
 * order; stops at the first page not answered, at the last page (`moreDataAvailable` false, or a
 * `lastSeen` that does not move forward), or once the channels reach `wantedRows`. Pure, total.
 */
export function guideChannels<C>(pageAt: (lastSeen: number) => ChannelPage<C> | undefined, wantedRows: number): GuideChannels<C> {
  const reads = [0];
  const channels: C[] = [];
  let rest = 0;
  for (;;) {
    const lastSeen = reads.at(-1)!;
    const page = pageAt(lastSeen);
    if (!page) return { reads, channels, rowCount: channels.length + rest, pending: lastSeen };
    channels.push(...page.channels);
    const { moreDataAvailable, lastSeen: next, totalCount } = page.pagingInfo;
    if (!moreDataAvailable || !Number.isInteger(next) || next <= lastSeen) return { reads, channels, rowCount: channels.length, pending: null };
    rest = Math.max(1, (Number.isFinite(totalCount) ? totalCount : 0) - channels.length);
    if (!(channels.length < wantedRows)) return { reads, channels, rowCount: channels.length + rest, pending: null };
    reads.push(next);
  }
}
