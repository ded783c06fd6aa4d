// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ApiClient } from '@stream/core/api';
import type { LabelsResponse, LoginResponse } from '@stream/core/contracts';
import { labelsMachine } from '@stream/core/machines';
import { App } from './App';
import { ServicesProvider } from './context';
import { homeSectionFixture, jwt, testServices } from './testServices';

const GUEST: LoginResponse = { authorisationToken: jwt('guest-1', true), refreshToken: 'r-guest' };

const LABELS: LabelsResponse = {
  default_locale: 'en',
  selected_locale: 'en',
  translations: { signIn: 'Sign in', loginSubtitle: 'Welcome back to Stream', appName: 'Stream' },
};

const HOME = homeSectionFixture('http://api.test', 'one', 'two');

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
  const content = deferred<typeof HOME>();
  const api = {
    labels: { get: () => labels.promise },
    catalogue: { section: () => content.promise },
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

  it("HOME: the hero's artwork shows in the frame as soon as the home section's read answers, before the labels", async () => {
    const app = start('/home');
    expect(frame()?.querySelectorAll('.frame-hero .skeleton--media')).toHaveLength(1);

    await act(async () => app.content.resolve(HOME));
    // The first item of the HERO rail, at the platform's widths.
    await waitFor(() => expect(frame()?.querySelector('.frame-hero__media img')?.getAttribute('src')).toBe('http://api.test/artwork/hero/one/240'));
    const image = frame()!.querySelector('.frame-hero__media img')!;
    expect(image.getAttribute('srcset') ?? image.getAttribute('srcSet')).toContain('http://api.test/artwork/hero/one/1920 1920w');
    // No text of a page yet: the labels have not come.
    expect(frame()?.querySelector('.skeleton--hero')).toBeTruthy();

    // The labels come: the frame stays until its image has loaded (or failed), then the page replaces it.
    await act(async () => app.labels.resolve(LABELS));
    expect(frame()).toBeTruthy();
    await act(async () => image.dispatchEvent(new Event('load')));
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
