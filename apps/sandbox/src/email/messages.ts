/**
 * The texts of the sandbox's emails: one per kind, each with a plain-text and an HTML body and
 * its one action link. English only (the sandbox's mail is for testing). Every interpolated value
 * is HTML-escaped in the HTML body.
 */
import { escapeHtml } from '../payments/pages.js';
import { EMAIL_TOKEN_TTL_MS } from './tokens.js';
import type { OutgoingEmail, TokenEmailKind } from './outbox.js';

const MINUTES = EMAIL_TOKEN_TTL_MS / 60_000;

const COPY: Record<TokenEmailKind, { subject: string; intro: string; action: string; outro: string }> = {
  reset: {
    subject: 'Reset your Stream password',
    intro: 'Someone asked to reset the password of your Stream account. To choose a new password, open this link:',
    action: 'Choose a new password',
    outro: `The link works once and expires in ${MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
  },
  magic: {
    subject: 'Your Stream sign-in link',
    intro: 'To sign in to Stream, open this link:',
    action: 'Sign in to Stream',
    outro: `The link works once and expires in ${MINUTES} minutes. If you did not ask for it, ignore this email.`,
  },
  confirm: {
    subject: 'Confirm your email address for Stream',
    intro: 'Welcome to Stream! To confirm that this address is yours, open this link:',
    action: 'Confirm my email address',
    outro: `The link works once and expires in ${MINUTES} minutes.`,
  },
  pinReset: {
    subject: 'Reset your Stream parental PIN',
    intro: 'Someone asked to reset the parental-control PIN of your Stream account. To remove the PIN and choose a new one, open this link:',
    action: 'Reset my parental PIN',
    outro: `The link works once and expires in ${MINUTES} minutes. If you did not ask for it, ignore this email: your PIN stays as it is.`,
  },
};

/** The email of `kind` to `to`, whose action link is `link`. */
export function composeEmail(kind: TokenEmailKind, to: string, link: string): OutgoingEmail {
  const copy = COPY[kind];
  const text = `${copy.intro}\n\n${link}\n\n${copy.outro}\n`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>` +
    `<body><p>${escapeHtml(copy.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(copy.action)}</a></p>` +
    `<p>${escapeHtml(copy.outro)}</p></body></html>`;
  return { to, subject: copy.subject, text, html, kind, link };
}
