import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { HISTORY_REPORT_INTERVAL_MS } from '../../domain/index.js';
import { manualClock } from '../../platform/index.js';
import { connectHistoryReporter, historyReporterMachine, type HistoryReportRequest } from '../index.js';

const INTERVAL = HISTORY_REPORT_INTERVAL_MS;
const T0 = Date.parse('2026-11-26T08:00:00.000Z');

interface Call extends HistoryReportRequest {
  resolve(): void;
  reject(error: unknown): void;
}

function start(type = 'VOD') {
  const calls: Call[] = [];
  const report = (request: HistoryReportRequest) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ ...request, resolve, reject });
    });
  const clock = manualClock(T0);
  const actor = createActor(historyReporterMachine, { input: { id: 'vod-1', type, report, clock } }).start();
  const view = () => connectHistoryReporter(actor.getSnapshot(), actor.send);
  /** Plays for `ms`: the clock and the position move together, `timeupdate` every second. */
  async function play(ms: number, from: number, duration = 600) {
    for (let t = 1000; t <= ms; t += 1000) {
      clock.advance(1000);
      view().position(from + t / 1000, duration);
      await vi.advanceTimersByTimeAsync(1000);
    }
  }
  return { actor, calls, clock, view, play };
}

/** The reports' bodies, without the signal and the answer hooks. */
const bodies = (calls: Call[]) => calls.map(({ id, positionSeconds, durationSeconds, updatedAt, ended }) => ({ id, positionSeconds, durationSeconds, updatedAt, ended }));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('history reporter machine', () => {
  it('reports every 10 s while playing, with the device time, and on pause', async () => {
    const { calls, view, play } = start();
    view().position(0, 600);
    view().play();
    await play(INTERVAL - 1000, 0);
    expect(calls).toHaveLength(0);
    await play(1000, 9);
    expect(bodies(calls)).toEqual([{ id: 'vod-1', positionSeconds: 10, durationSeconds: 600, updatedAt: new Date(T0 + INTERVAL).toISOString(), ended: false }]);
    calls[0]!.resolve();
    await play(INTERVAL, 10);
    expect(calls.map((c) => c.positionSeconds)).toEqual([10, 20]);
    calls[1]!.resolve();
    await play(3000, 20);
    view().pause();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.positionSeconds)).toEqual([10, 20, 23]);
    calls[2]!.resolve();
    // Paused: no more reports, and hiding the page says nothing new.
    await vi.advanceTimersByTimeAsync(INTERVAL * 3);
    view().hidden();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(3);
    expect(view().sent).toBe(3);
  });

  it('reports on page hide while playing, and the end as ended at the full duration', async () => {
    const { calls, view, play } = start('episode');
    view().play();
    await play(4000, 100);
    view().hidden();
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies(calls).map((b) => [b.positionSeconds, b.ended])).toEqual([[104, false]]);
    calls[0]!.resolve();
    await play(2000, 597);
    view().ended();
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies(calls).map((b) => [b.positionSeconds, b.ended])).toEqual([
      [104, false],
      [600, true],
    ]);
  });

  it('reports the end after a pause (a browser fires pause, then ended)', async () => {
    const { calls, view, play } = start();
    view().play();
    await play(3000, 597);
    view().pause();
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.resolve();
    view().ended();
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies(calls).map((b) => [b.positionSeconds, b.ended])).toEqual([
      [600, false],
      [600, true],
    ]);
  });

  it('sends one report at a time and keeps only the newest waiting; a failed one is dropped', async () => {
    const { calls, view, play } = start();
    view().play();
    await play(INTERVAL, 0);
    expect(calls).toHaveLength(1);
    expect(view().reporting).toBe(true);
    await play(INTERVAL, 10);
    view().pause();
    await vi.advanceTimersByTimeAsync(0);
    // 20 s (the interval) and 20 s again (the pause: the same, skipped); only the first is on its way.
    expect(calls).toHaveLength(1);
    calls[0]!.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.positionSeconds)).toEqual([10, 20]);
    calls[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ reporting: false, sent: 1 });
  });

  it('reports nothing before the duration is known, nor for a live stream', async () => {
    const vod = start();
    vod.view().play();
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);
    vod.view().pause();
    await vi.advanceTimersByTimeAsync(0);
    expect(vod.calls).toHaveLength(0);

    const live = start('LIVE');
    expect(live.view().tracked).toBe(false);
    live.view().position(30, 600);
    live.view().play();
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);
    live.view().pause();
    live.view().hidden();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.calls).toHaveLength(0);
  });

  it('the report of a viewer who leaves while another is on its way goes at once, and is not lost when the machine stops', async () => {
    const { actor, calls, view, play } = start();
    view().play();
    await play(INTERVAL, 0);
    expect(calls).toHaveLength(1);
    await play(3000, 10);
    view().hidden();
    actor.stop();
    expect(calls.map((c) => c.positionSeconds)).toEqual([10, 13]);
  });

  it('aborts the report on its way when stopped', async () => {
    const { actor, calls, view, play } = start();
    view().play();
    await play(INTERVAL, 0);
    expect(calls[0]!.signal.aborted).toBe(false);
    actor.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});
