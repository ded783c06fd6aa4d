import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { guideSchedule } from '@stream/core/domain';
import { guideRange, OVERSCAN_ROWS, ROW_BLOCK, sameRange, TIME_STEP_MS, visibleGuide, type GuideGeometry } from './guideWindow';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const FROM = Date.UTC(2026, 10, 26);

/** A synthetic guide: `channels` channels with 7 days of back-to-back programmes of 20 to 90 minutes. */
function syntheticGuide(channels: number) {
  const rows = [];
  let programmes = 0;
  for (let c = 0; c < channels; c += 1) {
    const list = [];
    let start = FROM - ((c * 7) % 60) * MIN;
    let n = 0;
    while (start < FROM + 7 * DAY) {
      const length = (20 + ((c * 31 + n * 17) % 71)) * MIN;
      list.push({ id: `${c}-${n}`, startMs: start, endMs: start + length });
      start += length;
      n += 1;
    }
    programmes += list.length;
    rows.push({ channel: { id: `ch-${c}` }, schedule: guideSchedule(list) });
  }
  return { rows, programmes };
}

const geometry = (rowCount: number): GuideGeometry => ({ window: { fromMs: FROM, toMs: FROM + 7 * DAY }, pxPerMinute: 5, rowHeight: 64, rowCount });

describe('guideRange', () => {
  it('covers the viewport with overscan, snapped to blocks and steps, inside the guide', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: -100, max: 40_000 }),
        fc.integer({ min: -100, max: 60_000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 2000 }),
        (rowCount, scrollTop, scrollLeft, width, height) => {
          const g = geometry(rowCount);
          const range = guideRange(g, { scrollTop, scrollLeft, width, height });
          expect(range.firstRow).toBeGreaterThanOrEqual(0);
          expect(range.endRow).toBeLessThanOrEqual(rowCount);
          expect(range.firstRow).toBeLessThanOrEqual(range.endRow);
          expect(range.firstRow % ROW_BLOCK === 0 || range.firstRow === rowCount).toBe(true);
          expect(range.fromMs).toBeGreaterThanOrEqual(g.window.fromMs);
          expect(range.toMs).toBeLessThanOrEqual(g.window.toMs);
          expect(range.fromMs).toBeLessThanOrEqual(range.toMs);
          // Every visible row and instant is in the range (where the guide has them).
          const firstVisible = Math.floor(Math.max(0, scrollTop) / 64);
          const lastVisible = Math.min(rowCount, Math.ceil((Math.max(0, scrollTop) + height) / 64));
          if (firstVisible < rowCount) expect(range.firstRow).toBeLessThanOrEqual(firstVisible);
          expect(range.endRow).toBeGreaterThanOrEqual(lastVisible);
          const leftMs = FROM + (Math.max(0, scrollLeft) / 5) * MIN;
          const rightMs = FROM + ((Math.max(0, scrollLeft) + width) / 5) * MIN;
          if (leftMs < g.window.toMs) expect(range.fromMs).toBeLessThanOrEqual(leftMs);
          expect(range.toMs).toBeGreaterThanOrEqual(Math.min(g.window.toMs, rightMs));
          // Bounded: never more than the viewport plus overscan and snapping.
          expect(range.endRow - range.firstRow).toBeLessThanOrEqual(Math.ceil(height / 64) + 2 * OVERSCAN_ROWS + 2 * ROW_BLOCK + 1);
          expect(range.toMs - range.fromMs).toBeLessThanOrEqual((width / 5) * MIN + 4 * TIME_STEP_MS);
        },
      ),
    );
  });

  it('keeps the same range for a scroll of a few pixels', () => {
    const g = geometry(500);
    const a = guideRange(g, { scrollTop: 6420, scrollLeft: 3040, width: 1200, height: 700 });
    const b = guideRange(g, { scrollTop: 6425, scrollLeft: 3050, width: 1200, height: 700 });
    expect(sameRange(a, b)).toBe(true);
  });

  it('is total over nonsense input', () => {
    const range = guideRange({ window: { fromMs: Number.NaN, toMs: 5 }, pxPerMinute: -1, rowHeight: 0, rowCount: Number.NaN }, {
      scrollTop: Number.NaN,
      scrollLeft: Number.POSITIVE_INFINITY,
      width: -5,
      height: Number.NaN,
    });
    expect(range.firstRow).toBe(0);
    expect(range.endRow).toBe(0);
  });
});

describe('visibleGuide over 500 channels × 7 days', () => {
  it('renders only the rows and cells in view, each row covering the range exactly', () => {
    const t0 = performance.now();
    const { rows, programmes } = syntheticGuide(500);
    const scheduleMs = performance.now() - t0;
    const g = geometry(rows.length);
    const viewport = { width: 1280, height: 720 };
    const positions = [
      { scrollTop: 0, scrollLeft: 0 },
      { scrollTop: 15_000, scrollLeft: 25_000 },
      { scrollTop: 500 * 64 - 720, scrollLeft: 7 * 24 * 60 * 5 - 1280 },
    ];
    let cells = 0;
    let rendered = 0;
    const t1 = performance.now();
    for (const position of positions) {
      const range = guideRange(g, { ...position, ...viewport });
      const visible = visibleGuide(rows, range);
      rendered = Math.max(rendered, visible.length);
      for (const row of visible) {
        cells = Math.max(cells, row.cells.length);
        expect(row.cells[0]!.startMs).toBe(range.fromMs);
        expect(row.cells.at(-1)!.endMs).toBe(range.toMs);
      }
    }
    const frameMs = (performance.now() - t1) / positions.length;
    expect(programmes).toBeGreaterThan(90_000);
    expect(rendered).toBeLessThanOrEqual(Math.ceil(720 / 64) + 2 * OVERSCAN_ROWS + 2 * ROW_BLOCK + 1);
    // 1280 px at 5 px/min is about 4.3 h: with a step either side, a row has a handful of cells.
    expect(cells).toBeLessThan(20);
    console.info(`guide windowing: ${programmes} programmes in 500 channels; schedules ${scheduleMs.toFixed(0)} ms once; ` +
      `${rendered} rows × ≤${cells} cells rendered; ${frameMs.toFixed(2)} ms per range`);
  });
});
