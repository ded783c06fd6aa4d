// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@stream/core/api';
import type { LoginResponse } from '@stream/core/contracts';
import { buildPath } from '@stream/core/domain';
import { renderRoute } from '../app/testRender';
import { jwt, testServices } from '../app/testServices';
import LoginPage from './LoginPage';

const GUEST: LoginResponse = { authorisationToken: jwt('guest-1', true), refreshToken: 'r-guest' };
const USER: LoginResponse = { authorisationToken: jwt('user-1', false), refreshToken: 'r-user' };

/**
 * The web's services over a fake platform (login answers `USER`, the realm offers only the ID
 * provider) with the session the web builds (`browserNavigation`, which wouter follows), and a
 * record of every address the history was given. Labels' text is the key: the form's controls are
 * named `email`, `password`, `signIn`.
 */
function page(path: string, stored: LoginResponse) {
  window.history.replaceState(null, '', path);
  const visited: string[] = [];
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method].bind(window.history);
    vi.spyOn(window.history, method).mockImplementation((state, unused, url) => {
      if (url !== undefined && url !== null) visited.push(String(url));
      original(state, unused, url);
    });
  }
  const login = vi.fn(async () => USER);
  const api = {
    auth: { login, guestCheckin: async () => GUEST },
    realm: { settings: async () => ({ selfRegistration: true, magicLink: false, authProviders: [{ name: 'ID' }] }) },
    subscribe: () => () => undefined,
  } as unknown as ApiClient;
  const services = testServices(api, stored);
  const { session } = services;
  renderRoute(services, buildPath('LOGIN', {}, 'en'), <LoginPage />);
  return { visited, login, session };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LoginPage: one navigator after a sign-in (identity-and-routes.md §2)', () => {
  it("a sign-in on the page goes to the sign-in's target only: the session navigates, the page's signed-in redirect never fires", async () => {
    const { visited, login, session } = page('/login?from=%2Faccount', GUEST);
    // A browser fires \`input\` as the viewer types: React's onChange and Preact's listen to it.
    fireEvent.input(screen.getByLabelText('email'), { target: { value: 'viewer@example.com' } });
    fireEvent.input(screen.getByLabelText('password', { selector: 'input' }), { target: { value: 'secret-pass' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'signIn' }));
    });
    expect(await screen.findByText('at /account')).toBeTruthy();
    expect(login).toHaveBeenCalledTimes(1);
    // One address after the sign-in: the §2 target. The default menu page (the redirect of a
    // signed-in viewer on the login page) was never visited.
    expect(visited).toEqual(['/account']);
    expect(session.getSnapshot().context.user?.id).toBe('user-1');
    session.stop();
  });

  it('a viewer already signed in who opens the page goes to the default menu page (§2), without signing in', async () => {
    const { visited, login, session } = page('/login?from=%2Faccount', USER);
    expect(await screen.findByText(`at ${buildPath('HOME', {}, 'en')}`)).toBeTruthy();
    expect(visited).toEqual([buildPath('HOME', {}, 'en')]);
    expect(login).not.toHaveBeenCalled();
    session.stop();
  });
});
