// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@stream/core/api';
import type { LabelsByKeysResponse, LoginResponse } from '@stream/core/contracts';
import { connectLabels, labelsMachine } from '@stream/core/machines';
import { App } from './App';
import { I18nProvider, ServicesProvider, useI18n } from './context';
import { firstLoadLabelKeys, pageLabelKeys, setLabelSetsForTest } from './labelSets';
import { jwt, testServices } from './testServices';

const GUEST: LoginResponse = { authorisationToken: jwt('guest-1', true), refreshToken: 'r-guest' };

/** A promise and the function that resolves it. */
function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A by-keys answer giving every asked key the text `«key»`, except keys named in `unknown`. */
function answer(keys: readonly string[], unknown: readonly string[] = []): LabelsByKeysResponse {
  const en = Object.fromEntries(keys.filter((key) => !unknown.includes(key)).map((key) => [key, `«${key}»`]));
  return { default_locale: 'en', selected_locale: 'en', translations: { en }, locales: ['en', 'es'] };
}

/**
 * A fake platform whose labels-by-keys call answers at once, except a call asking for `held`,
 * which answers when the test resolves `gate`; `calls` records the keys of each call.
 */
function platform(held: string) {
  const calls: string[][] = [];
  const gate = deferred<void>();
  const api = {
    labels: {
      get: () => Promise.reject(new Error('every label must not be loaded')),
      byKeys: async ({ body }: { body: { keys: string[] } }) => {
        calls.push(body.keys);
        if (body.keys.includes(held)) await gate.promise;
        return answer(body.keys, ['noSuchKey']);
      },
    },
    catalogue: { section: () => new Promise(() => undefined) },
    realm: { settings: () => new Promise(() => undefined) },
    subscribe: () => () => undefined,
  } as unknown as ApiClient;
  return { api, calls, gate };
}

afterEach(() => {
  cleanup();
  setLabelSetsForTest(null);
});

describe('labels by keys in the web (issue 18)', () => {
  it("the first load asks for the shell's and the first page's keys only", () => {
    const sets = { shell: ['loading', 'signIn'], pages: { LoginPage: ['loginSubtitle'], AccountPage: ['yourAccount'] } };
    expect(firstLoadLabelKeys(sets, '/login').sort()).toEqual(['loading', 'loginSubtitle', 'signIn']);
    // Any locale's route set, and a path without a page: the shell's.
    expect(firstLoadLabelKeys(sets, '/cuenta')).toContain('yourAccount');
    expect(firstLoadLabelKeys(sets, '/no/such/page').sort()).toEqual(['loading', 'signIn']);
    setLabelSetsForTest(sets);
    expect(pageLabelKeys('AccountPage')).toEqual(['yourAccount']);
    expect(pageLabelKeys('NoSuchPage')).toBeNull();
  });

  it("a page renders only once its set's keys came: the loading screen meanwhile, never its raw keys", async () => {
    window.history.replaceState(null, '', '/account');
    setLabelSetsForTest({ shell: ['loading'], pages: { AccountPage: ['yourAccount'] } });
    const { api, calls, gate } = platform('yourAccount');
    const services = testServices(api, GUEST);
    const actor = createActor(labelsMachine, { input: { api, realm: 'stream', keys: ['loading'] } }).start();
    render(
      <ServicesProvider services={services}>
        <App labels={actor} />
      </ServicesProvider>,
    );
    await waitFor(() => expect(calls.some((keys) => keys.includes('yourAccount'))).toBe(true));
    expect(calls[0]).toEqual(['loading']);
    // The page waits for its keys: the loading screen, the page (a guest's account: sent to sign in) not yet.
    expect(screen.getByRole('status').textContent).toBe('«loading»');
    expect(window.location.pathname).toBe('/account');
    expect(document.body.textContent).not.toContain('yourAccount');

    await act(async () => gate.resolve());
    // Its keys came: the page rendered (a guest is sent to sign in).
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    actor.stop();
    services.session.stop();
  });

  it('a key no set lists shows empty while it loads, then its text; a key the platform lacks then shows as before', async () => {
    const { api, calls } = platform('');
    const actor = createActor(labelsMachine, { input: { api, realm: 'stream', keys: ['shown'] } }).start();
    render(<Labelled actor={actor} />);
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('«shown»'));
    // Both keys chosen at run time are asked for in one call after the render, never shown raw.
    await waitFor(() => expect(screen.getByTestId('b').textContent).toBe('«dynamicKey»'));
    expect(calls).toEqual([['shown'], ['dynamicKey', 'noSuchKey']]);
    // Unknown to the platform: the usual fallback (the key itself), asked for once.
    expect(screen.getByTestId('c').textContent).toBe('noSuchKey');
    expect(screen.getByTestId('d').textContent).toBe('known');
    actor.stop();
  });
});

/** `t` of three keys under the I18nProvider of a labels actor that loads by keys. */
function Labelled({ actor }: { actor: ActorRefFrom<typeof labelsMachine> }) {
  const snapshot = useSelector(actor, (s) => s);
  const labels = connectLabels(snapshot, actor.send);
  if (labels.status !== 'ready') return null;
  return (
    <I18nProvider language="en" labels={labels} revision={snapshot.context.asked}>
      <Texts />
    </I18nProvider>
  );
}

function Texts() {
  const { t, isKnownKey } = useI18n();
  return (
    <>
      <p data-testid="a">{t('shown')}</p>
      <p data-testid="b">{t('dynamicKey')}</p>
      <p data-testid="c">{t('noSuchKey')}</p>
      <p data-testid="d">{isKnownKey('dynamicKey') ? 'known' : 'unknown'}</p>
    </>
  );
}
