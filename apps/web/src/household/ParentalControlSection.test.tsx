// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@stream/core/api';
import type { LoginResponse } from '@stream/core/contracts';
import { I18nProvider, ServicesProvider } from '../app/context';
import { jwt, testLabels, testServices } from '../app/testServices';
import { ParentalControlSection } from './ParentalControlSection';

/** Labels whose text is the key (the pad's group is named by its label key). */
const labels = testLabels();

function setUp(tokens: LoginResponse) {
  const get = vi.fn(async () => ({ status: 'NON_RESTRICTED', pinSet: false }));
  const set = vi.fn(async ({ body }: { body: { status: string } }) => ({ status: body.status, pinSet: true }));
  const api = { parentalControl: { get, set }, subscribe: () => () => undefined } as unknown as ApiClient;
  const services = testServices(api, tokens);
  render(
    <ServicesProvider services={services}>
      <I18nProvider language="en" labels={labels}>
        <div data-testid="account">
          <ParentalControlSection />
        </div>
      </I18nProvider>
    </ServicesProvider>,
  );
  return { get, set, services };
}

/** Presses `digits` on the pad named `label`. */
async function press(label: string, digits: string) {
  const pad = await screen.findByRole('group', { name: label });
  for (const digit of digits) fireEvent.click(within(pad).getByRole('button', { name: digit }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ParentalControlSection', () => {
  it('is not shown to a child profile’s session, which reads nothing', async () => {
    const { get, services } = setUp({ authorisationToken: jwt('kid', false, { par: 'RESTRICTED' }), refreshToken: 'r' });
    await waitFor(() => expect(services.session.getSnapshot().context.user).not.toBeNull());
    expect(screen.getByTestId('account').childElementCount).toBe(0);
    expect(get).not.toHaveBeenCalled();
    services.session.stop();
  });

  it('sets a first PIN typed twice on the pad, announces it and gives the focus back to the heading', async () => {
    const { set, services } = setUp({ authorisationToken: jwt('adult', false, { par: 'NON_RESTRICTED' }), refreshToken: 'r' });
    fireEvent.click(await screen.findByRole('button', { name: 'parentalSetPin' }));
    await press('parentalEnterNewPin', '0042');
    await press('parentalEnterNewPinAgain', '0042');
    await waitFor(() => expect(screen.getAllByRole('status').some((region) => region.textContent === 'pinSaved')).toBe(true));
    expect(set.mock.calls[0]![0]).toEqual({ body: { pin: '0042', status: 'RESTRICTED' } });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'parentalControl' })));
    expect(screen.getByText('parentalPinIsSet')).toBeTruthy();
    services.session.stop();
  });
});
