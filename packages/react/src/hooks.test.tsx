// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, setup } from 'xstate';
import { createResourceCache, type ResourceQuery } from '@stream/core/resources';
import { memoryStorage, STORAGE_KEYS } from '@stream/core/platform';
import { sessionMachine } from '@stream/core/machines';
import type { ApiClient } from '@stream/core/api';
import { StreamProvider, useFlow, useResource, useSession, type StreamServices } from './index';

afterEach(cleanup);

/** An unsigned JWT with the given claims (the session only decodes tokens). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(claims)}.`;
}

/** Services around a session that starts signed in, with a client that is never called. */
function servicesSignedIn() {
  const storage = memoryStorage();
  const now = Math.floor(Date.now() / 1000);
  storage.setItem(STORAGE_KEYS.authToken, jwt({ sub: 'u1', gue: false, iat: now, exp: now + 600 }));
  storage.setItem(STORAGE_KEYS.refreshToken, 'r1');
  const api = { subscribe: () => () => undefined } as unknown as ApiClient;
  const session = createActor(sessionMachine, { input: { api, storage, clock: { now: () => Date.now() } } });
  session.start();
  const services: StreamServices = { api, session, resources: createResourceCache({ onError: () => undefined }) };
  return { services, session, now };
}

describe('useSession', () => {
  it('re-renders when the viewer changes, not when a refresh only renews the token', () => {
    const { services, session, now } = servicesSignedIn();
    let renders = 0;
    function Who() {
      renders += 1;
      const { status, user } = useSession();
      return <p>{`${status}:${user?.id ?? '-'}`}</p>;
    }
    render(
      <StreamProvider services={services}>
        <Who />
      </StreamProvider>,
    );
    expect(screen.getByText('signedIn:u1')).toBeTruthy();
    const before = renders;
    act(() => {
      session.send({ type: 'session.refreshed', authorisationToken: jwt({ sub: 'u1', gue: false, iat: now + 1, exp: now + 601 }), refreshToken: 'r2' });
    });
    expect(renders).toBe(before);
    act(() => {
      session.send({ type: 'session.signedIn', tokens: { authorisationToken: jwt({ sub: 'u2', gue: false, iat: now, exp: now + 600 }), refreshToken: 'r3' } });
    });
    expect(screen.getByText('signedIn:u2')).toBeTruthy();
    session.stop();
  });
});

describe('useResource', () => {
  it('shares one load between views of the same key and reloads both after an invalidation', async () => {
    const { services, session } = servicesSignedIn();
    let loads = 0;
    const query: ResourceQuery<string> = { key: ['cards', 'list'], load: async () => `answer ${++loads}` };
    function Cards({ label }: { label: string }) {
      const cards = useResource({ ...query });
      return <p>{`${label}:${cards.status}:${cards.data ?? ''}`}</p>;
    }
    render(
      <StreamProvider services={services}>
        <Cards label="a" />
        <Cards label="b" />
      </StreamProvider>,
    );
    expect(await screen.findByText('a:ready:answer 1')).toBeTruthy();
    expect(screen.getByText('b:ready:answer 1')).toBeTruthy();
    expect(loads).toBe(1);
    await act(async () => {
      await services.resources.mutate(async () => 'removed', [['cards']]);
    });
    expect(await screen.findByText('a:ready:answer 2')).toBeTruthy();
    expect(screen.getByText('b:ready:answer 2')).toBeTruthy();
    expect(loads).toBe(2);
    session.stop();
  });

  it('shows the cached data at once to a view that comes back, while it reloads in the background', async () => {
    const { services, session } = servicesSignedIn();
    let loads = 0;
    let release: () => void = () => undefined;
    const query: ResourceQuery<string> = {
      key: ['licences', 'mine'],
      load: () => (++loads === 1 ? Promise.resolve('first answer') : new Promise((resolve) => (release = () => resolve('second answer')))),
    };
    function Licences() {
      const mine = useResource(query);
      return <p>{`${mine.status}:${mine.data ?? ''}:${mine.reloading ? 'reloading' : 'settled'}`}</p>;
    }
    const first = render(
      <StreamProvider services={services}>
        <Licences />
      </StreamProvider>,
    );
    expect(await screen.findByText('ready:first answer:settled')).toBeTruthy();
    first.unmount();
    render(
      <StreamProvider services={services}>
        <Licences />
      </StreamProvider>,
    );
    // No loading state: the first render already has the data.
    expect(screen.getByText(/^ready:first answer:/)).toBeTruthy();
    expect(await screen.findByText('ready:first answer:reloading')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByText('ready:second answer:settled')).toBeTruthy();
    expect(loads).toBe(2);
    session.stop();
  });

  it('reports a failed read, and reload() (a Retry button) loads it again', async () => {
    const { services, session } = servicesSignedIn();
    let loads = 0;
    const query: ResourceQuery<string> = {
      key: ['payments', 'history'],
      load: () => (++loads === 1 ? Promise.reject(new Error('down')) : Promise.resolve('history')),
    };
    function History() {
      const history = useResource(query);
      return history.status === 'failed' ? <button onClick={history.reload}>Retry</button> : <p>{`${history.status}:${history.data ?? ''}`}</p>;
    }
    render(
      <StreamProvider services={services}>
        <History />
      </StreamProvider>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    act(() => retry.click());
    expect(await screen.findByText('ready:history')).toBeTruthy();
    expect(loads).toBe(2);
    session.stop();
  });

  it('shows loading and loads nothing while the query is null', () => {
    const { services, session } = servicesSignedIn();
    function Nothing() {
      const state = useResource<string>(null);
      return <p>{state.status}</p>;
    }
    render(
      <StreamProvider services={services}>
        <Nothing />
      </StreamProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    session.stop();
  });
});

describe('useFlow', () => {
  const counter = setup({
    types: {} as { context: { count: number }; input: { start: number }; events: { type: 'add' } },
  }).createMachine({
    context: ({ input }) => ({ count: input.start }),
    on: { add: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
  });

  it('starts the machine with its input and renders what connect makes of the snapshot', () => {
    const { services, session } = servicesSignedIn();
    function Counter() {
      const [view] = useFlow(counter, {
        input: { start: 41 },
        connect: (snapshot, send) => ({ label: `count ${snapshot.context.count}`, add: () => send({ type: 'add' }) }),
      });
      return <button onClick={view.add}>{view.label}</button>;
    }
    render(
      <StreamProvider services={services}>
        <Counter />
      </StreamProvider>,
    );
    act(() => screen.getByRole('button', { name: 'count 41' }).click());
    expect(screen.getByRole('button', { name: 'count 42' })).toBeTruthy();
    session.stop();
  });

  it('stops the flow when the component unmounts: what it invoked is cleaned up', () => {
    const { services, session } = servicesSignedIn();
    const log: string[] = [];
    const watching = setup({
      actors: {
        watch: fromCallback(() => {
          log.push('started');
          return () => log.push('stopped');
        }),
      },
    }).createMachine({ invoke: { src: 'watch' } });
    function Flow() {
      useFlow(watching, { input: undefined as never, connect: () => null });
      return null;
    }
    const view = render(
      <StreamProvider services={services}>
        <Flow />
      </StreamProvider>,
    );
    expect(log).toEqual(['started']);
    view.unmount();
    expect(log).toEqual(['started', 'stopped']);
    session.stop();
  });
});
