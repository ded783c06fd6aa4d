// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { ApiClient } from '@stream/core/api';
import type { LoginResponse, Tile } from '@stream/core/contracts';
import { I18nProvider, ServicesProvider } from '../app/context';
import { jwt, testLabels, testServices } from '../app/testServices';
import { CardHearts } from './CardHearts';

const USER: LoginResponse = { authorisationToken: jwt('user-1', false), refreshToken: 'r-user' };

/** Labels whose text is the key, but a card's heart's name: `Favourite: <title>`. */
const labels = testLabels({ favouriteTitle: 'Favourite: {title}' });

const tile = (id: string): Tile => ({ id, type: 'VOD', title: id, licenceIds: [] }) as unknown as Tile;

/** Which ids are favourites on the fake platform. */
const FAVOURITES = new Set(['b', 'd']);

function setUp() {
  const status = vi.fn(async ({ query }: { query: { ids: string } }) => ({
    items: query.ids.split(',').map((id) => ({ id, favourite: FAVOURITES.has(id) })),
  }));
  const get = vi.fn();
  const api = { favourites: { status, get }, subscribe: () => () => undefined } as unknown as ApiClient;
  const services = testServices(api, USER);
  const view = (tiles: readonly Tile[]) => (
    <ServicesProvider services={services}>
      <I18nProvider language="en" labels={labels}>
        <Router>
          <ul>
            <CardHearts tiles={tiles}>
              {(item, _index, heart) => (
                <li key={item.id}>
                  <a href={`/video/${item.id}`}>{item.title}</a>
                  {heart}
                </li>
              )}
            </CardHearts>
          </ul>
        </Router>
      </I18nProvider>
    </ServicesProvider>
  );
  return { status, get, services, view };
}

const heart = (id: string) => screen.findByRole('button', { name: `Favourite: ${id}` });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CardHearts: one favourites.status read per page of cards', () => {
  it('reads a page of cards in one call, gives each heart its state, and reads only the new page when the list grows', async () => {
    const { status, get, services, view } = setUp();
    const { rerender } = render(view(['a', 'b', 'c'].map(tile)));
    expect((await heart('a')).getAttribute('aria-pressed')).toBe('false');
    expect((await heart('b')).getAttribute('aria-pressed')).toBe('true');
    expect(status).toHaveBeenCalledTimes(1);
    expect(status.mock.calls[0]?.[0]).toEqual({ query: { ids: 'a,b,c' } });

    // The carousel appends its next page: one more read, of the new ids only.
    rerender(view(['a', 'b', 'c', 'd', 'e'].map(tile)));
    expect((await heart('d')).getAttribute('aria-pressed')).toBe('true');
    expect((await heart('e')).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(status).toHaveBeenCalledTimes(2));
    expect(status.mock.calls[1]?.[0]).toEqual({ query: { ids: 'd,e' } });
    // No card read its own state; the heart is a sibling of the link, not inside it.
    expect(get).not.toHaveBeenCalled();
    expect((await heart('a')).closest('a')).toBeNull();
    services.session.stop();
  });
});
