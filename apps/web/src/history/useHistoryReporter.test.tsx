// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@stream/core/api';
import type { HistoryReporterApi } from '@stream/core/machines';
import { ServicesProvider } from '../app/context';
import { jwt, testServices } from '../app/testServices';
import { useHistoryReporter } from './useHistoryReporter';

const USER = { authorisationToken: jwt('user-1', false), refreshToken: 'r-user' };

function setup() {
  const report = vi.fn(async (input: { params: { id: string } }, _options?: unknown) => ({ id: input.params.id, progress: { positionSeconds: 0, durationSeconds: 600, state: 'IN_PROGRESS' } }));
  const api = { auth: { guestCheckin: async () => USER }, history: { report }, subscribe: () => () => undefined } as unknown as ApiClient;
  const services = testServices(api, USER);
  let reporter: HistoryReporterApi | null = null;
  function Probe() {
    reporter = useHistoryReporter('vod-1', 'VOD');
    return null;
  }
  const view = render(
    <ServicesProvider services={services}>
      <Probe />
    </ServicesProvider>,
  );
  // A watched history read (home's row): reloaded after each report.
  const historyRead = vi.fn(async () => 'row');
  services.resources.subscribe({ key: ['history', 'continueWatching'], load: historyRead }, () => undefined);
  /** The bodies and options of the reports sent. */
  const sent = () => report.mock.calls.map((call) => [(call[0] as unknown as { body: { positionSeconds: number } }).body.positionSeconds, call[1]]);
  return { reporter: () => reporter!, view, report, sent, historyRead, stop: () => services.session.stop() };
}

afterEach(() => {
  cleanup();
});

describe('useHistoryReporter', () => {
  it('reports on pagehide and on visibilitychange to hidden, kept alive, then reloads the history reads', async () => {
    const { reporter, sent, historyRead, stop } = setup();
    await vi.waitFor(() => expect(historyRead).toHaveBeenCalledTimes(1));
    act(() => reporter().position(30, 600));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await vi.waitFor(() => expect(sent()).toEqual([[30, { keepalive: true }]]));
    await vi.waitFor(() => expect(historyRead).toHaveBeenCalledTimes(2));

    act(() => reporter().position(45, 600));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    visibility.mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await vi.waitFor(() => expect(sent()).toEqual([[30, { keepalive: true }], [45, { keepalive: true }]]));
    visibility.mockRestore();
    stop();
  });

  it('reports the last position when the component unmounts (the viewer leaves inside the app)', async () => {
    const { reporter, view, sent, stop } = setup();
    act(() => reporter().position(50, 600));
    view.unmount();
    await vi.waitFor(() => expect(sent()).toEqual([[50, { keepalive: true }]]));
    // No listener is left behind.
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent()).toHaveLength(1);
    stop();
  });
});
