/**
 * The stand-in captcha service and the platform's check (issue 18 "Captcha"; commerce §3 app-state
 * captcha flags, §8 `CAPTCHA_FAIL_ERROR`; docs/api.md "Captcha"), in the way the GIGYA stand-in
 * works (`gigya.ts`): a widget script the realm setting's `scriptUrl` names and the service it
 * calls, on the sandbox's own origin.
 *
 * - `GET /_captcha/captcha.js`: the widget script. It defines `window.streamCaptcha` with
 *   `render(container, { sitekey, callback(token), 'expired-callback'(), 'error-callback'() })`
 *   → a widget id, and `reset(widgetId)`; the widget is a labelled "I'm not a robot" checkbox
 *   (the challenge of this stand-in: ticking it solves it), then calls `window.onStreamCaptchaLoad`
 *   when defined.
 * - `POST /_captcha/solve { siteKey }` (JSON): 200 `{ success: true, token, expiresInSeconds }`;
 *   400 `{ success: false, error: 'invalid-site-key' }` for a key the sandbox does not know.
 * - Tokens: 192 random bits, only their SHA-256 kept (in memory), single-use, good for
 *   {@link CAPTCHA_TOKEN_TTL_MS} by the sandbox clock (`ctx.sandboxNow()`: tests move it).
 * - {@link CaptchaService.require}: the platform's check of a call that a realm's setting guards:
 *   the token of the `X-Captcha-Token` header is spent; missing, unknown, used or expired → 403
 *   `CAPTCHA_FAIL_ERROR` `['captchaFailed']`. Tokens are never logged.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { CAPTCHA_TOKEN_HEADER, type RealmCaptcha } from '@stream/core/contracts';
import { ApiHttpError } from '../errors.js';
import type { SandboxEnv } from '../http/env.js';

/** Where the stand-in captcha service answers, on the sandbox's own origin. */
export const CAPTCHA_SERVICE_PATH = '/_captcha';

/** The widget script, as the realm setting's `scriptUrl` gives it (a path on the platform). */
export const CAPTCHA_SCRIPT_PATH = `${CAPTCHA_SERVICE_PATH}/captcha.js`;

/** The site key of the seeded captcha realm; the stand-in refuses any other. */
export const CAPTCHA_SITE_KEY = 'sandbox-captcha-site-key';

/** How long a solved challenge's token is good for, in milliseconds (2 minutes, as hosted captchas do). */
export const CAPTCHA_TOKEN_TTL_MS = 2 * 60 * 1000;

/** The most unspent tokens kept; the oldest go first (a bound on memory, not a rule clients see). */
const MAX_TOKENS = 10_000;

/** Which realm-guarded call is checked. */
export type CaptchaPurpose = 'signUp' | 'payment';

/** The realm captcha setting of the seeded captcha realm: sign-up and payment guarded. */
export const SANDBOX_CAPTCHA: RealmCaptcha = { signUp: true, payment: true, scriptUrl: CAPTCHA_SCRIPT_PATH, siteKey: CAPTCHA_SITE_KEY };

/** The stand-in service and the platform's check. */
export interface CaptchaService {
  /** A new token for a solved challenge (valid for {@link CAPTCHA_TOKEN_TTL_MS} from `nowMs`). */
  issue(nowMs: number): string;
  /** Spends `token`: true once for a token issued and not expired at `nowMs`; false otherwise. */
  spend(token: string, nowMs: number): boolean;
  /**
   * The platform's check: when `setting` guards `purpose`, spends the request's `X-Captcha-Token`
   * or throws 403 `CAPTCHA_FAIL_ERROR`. Does nothing for a realm without the guard.
   */
  require(c: Context<SandboxEnv>, setting: RealmCaptcha | undefined, purpose: CaptchaPurpose): Promise<void>;
}

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The refusal of a missing or failed captcha token (commerce §8: the web shows `captchaFailed`). */
export const captchaFailed = () => new ApiHttpError(403, 'CAPTCHA_FAIL_ERROR', ['captchaFailed']);

