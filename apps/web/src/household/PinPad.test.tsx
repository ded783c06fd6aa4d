// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '@stream/core/api';
import { connectPinPad, pinPadMachine } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { I18nProvider } from '../app/context';
import { testLabels } from '../app/testServices';
import { PinPad, pinPadViewProps } from './PinPad';

const labels = testLabels({ wrongPin: 'That PIN is not right.', pinDigitsEntered: '{count} of {total} digits entered' });

/** The pad driven by core's PIN pad machine (through `pinPadViewProps`, as the parental settings drive it) over a fake platform whose PIN is `1234`. */
function Harness({ api }: { api: ApiClient }) {
  const [pad] = useFlow(pinPadMachine, { input: { api }, connect: connectPinPad });
  return (
    <>
      <PinPad label="Enter the parental PIN" {...pinPadViewProps(pad)} />
      <p data-testid="status">{pad.status}</p>
    </>
  );
}

function setUp() {
  const verify = vi.fn(async ({ body }: { body: { pin: string } }) => {
    if (body.pin === '1234') return {};
    throw new ApiError({ call: 'parentalControl.verify', status: 403, code: 'INVALID_PIN', messages: ['wrongPin'], requestId: 'r1' });
  });
  const api = { parentalControl: { verify, pin: vi.fn(async () => ({})) } } as unknown as ApiClient;
  render(
    <I18nProvider language="en" labels={labels}>
      <Harness api={api} />
    </I18nProvider>,
  );
  return { verify };
}

afterEach(cleanup);

describe('PinPad', () => {
  it('takes digits typed anywhere in the pad, shows only their count, and sends the fourth', async () => {
    const { verify } = setUp();
    const pad = screen.getByRole('group', { name: 'Enter the parental PIN' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '1' }));
    for (const key of ['1', '2', '9']) fireEvent.keyDown(pad, { key });
    fireEvent.keyDown(pad, { key: 'Backspace' });
    expect(screen.getByRole('status').textContent).toBe('2 of 4 digits entered');
    expect(pad.textContent).not.toContain('129');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    fireEvent.click(screen.getByRole('button', { name: '4' }));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('accepted'));
    expect(verify).toHaveBeenCalledWith({ body: { pin: '1234' } });
  });

  it('shows a wrong PIN as an alert, clears the digits and puts focus back on the keys', async () => {
    setUp();
    const pad = screen.getByRole('group', { name: 'Enter the parental PIN' });
    screen.getByRole('button', { name: 'pinForgotten' }).focus();
    for (const key of ['0', '0', '0', '0']) fireEvent.keyDown(pad, { key });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('That PIN is not right.'));
    expect(screen.getByRole('status').textContent).toBe('0 of 4 digits entered');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '1' }));
    expect(screen.getByRole('button', { name: 'pinDeleteDigit' })).toHaveProperty('disabled', true);
  });
});
