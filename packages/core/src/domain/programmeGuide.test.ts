import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  guideCells,
  guideLayout,
  guideOffsetPx,
  guideSchedule,
  nowOffsetPx,
  programmeAt,
  scheduleCells,
  slotAt,
  type GuideCell,
  type GuideWindow,
} from './index.js';

const MIN = 60_000;
const T = Date.UTC(2026, 10, 26, 18, 0);
const at = (minutes: number) => T + minutes * MIN;

interface Show {
  id: string;
  startMs: number;
  endMs: number;
}

const show = (id: string, from: number, to: number): Show => ({ id, startMs: at(from), endMs: at(to) });
const shape = (cells: GuideCell<Show>[]) => cells.map((c) => [(c.startMs - T) / MIN, (c.endMs - T) / MIN, c.programme?.id ?? null]);

/** Programmes around a window of minutes 0–300: unsorted, overlapping, gaps, outside it, and some invalid. */
const programme = fc.oneof(
  { weight: 10, arbitrary: fc.tuple(fc.integer({ min: -120, max: 420 }), fc.integer({ min: 1, max: 180 })).map(([s, d]) => ({ startMs: at(s), endMs: at(s + d) })) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: -120, max: 420 }), fc.integer({ min: -60, max: 0 })).map(([s, d]) => ({ startMs: at(s), endMs: at(s + d) })) },
  { weight: 1, arbitrary: fc.constantFrom({ startMs: Number.NaN, endMs: at(10) }, { startMs: at(10), endMs: Number.POSITIVE_INFINITY }) },
);
const programmes = fc.array(programme, { maxLength: 25 }).map((list) => list.map((p, i) => ({ ...p, id: `p${i}` })));
const window: fc.Arbitrary<GuideWindow> = fc
  .tuple(fc.integer({ min: -60, max: 300 }), fc.integer({ min: 1, max: 400 }))
  .map(([from, length]) => ({ fromMs: at(from), toMs: at(from + length) }));