/** Makes the service; `sandboxNow` is the sandbox clock. */
export function createCaptchaService(sandboxNow: () => Promise<Date>): CaptchaService {
  /** Token hash → expiry (ms); insertion order is issue order. */
  const tokens = new Map<string, number>();
  const service: CaptchaService = {
    issue(nowMs) {
      const token = randomBytes(24).toString('base64url');
      tokens.set(hashOf(token), nowMs + CAPTCHA_TOKEN_TTL_MS);
      while (tokens.size > MAX_TOKENS) tokens.delete(tokens.keys().next().value as string);
      return token;
    },
    spend(token, nowMs) {
      if (typeof token !== 'string' || token === '' || token.length > 512) return false;
      const key = hashOf(token);
      const expiresAt = tokens.get(key);
      tokens.delete(key);
      return expiresAt !== undefined && nowMs < expiresAt;
    },
    async require(c, setting, purpose) {
      if (!setting?.[purpose]) return;
      const token = c.req.header(CAPTCHA_TOKEN_HEADER) ?? '';
      if (!service.spend(token, (await sandboxNow()).getTime())) throw captchaFailed();
    },
  };
  return service;
}

/** Registers the widget script and the solve call on `app`. */
export function registerCaptchaService(app: Hono<SandboxEnv>, service: CaptchaService, sandboxNow: () => Promise<Date>): void {
  app.get(CAPTCHA_SCRIPT_PATH, (c) =>
    c.body(CAPTCHA_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }),
  );
  app.post(`${CAPTCHA_SERVICE_PATH}/solve`, async (c) => {
    let siteKey = '';
    try {
      const parsed: unknown = await c.req.json();
      if (parsed && typeof parsed === 'object' && typeof (parsed as { siteKey?: unknown }).siteKey === 'string') {
        siteKey = (parsed as { siteKey: string }).siteKey;
      }
    } catch {
      // a body that is not JSON: no site key
    }
    if (siteKey !== CAPTCHA_SITE_KEY) return c.json({ success: false, error: 'invalid-site-key' }, 400);
    const token = service.issue((await sandboxNow()).getTime());
    return c.json({ success: true, token, expiresInSeconds: CAPTCHA_TOKEN_TTL_MS / 1000 }, 200, { 'cache-control': 'no-store' });
  });
}

/**
 * The stand-in widget: a labelled checkbox; ticking it asks the service for a token and hands it
 * to `callback`; the token expires client-side after the TTL (`expired-callback`, the box
 * unticks). It reads the service's origin from its own address and never logs.
 */
const CAPTCHA_SCRIPT = `/* Stand-in captcha widget of the Stream sandbox: window.streamCaptcha (render, reset). */
(function () {
  'use strict';
  var script = document.currentScript;
  var src = new URL(script ? script.src : '${CAPTCHA_SCRIPT_PATH}', window.location.href);
  var service = src.origin + '${CAPTCHA_SERVICE_PATH}';
  var widgets = [];
  function call(fn, arg) { if (typeof fn === 'function') fn(arg); }
  function render(container, params) {
    params = params || {};
    var id = widgets.length;
    var label = document.createElement('label');
    label.setAttribute('data-stream-captcha', String(id));
    label.style.display = 'inline-flex';
    label.style.alignItems = 'center';
    label.style.gap = '0.5rem';
    label.style.padding = '0.75rem';
    label.style.border = '1px solid currentColor';
    label.style.borderRadius = '4px';
    var box = document.createElement('input');
    box.type = 'checkbox';
    var text = document.createElement('span');
    text.textContent = params.label || "I'm not a robot";
    label.appendChild(box);
    label.appendChild(text);
    container.appendChild(label);
    var widget = { box: box, timer: null };
    widgets.push(widget);
    box.addEventListener('change', function () {
      if (!box.checked) return;
      box.disabled = true;
      fetch(service + '/solve', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ siteKey: String(params.sitekey || '') }) })
        .then(function (response) { return response.json(); })
        .then(function (result) {
          box.disabled = false;
          if (!result.success) { box.checked = false; call(params['error-callback'], result.error); return; }
          clearTimeout(widget.timer);
          widget.timer = setTimeout(function () { box.checked = false; call(params['expired-callback']); }, result.expiresInSeconds * 1000);
          call(params.callback, result.token);
        }, function () { box.disabled = false; box.checked = false; call(params['error-callback'], 'network-error'); });
    });
    return id;
  }
  function reset(id) {
    var widget = widgets[id];
    if (!widget) return;
    clearTimeout(widget.timer);
    widget.box.checked = false;
    widget.box.disabled = false;
  }
  window.streamCaptcha = { render: render, reset: reset };
  if (typeof window.onStreamCaptchaLoad === 'function') window.onStreamCaptchaLoad();
})();
`;
