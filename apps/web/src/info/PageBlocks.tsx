import { Link } from 'wouter';
import type { ExternalPage } from '@stream/core/contracts';

/** Schemes a link of an external page may use; any other (`javascript:`, `data:`) is shown as text. */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * `url` when it is a path of this site (`/purchase`; not `//host`) or an absolute `http:`,
 * `https:` or `mailto:` URL, else undefined (the link is shown as plain text).
 */
export function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/')) return /^\/[/\\]/.test(url) ? undefined : url;
  try {
    return SAFE_SCHEMES.has(new URL(url).protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The blocks of an external page (`catalogue.externalPage`) as elements: headings, paragraphs and
 * links, their text always text (never parsed as HTML), links only to {@link safeHref} URLs.
 */
export function PageBlocks({ blocks }: { blocks: ExternalPage['blocks'] }) {
  return (
    <>
      {blocks.map((block, index) => {
        if (block.type === 'heading') return <h2 key={index}>{block.text}</h2>;
        if (block.type === 'link') {
          const href = safeHref(block.url);
          return (
            <p key={index}>
              {href?.startsWith('/') ? (
                <Link href={href}>{block.text}</Link>
              ) : href ? (
                <a href={href} rel="noopener noreferrer">
                  {block.text}
                </a>
              ) : (
                block.text
              )}
            </p>
          );
        }
        return <p key={index}>{block.text}</p>;
      })}
    </>
  );
}

/**
 * The HTML document a plugin frame shows for `page` (its `srcdoc`): built with the DOM, whose
 * serialisation escapes every text, so no text of the page can become markup or script.
 */
export function pluginDocument(page: Pick<ExternalPage, 'title' | 'blocks'>, language: string, direction: 'ltr' | 'rtl'): string {
  const doc = document.implementation.createHTMLDocument(page.title);
  doc.documentElement.lang = language;
  doc.documentElement.dir = direction;
  const heading = doc.createElement('h1');
  heading.textContent = page.title;
  doc.body.append(heading);
  for (const block of page.blocks) {
    const element = doc.createElement(block.type === 'heading' ? 'h2' : 'p');
    const href = block.type === 'link' ? safeHref(block.url) : undefined;
    if (href) {
      const link = doc.createElement('a');
      link.href = href;
      link.rel = 'noopener noreferrer';
      link.textContent = block.text;
      element.append(link);
    } else {
      element.textContent = block.text;
    }
    doc.body.append(element);
  }
  return `<!doctype html>${doc.documentElement.outerHTML}`;
}
