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
});
