// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ApiClient } from '@stream/core/api';
import type { LabelsResponse, LoginResponse } from '@stream/core/contracts';
import { labelsMachine } from '@stream/core/machines';
import { App } from './App';
import { ServicesProvider } from './context';
import { jwt, testServices } from './testServices';

const GUEST: LoginResponse = { authorisationToken: jwt('guest-1', true), refreshToken: 'r-guest' };

const LABELS: LabelsResponse = {
  default_locale: 'en',
  selected_locale: 'en',
  translations: { signIn: 'Sign in', loginSubtitle: 'Welcome back to Stream', appName: 'Stream' },
};

const ITEMS = ['one', 'two', 'three', 'four'].map((id) => ({ id, type: 'VOD', title: id, thumbnailUrl: `http://api.test/thumbnails/${id}.svg` }));

/** A promise and the function that resolves it. */
function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The app at `path` over a fake platform whose labels and catalogue answer when the test says. */
function start(path: string) {
  window.history.replaceState(null, '', path);
  const labels = deferred<LabelsResponse>();
  const content = deferred<{ items: typeof ITEMS }>();
  const api = {
    labels: { get: () => labels.promise },
    content: { list: () => content.promise },
    realm: { settings: () => new Promise(() => undefined) },
    subscribe: () => () => undefined,
  } as unknown as ApiClient;
  const services = testServices(api, GUEST);
  const { session } = services;
  const actor = createActor(labelsMachine, { input: { api, realm: 'stream' } }).start();
  render(
    <ServicesProvider services={services}>
      <App labels={actor} />
    </ServicesProvider>,
  );
  return { labels, content, stop: () => (actor.stop(), session.stop()) };
}

const frame = () => document.querySelector('main[data-prerendered]');

afterEach(() => {
  cleanup();
});

describe('App: the frame shows the largest element before the page renders (issue 13, LCP)', () => {
  it("LOGIN: placeholders until the labels come, then the card's heading and subtitle in the frame, then the page in its place", async () => {
    const app = start('/login');
    expect(frame()?.querySelector('.skeleton--heading')).toBeTruthy();
    expect(frame()?.querySelector('.auth-card__subtitle')).toBeNull();

    await act(async () => app.labels.resolve(LABELS));
    await waitFor(() => expect(frame()?.querySelector('.auth-card__subtitle')?.textContent).toBe('Welcome back to Stream'));
    expect(frame()?.querySelector('.frame-auth h1')?.textContent).toBe('Sign in');
    // Hidden from assistive technology, like the rest of the frame.
    expect(frame()?.querySelector('.frame-auth')?.getAttribute('aria-hidden')).toBe('true');

    // After a paint, the page replaces the frame.
    await waitFor(() => expect(frame()).toBeNull());
    app.stop();
  });

  it("HOME: the first three cards' thumbnails show in the frame as soon as the catalogue's read answers, before the labels", async () => {
    const app = start('/home');
    expect(frame()?.querySelectorAll('.skeleton--media')).toHaveLength(3);

    await act(async () => app.content.resolve({ items: ITEMS }));
    await waitFor(() =>
      expect([...(frame()?.querySelectorAll('.frame-catalogue__media img') ?? [])].map((img) => img.getAttribute('src'))).toEqual(
        ITEMS.slice(0, 3).map((item) => item.thumbnailUrl),
      ),
    );
    // No text of a page yet: the labels have not come.
    expect(frame()?.querySelector('.skeleton--hero')).toBeTruthy();

    // The labels come: the frame stays until its thumbnails have loaded (or failed), then the page replaces it.
    await act(async () => app.labels.resolve(LABELS));
    const images = [...(frame()?.querySelectorAll('.frame-catalogue__media img') ?? [])];
    await act(async () => {
      images[0]!.dispatchEvent(new Event('load'));
      images[1]!.dispatchEvent(new Event('error'));
    });
    expect(frame()).toBeTruthy();
    await act(async () => images[2]!.dispatchEvent(new Event('load')));
    await waitFor(() => expect(frame()).toBeNull());
    app.stop();
  });

  it('any other page: the frame never shows early content and leaves once the labels come', async () => {
    const app = start('/account');
    await act(async () => app.labels.resolve(LABELS));
    await waitFor(() => expect(frame()).toBeNull());
    app.stop();
  });
});
