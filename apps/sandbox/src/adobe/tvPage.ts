/**
 * `GET /_sandbox/tv[?realm=]`: a page that plays a TV for the device PIN login (docs/sandbox.md
 * "Adobe Pass and TV"). No realm headers (a person opens it in a browser; it sends the seeded
 * realm's headers to the platform itself), but the sandbox admin key, asked once by a form and
 * kept in a cookie, like every `/_sandbox` page (`http/adminKey.ts`). It asks for a PIN, shows it large, polls, and
 * flips to "Signed in as …" once the PIN is confirmed on the web's TV_LOGIN page, or to "This
 * code has expired" with a "Get a new code" button. One `h1`, a `role="status"` live region,
 * focus moved to the result, visible focus, fits a 375 px wide phone. Tokens stay in memory.
 */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../http/env.js';
import { escapeHtml } from '../payments/pages.js';
import { FULL_REALM, SEED_REALMS } from '../seed/realms.js';

/** Path of the TV page. */
export const TV_PAGE_PATH = '/_sandbox/tv';

const STYLE = [
  'body{font:18px/1.5 system-ui,sans-serif;margin:0;padding:1rem;background:#0b0d17;color:#f4f5f7;min-height:100vh;box-sizing:border-box}',
  'main{max-width:40rem;margin:0 auto;text-align:center}',
  'h1{font-size:1.5rem;margin:1rem 0}',
  '#code{font:700 clamp(2.25rem,12vw,5rem)/1.1 ui-monospace,monospace;letter-spacing:.15em;margin:1.5rem 0;overflow-wrap:anywhere}',
  'button{font:inherit;font-weight:600;min-height:2.75rem;padding:0 1.25rem;border-radius:.5rem;border:2px solid #8ab4ff;background:#1f4fd1;color:#fff;cursor:pointer}',
  'button:focus-visible,[tabindex]:focus-visible{outline:3px solid #f0b400;outline-offset:3px}',
  '[hidden]{display:none}',
].join('');

/** The page's script: create, show, poll; `realm` and `apiKey` are JSON-encoded into it. */
function script(realm: string, apiKey: string): string {
  return `(() => {
const headers = { 'content-type': 'application/json', Realm: ${JSON.stringify(realm)}, 'x-api-key': ${JSON.stringify(apiKey)} };
const deviceKey = 'stream.sandboxTv.deviceId';
let deviceId = sessionStorage.getItem(deviceKey);
if (!deviceId) { deviceId = crypto.randomUUID(); sessionStorage.setItem(deviceKey, deviceId); }
headers['x-device-id'] = deviceId;
const el = (id) => document.getElementById(id);
let timer;
function show(state, text) {
  el('waiting').hidden = state !== 'waiting';
  el('again').hidden = state === 'waiting' || state === 'signed-in';
  el('status').textContent = text;
  if (state !== 'waiting') el('status').focus();
}
async function start() {
  clearTimeout(timer);
  el('code').textContent = '…';
  show('waiting', 'Getting a code…');
  try {
    const res = await fetch('/api/v2/device/pin', { method: 'POST', headers, body: '{}' });
    if (!res.ok) throw new Error('status ' + res.status);
    const pin = await res.json();
    el('code').textContent = pin.pin;
    el('code').setAttribute('aria-label', 'Code ' + pin.pin.split('').join(' '));
    show('waiting', 'Waiting for the code to be confirmed…');
    poll(pin.anchor, (pin.pollIntervalSeconds || 2) * 1000);
  } catch (error) {
    el('code').textContent = '';
    show('failed', 'Could not get a code. Check that the sandbox runs, then get a new code.');
  }
}
function poll(anchor, every) {
  timer = setTimeout(async () => {
    try {
      const res = await fetch('/api/v2/device/pin/poll', { method: 'POST', headers, body: JSON.stringify({ anchor }) });
      const answer = await res.json();
      if (answer.status === 'confirmed') return signedIn(answer.authorisationToken);
      if (answer.status === 'expired' || res.status === 404) { el('code').textContent = ''; return show('expired', 'This code has expired.'); }
    } catch (error) { /* try again at the next tick */ }
    poll(anchor, every);
  }, every);
}
async function signedIn(token) {
  el('code').textContent = '';
  let who = 'your account';
  try {
    const res = await fetch('/api/v2/user/profile', { headers: { ...headers, authorization: 'Bearer ' + token } });
    if (res.ok) { const profile = await res.json(); who = profile.name || profile.contactEmail || who; }
  } catch (error) { /* keep the generic name */ }
  show('signed-in', 'Signed in as ' + who);
}
el('again').addEventListener('click', start);
start();
})();`;
}

/** The whole page for `realm` (its API key is the seeded one: sandbox only). */
export function tvPageHtml(realm: string, apiKey: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>TV · Stream sandbox</title><style>${STYLE}</style></head><body><main>` +
    `<h1>Sign in on your TV</h1>` +
    `<div id="waiting"><p>On your phone or computer, sign in to Stream, open the TV sign-in page and enter this code:</p>` +
    `<p id="code" aria-live="off">…</p></div>` +
    `<p id="status" role="status" tabindex="-1">Getting a code…</p>` +
    `<button id="again" type="button" hidden>Get a new code</button>` +
    `<p><small>Realm ${escapeHtml(realm)}</small></p>` +
    `</main><script>${script(realm, apiKey).replace(/<\//g, '<\\/')}</script></body></html>`
  );
}

/** Registers `GET /_sandbox/tv` on `app` (after the admin-key gate, before the realm check, like the outbox page). */
export function registerTvPage(app: Hono<SandboxEnv>): void {
  app.get(TV_PAGE_PATH, (c) => {
    const name = c.req.query('realm') ?? FULL_REALM.name;
    const realm = SEED_REALMS.find((candidate) => candidate.name === name);
    if (!realm) return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unknown realm</title></head><body><main><h1>Unknown realm</h1><p role="alert">No seeded realm ${escapeHtml(name)}.</p></main></body></html>`, 404);
    return c.html(tvPageHtml(realm.name, realm.apiKey));
  });
}