describe('guideCells', () => {
  it('clips to the window, fills gaps and lets a later programme interrupt an earlier one', () => {
    const list = [show('news', 60, 120), show('film', -30, 45), show('sport', 100, 200), show('bad', 50, 50)];
    expect(shape(guideCells(list, { fromMs: at(0), toMs: at(180) }))).toEqual([
      [0, 45, 'film'],
      [45, 60, null],
      [60, 100, 'news'],
      [100, 180, 'sport'],
    ]);
  });

  it('shows the longest of programmes that start together, and the last listed of identical ones', () => {
    expect(shape(guideCells([show('short', 0, 30), show('long', 0, 60)], { fromMs: at(0), toMs: at(60) }))).toEqual([[0, 60, 'long']]);
    expect(shape(guideCells([show('first', 0, 60), show('second', 0, 60)], { fromMs: at(0), toMs: at(60) }))).toEqual([[0, 60, 'second']]);
  });

  it('gives one gap for an empty channel and nothing for an empty window', () => {
    expect(shape(guideCells([], { fromMs: at(0), toMs: at(30) }))).toEqual([[0, 30, null]]);
    expect(guideCells([show('a', 0, 30)], { fromMs: at(30), toMs: at(30) })).toEqual([]);
    expect(guideCells([show('a', 0, 30)], { fromMs: Number.NaN, toMs: at(30) })).toEqual([]);
  });

  it('covers the window exactly with contiguous, ordered, non-overlapping cells for any schedule (property)', () => {
    fc.assert(
      fc.property(programmes, window, (list, w) => {
        const cells = guideCells(list, w);
        expect(cells[0]!.startMs).toBe(w.fromMs);
        expect(cells.at(-1)!.endMs).toBe(w.toMs);
        cells.forEach((cell, i) => {
          expect(cell.endMs).toBeGreaterThan(cell.startMs);
          if (i > 0) expect(cell.startMs).toBe(cells[i - 1]!.endMs);
          if (i > 0 && cell.programme === null) expect(cells[i - 1]!.programme).not.toBeNull();
          if (cell.programme) {
            expect(cell.startMs).toBeGreaterThanOrEqual(cell.programme.startMs);
            expect(cell.endMs).toBeLessThanOrEqual(cell.programme.endMs);
          }
        });
        const shown = cells.flatMap((c) => (c.programme ? [c.programme.id] : []));
        expect(new Set(shown).size).toBe(shown.length);
      }),
    );
  });

  it('agrees with programmeAt at every instant of the window (property)', () => {
    fc.assert(
      fc.property(programmes, window, fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (list, w, fraction) => {
        const instant = w.fromMs + Math.floor(fraction * (w.toMs - w.fromMs));
        const cell = guideCells(list, w).find((c) => c.startMs <= instant && instant < c.endMs);
        expect(programmeAt(list, instant)).toBe(cell?.programme ?? null);
        const on = programmeAt(list, instant);
        if (on) expect(on.startMs <= instant && instant < on.endMs).toBe(true);
      }),
    );
  });

  it('does not depend on the order of the list when no two programmes share start and end (property)', () => {
    fc.assert(
      fc.property(
        programmes.map((list) => list.filter((p, i) => list.findIndex((q) => q.startMs === p.startMs && q.endMs === p.endMs) === i)),
        window,
        fc.nat(),
        (list, w, seed) => {
          const shuffled = [...list].sort((a, b) => ((a.startMs * 31 + seed) % 97) - ((b.startMs * 31 + seed) % 97));
          expect(guideCells(shuffled, w)).toEqual(guideCells(list, w));
        },
      ),
    );
  });

  it('a schedule computed once gives the same cells for any window (property)', () => {
    fc.assert(
      fc.property(programmes, window, (list, w) => {
        expect(scheduleCells(guideSchedule(list), w)).toEqual(guideCells(list, w));
      }),
    );
  });
});

describe('guideLayout, slotAt and the scale', () => {
  it('lays out each channel in order', () => {
    const channels = [
      { name: 'One', shows: [show('a', 0, 30)] },
      { name: 'Two', shows: [] as Show[] },
    ];
    const rows = guideLayout(channels, (c) => c.shows, { fromMs: at(0), toMs: at(60) });
    expect(rows.map((r) => [r.channel.name, shape(r.cells)])).toEqual([
      ['One', [[0, 30, 'a'], [30, 60, null]]],
      ['Two', [[0, 60, null]]],
    ]);
    const schedule = guideSchedule(channels[0]!.shows);
    expect(slotAt(schedule, at(29))?.programme.id).toBe('a');
    expect(slotAt(schedule, at(30))).toBeNull();
    expect(slotAt(schedule, Number.NaN)).toBeNull();
  });

  it('places now on the scale, or nowhere outside the window', () => {
    const w = { fromMs: at(0), toMs: at(120) };
    expect(nowOffsetPx(w, at(90), 4)).toBe(360);
    expect(nowOffsetPx(w, at(120), 4)).toBeNull();
    expect(nowOffsetPx(w, at(-1), 4)).toBeNull();
    expect(guideOffsetPx(at(0), at(-15), 4)).toBe(-60);
    expect(guideOffsetPx(at(0), at(15), 0)).toBeNull();
  });

  it('the offset grows with time and cell widths add up to the window width (property)', () => {
    fc.assert(
      fc.property(programmes, window, fc.integer({ min: 1, max: 20 }), (list, w, scale) => {
        const cells = guideCells(list, w);
        const widths = cells.map((c) => guideOffsetPx(w.fromMs, c.endMs, scale)! - guideOffsetPx(w.fromMs, c.startMs, scale)!);
        for (const width of widths) expect(width).toBeGreaterThan(0);
        expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(((w.toMs - w.fromMs) / MIN) * scale, 6);
      }),
    );
  });
});
