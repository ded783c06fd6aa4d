// @vitest-environment happy-dom
/**
 * The captcha widget's part of "every retry needs a fresh solve" (issue 18; docs/api.md "Captcha"):
 * a spent token resets the widget, the flow's prompt shows `captchaSolveFirst` and focuses the
 * challenge, and a widget leaving the page solved tells the flow its token is gone.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@stream/core/api';
import type { RealmCaptcha } from '@stream/core/contracts';
import { I18nProvider, ServicesProvider } from '../app/context';
import { jwt, testLabels, testServices } from '../app/testServices';
import { CaptchaWidget } from './CaptchaWidget';

const SETTING: RealmCaptcha = { signUp: true, payment: true, scriptUrl: '/_captcha/captcha.js', siteKey: 'site-key' };

/** A stand-in for the widget script's global: a checkbox per render, resets recorded. */
const resets: number[] = [];
let rendered = 0;
beforeAll(() => {
  (window as unknown as { streamCaptcha: unknown }).streamCaptcha = {
    render(container: HTMLElement, params: { label?: string }) {
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.setAttribute('aria-label', params.label ?? 'box');
      container.append(box);
      return rendered++;
    },
    reset: (id: number) => resets.push(id),
  };
  // The script "loads" as soon as it is added (happy-dom runs no script file: it is not attached).
  const append = document.head.append.bind(document.head);
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) {
      if (node instanceof HTMLScriptElement) queueMicrotask(() => node.onload?.(new Event('load')));
      else append(node);
    }
  });
});
afterEach(cleanup);

function widget(props: { solved: boolean; prompt?: boolean; onExpired?: () => void }) {
  const services = testServices({ subscribe: () => () => undefined } as unknown as ApiClient, { authorisationToken: jwt('g', true), refreshToken: 'r' });
  const tree = (p: typeof props) => (
    <ServicesProvider services={services}>
      <I18nProvider language="en" labels={testLabels()}>
        <CaptchaWidget
          setting={SETTING}
          flow={{ captcha: { solved: p.solved, prompt: p.prompt ?? false }, solveCaptcha: () => undefined, expireCaptcha: p.onExpired ?? (() => undefined) }}
        />
      </I18nProvider>
    </ServicesProvider>
  );
  const view = render(tree(props));
  return { ...view, update: (next: typeof props) => view.rerender(tree(next)), stop: () => services.session.stop() };
}

describe('CaptchaWidget', () => {
  it('a spent or refused token (solved going false) resets the widget for a fresh challenge', async () => {
    const { update, stop } = widget({ solved: false });
    await screen.findByRole('checkbox', { name: 'captchaCheckbox' });
    const id = rendered - 1;
    update({ solved: true });
    expect(resets).not.toContain(id);
    update({ solved: false });
    expect(resets).toContain(id);
    stop();
  });

  it("the flow's prompt shows captchaSolveFirst as an alert and moves the focus to the challenge", async () => {
    const { update, stop } = widget({ solved: false });
    const box = await screen.findByRole('checkbox', { name: 'captchaCheckbox' });
    expect(screen.queryByRole('alert')).toBeNull();
    update({ solved: false, prompt: true });
    expect(screen.getByRole('alert').textContent).toBe('captchaSolveFirst');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.getByRole('group', { name: 'captchaTitle' }).getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    update({ solved: true, prompt: false });
    expect(screen.queryByRole('alert')).toBeNull();
    stop();
  });

  it('leaving the page with a solved, unspent challenge tells the flow the token is gone; unsolved, nothing', async () => {
    const solvedExpired = vi.fn();
    const solved = widget({ solved: true, onExpired: solvedExpired });
    await screen.findByRole('checkbox', { name: 'captchaCheckbox' });
    act(() => solved.unmount());
    expect(solvedExpired).toHaveBeenCalledTimes(1);
    solved.stop();

    const unsolvedExpired = vi.fn();
    const unsolved = widget({ solved: false, onExpired: unsolvedExpired });
    await screen.findByRole('checkbox', { name: 'captchaCheckbox' });
    act(() => unsolved.unmount());
    expect(unsolvedExpired).not.toHaveBeenCalled();
    unsolved.stop();
  });
});
