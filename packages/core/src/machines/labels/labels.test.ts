import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { LabelsResponse } from '../../contracts/index.js';
import { connectLabels, labelsMachine } from '../index.js';
import { fakeApi } from '../test-helpers.js';

const labels: LabelsResponse = {
  default_locale: 'en',
  selected_locale: 'ar',
  translations: { signIn: 'تسجيل الدخول', failedAuthentication: 'فشل' },
  locales: ['en', 'es', 'pt', 'ar'],
};

afterEach(() => {
  vi.useRealTimers();
});

describe('labels', () => {
  it('loads the labels and connects them', async () => {
    const actor = createActor(labelsMachine, { input: { api: fakeApi({ labels: async () => labels }), realm: 'demo' } }).start();
    expect(connectLabels(actor.getSnapshot(), actor.send).status).toBe('loading');
    await waitFor(actor, (s) => s.matches('ready'));
    const view = connectLabels(actor.getSnapshot(), actor.send);
    expect(view).toMatchObject({ status: 'ready', locale: 'ar', defaultLocale: 'en', dir: 'rtl', locales: ['en', 'es', 'pt', 'ar'] });
    expect(view.t('signIn')).toBe('تسجيل الدخول');
    expect(view.t('unknownKey', 'failedAuthentication')).toBe('فشل');
    expect(view.t('unknownKey')).toBe('unknownKey');
    expect(view.isKnownKey('signIn')).toBe(true);
    expect(view.isKnownKey('constructor')).toBe(false);
  });

  it('retries a failed load with back-off (1 s, then 2 s) and at once on labels.retry', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const api = fakeApi({
      labels: async () => {
        calls += 1;
        if (calls <= 2) throw new Error('offline');
        return labels;
      },
    });
    const actor = createActor(labelsMachine, { input: { api, realm: 'demo' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    expect(actor.getSnapshot().value).toBe('failed');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toBe(2);
    connectLabels(actor.getSnapshot(), actor.send).retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(3);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.failures).toBe(0);
  });

  it('starts ready with the labels of its input and loads nothing', () => {
    let calls = 0;
    const api = fakeApi({
      labels: async () => {
        calls += 1;
        return labels;
      },
    });
    const actor = createActor(labelsMachine, { input: { api, realm: 'demo', initial: labels } }).start();
    expect(actor.getSnapshot().value).toBe('ready');
    const view = connectLabels(actor.getSnapshot(), actor.send);
    expect(view).toMatchObject({ status: 'ready', locale: 'ar', defaultLocale: 'en', locales: ['en', 'es', 'pt', 'ar'] });
    expect(view.t('signIn')).toBe('تسجيل الدخول');
    expect(calls).toBe(0);
  });

  describe('by keys', () => {
    const ALL: Record<string, Record<string, string>> = {
      en: { signIn: 'Sign in', email: 'Email', account: 'Account', plans: 'Plans' },
      ar: { signIn: 'تسجيل الدخول', email: '', account: 'الحساب' },
    };
    /** A labels-by-keys answer in `ar` (default `en`) holding the asked keys it has; records the asked lists. */
    function byKeysApi(options: { fail?: () => boolean } = {}) {
      const asked: string[][] = [];
      const pending: Array<() => void> = [];
      const api = fakeApi({
        labelsByKeys: (keys) => {
          asked.push(keys);
          if (options.fail?.()) return Promise.reject(new Error('offline'));
          const pick = (locale: string) => Object.fromEntries(keys.filter((k) => k in ALL[locale]!).map((k) => [k, ALL[locale]![k]!]));
          return new Promise((resolve) => {
            pending.push(() => resolve({ default_locale: 'en', selected_locale: 'ar', translations: { ar: pick('ar'), en: pick('en') } }));
          });
        },
      });
      const answerAll = async () => {
        while (pending.length > 0) {
          pending.shift()!();
          await Promise.resolve();
          await new Promise((r) => setTimeout(r, 0));
        }
      };
      return { api, asked, answerAll };
    }

    it('starts with only its keys, the default locale filling empty texts, and loads more on labels.need', async () => {
      const { api, asked, answerAll } = byKeysApi();
      const actor = createActor(labelsMachine, { input: { api, realm: 'demo', keys: ['signIn', 'email'] } }).start();
      // Asked again while the start is loading: nothing more is asked.
      actor.send({ type: 'labels.need', keys: ['signIn'] });
      await answerAll();
      await waitFor(actor, (s) => s.matches('ready'));
      let view = connectLabels(actor.getSnapshot(), actor.send);
      expect(view).toMatchObject({ status: 'ready', locale: 'ar', defaultLocale: 'en', dir: 'rtl', keysStatus: 'idle' });
      expect(view.t('signIn')).toBe('تسجيل الدخول');
      expect(view.t('email')).toBe('Email');
      expect(view.hasKeys(['signIn', 'email'])).toBe(true);
      expect(view.hasKeys(['account'])).toBe(false);
      expect(asked).toEqual([['signIn', 'email']]);

      view.need(['account', 'signIn', 'missingKey']);
      view = connectLabels(actor.getSnapshot(), actor.send);
      // The loaded labels stay usable while more load.
      expect(view).toMatchObject({ status: 'ready', keysStatus: 'loading' });
      expect(view.t('signIn')).toBe('تسجيل الدخول');
      await answerAll();
      await waitFor(actor, (s) => s.matches('ready'));
      view = connectLabels(actor.getSnapshot(), actor.send);
      expect(asked).toEqual([['signIn', 'email'], ['account', 'missingKey']]);
      expect(view.t('account')).toBe('الحساب');
      // A key the platform does not have was asked for: it counts as there and is not asked again.
      expect(view.hasKeys(['account', 'missingKey'])).toBe(true);
      view.need(['missingKey', 'account']);
      expect(actor.getSnapshot().value).toBe('ready');
      expect(asked).toHaveLength(2);
    });

    it('leaves its snapshot as it is on labels.need of keys already loading (a view asking on each render never loops)', async () => {
      const { api, answerAll } = byKeysApi();
      const actor = createActor(labelsMachine, { input: { api, realm: 'demo', keys: ['signIn'] } }).start();
      const starting = actor.getSnapshot();
      actor.send({ type: 'labels.need', keys: ['signIn'] });
      expect(actor.getSnapshot()).toBe(starting);
      await answerAll();
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'labels.need', keys: ['email'] });
      const fetching = actor.getSnapshot();
      expect(fetching.matches('fetchingKeys')).toBe(true);
      actor.send({ type: 'labels.need', keys: ['email'] });
      expect(actor.getSnapshot()).toBe(fetching);
      await answerAll();
    });

    it('asks for keys needed while a load is in flight once it is done, and keeps what it had', async () => {
      const { api, asked, answerAll } = byKeysApi();
      const actor = createActor(labelsMachine, { input: { api, realm: 'demo', keys: ['signIn'] } }).start();
      await answerAll();
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'labels.need', keys: ['email'] });
      actor.send({ type: 'labels.need', keys: ['account', 'email'] });
      actor.send({ type: 'labels.need', keys: ['plans'] });
      await answerAll();
      await waitFor(actor, (s) => s.matches('ready'));
      expect(asked).toEqual([['signIn'], ['email'], ['account', 'plans']]);
      const view = connectLabels(actor.getSnapshot(), actor.send);
      expect([view.t('signIn'), view.t('email'), view.t('account'), view.t('plans')]).toEqual(['تسجيل الدخول', 'Email', 'الحساب', 'Plans']);
    });

    it('retries a failed load of more keys with back-off, the loaded labels staying usable', async () => {
      vi.useFakeTimers();
      let failing = false;
      const { api, asked, answerAll } = byKeysApi({ fail: () => failing });
      const actor = createActor(labelsMachine, { input: { api, realm: 'demo', keys: ['signIn'] } }).start();
      const settle = async () => {
        await vi.advanceTimersByTimeAsync(0);
        const done = answerAll();
        await vi.advanceTimersByTimeAsync(0);
        await done;
      };
      await settle();
      expect(actor.getSnapshot().value).toBe('ready');
      failing = true;
      actor.send({ type: 'labels.need', keys: ['account'] });
      await settle();
      expect(actor.getSnapshot().value).toBe('keysFailed');
      let view = connectLabels(actor.getSnapshot(), actor.send);
      expect(view).toMatchObject({ status: 'ready', keysStatus: 'failed' });
      expect(view.t('signIn')).toBe('تسجيل الدخول');
      expect(view.hasKeys(['account'])).toBe(false);
      await vi.advanceTimersByTimeAsync(999);
      expect(asked).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(asked).toHaveLength(3);
      failing = false;
      await settle();
      expect(actor.getSnapshot().value).toBe('keysFailed');
      view = connectLabels(actor.getSnapshot(), actor.send);
      view.retry();
      await settle();
      expect(actor.getSnapshot().value).toBe('ready');
      expect(asked.at(-1)).toEqual(['account']);
      expect(connectLabels(actor.getSnapshot(), actor.send).t('account')).toBe('الحساب');
    });

    it('does nothing on labels.need once every label was loaded', async () => {
      const actor = createActor(labelsMachine, { input: { api: fakeApi({ labels: async () => labels }), realm: 'demo' } }).start();
      await waitFor(actor, (s) => s.matches('ready'));
      const view = connectLabels(actor.getSnapshot(), actor.send);
      view.need(['account']);
      expect(actor.getSnapshot().value).toBe('ready');
      expect(view.hasKeys(['account'])).toBe(true);
    });
  });
});
