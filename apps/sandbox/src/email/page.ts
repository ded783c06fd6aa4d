/**
 * `GET /_sandbox/outbox/page`: the outbox for a person, newest first, with each message's link
 * clickable. No realm or API key (a browser opens it), but the sandbox admin key: the page asks
 * for it once and keeps it in an HttpOnly, SameSite=Strict cookie (`http/adminKey.ts`); no CORS
 * header, so no other origin reads it. Usable by keyboard and screen reader: a language, a title, a `main` landmark with one
 * `h1`, a labelled filter form, one `article` per message with its own heading, visible focus,
 * and a layout that fits a 375 px wide phone. Every interpolated value is HTML-escaped.
 */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../http/env.js';
import type { SandboxDb } from '../db/open.js';
import { escapeHtml } from '../payments/pages.js';
import { readOutbox, type EmailKind, type OutboxMessage } from './outbox.js';

/** Path of the outbox page. */
export const OUTBOX_PAGE_PATH = '/_sandbox/outbox/page';

const KIND_NAMES: Record<EmailKind, string> = {
  reset: 'Password reset',
  magic: 'Magic link',
  confirm: 'Email confirmation',
  pinReset: 'Parental PIN reset',
  gift: 'Gift',
};

const STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1rem;background:#f4f5f7;color:#1b1f24}',
  'main{max-width:48rem;margin:0 auto}',
  'h1{font-size:1.5rem;margin:0 0 1rem}',
  'h2{font-size:1.125rem;margin:0 0 .25rem;overflow-wrap:anywhere}',
  'form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:0 0 1rem}',
  'label{display:flex;flex-direction:column;font-weight:600;flex:1 1 14rem}',
  'input{font:inherit;padding:.5rem;border:1px solid #6b7280;border-radius:.375rem;min-height:2.75rem;box-sizing:border-box}',
  'button{font:inherit;font-weight:600;min-height:2.75rem;padding:0 1rem;border-radius:.375rem;border:2px solid #1f4fd1;background:#1f4fd1;color:#fff;cursor:pointer}',
  'article{background:#fff;border-radius:.75rem;padding:1rem;margin:0 0 .75rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}',
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.125rem .75rem;margin:.5rem 0}',
  'dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}',
  'pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f5f7;padding:.5rem;border-radius:.375rem;margin:.5rem 0 0}',
  'a{color:#1f4fd1;overflow-wrap:anywhere}',
  'a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #f0b400;outline-offset:2px}',
].join('');

function messageHtml(message: OutboxMessage): string {
  return (
    `<article aria-labelledby="m-${escapeHtml(message.id)}">` +
    `<h2 id="m-${escapeHtml(message.id)}">${escapeHtml(message.subject)}</h2>` +
    `<dl><dt>To</dt><dd>${escapeHtml(message.to)}</dd>` +
    `<dt>Kind</dt><dd>${escapeHtml(KIND_NAMES[message.kind] ?? message.kind)}</dd>` +
    `<dt>Sent</dt><dd><time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(message.sentAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></dd></dl>` +
    `<p><a href="${escapeHtml(message.link)}">Open the link: ${escapeHtml(KIND_NAMES[message.kind] ?? message.kind)} for ${escapeHtml(message.to)}</a></p>` +
    `<pre>${escapeHtml(message.text)}</pre></article>`
  );
}

/** The whole page for `messages` (already filtered), with `to` in the filter field. */
export function outboxPageHtml(messages: readonly OutboxMessage[], to: string): string {
  const list =
    messages.length === 0
      ? `<p role="status">No messages${to ? ` to ${escapeHtml(to)}` : ''} yet. Ask for a password reset or a magic link, or sign up, then reload this page.</p>`
      : `<p role="status">${messages.length} message${messages.length === 1 ? '' : 's'}, newest first.</p>${messages.map(messageHtml).join('')}`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Email outbox (sandbox)</title><style>${STYLE}</style></head>` +
    `<body><main><h1>Email outbox</h1>` +
    `<form method="get" action="${OUTBOX_PAGE_PATH}"><label>Recipient (leave empty for every message)` +
    `<input type="email" name="to" value="${escapeHtml(to)}" autocomplete="off"></label>` +
    `<button type="submit">Show messages</button></form>${list}</main></body></html>`
  );
}

/**
 * Registers the outbox page on `app`. Register it after the admin-key gate and before the
 * `/_sandbox/*` realm check: a browser sends no realm or API key.
 */
export function registerOutboxPage(app: Hono<SandboxEnv>, db: SandboxDb): void {
  app.get(OUTBOX_PAGE_PATH, async (c) => {
    const to = (c.req.query('to') ?? '').trim();
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    return c.html(outboxPageHtml(await readOutbox(db, to || undefined), to));
  });
}
