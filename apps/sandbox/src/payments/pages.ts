/**
 * The HTML pages the payer visits outside the web app: the card processor's 3-D Secure challenge
 * and the redirecting providers' approval page. Small, but usable by keyboard and screen reader:
 * a language, a title, a `main` landmark with one heading, text saying what each button does,
 * real `<button>`s (their text is their accessible name), a visible focus ring, and a layout that
 * fits a 375 px wide phone. Every interpolated value is HTML-escaped.
 */

/** One button of a page: a form posting to `action`. */
export interface PageAction {
  /** Form action (a path of the sandbox, query included). */
  action: string;
  /** Button text, which is also its accessible name (e.g. "Complete authentication"). */
  label: string;
  /** The primary action is drawn filled. */
  primary?: boolean;
}

/** Escapes `&`, `<`, `>`, `"` and `'` for HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;background:#f4f5f7;color:#1b1f24}',
  'main{max-width:28rem;margin:0 auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}',
  'h1{font-size:1.375rem;margin:0 0 .75rem}',
  'p{margin:0 0 1rem}',
  '.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}',
  'form{margin:0;flex:1 1 10rem}',
  'button{width:100%;min-height:2.75rem;font:inherit;font-weight:600;border-radius:.5rem;border:2px solid #1f4fd1;background:#fff;color:#1f4fd1;cursor:pointer}',
  'button.primary{background:#1f4fd1;color:#fff}',
  'button:focus-visible{outline:3px solid #f0b400;outline-offset:2px}',
].join('');

/**
 * A complete HTML page: `title` in `<title>` (with "(sandbox)"), `heading` as the `h1`, each of
 * `paragraphs` as a `<p>`, then one form with one submit button per action. Values are escaped.
 */
export function hostedPage(page: { title: string; heading: string; paragraphs: string[]; actions: PageAction[] }): string {
  const paragraphs = page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
  const actions = page.actions
    .map(
      (a) =>
        `<form method="post" action="${escapeHtml(a.action)}"><button type="submit"${a.primary ? ' class="primary"' : ''}>${escapeHtml(a.label)}</button></form>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(page.title)} (sandbox)</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(page.heading)}</h1>${paragraphs}<div class="actions">${actions}</div></main></body></html>`
  );
}

/** A provider's display name (`PAYPAL` → "PayPal", `IDEAL` → "iDEAL", `WEPAY` → "WePay"…; others as given). */
export function providerName(provider: string): string {
  const names: Record<string, string> = { PAYPAL: 'PayPal', IDEAL: 'iDEAL', BANCONTACT: 'Bancontact', PIX: 'Pix', ALIPAY: 'Alipay', WEPAY: 'WePay' };
  return names[provider] ?? provider;
}
