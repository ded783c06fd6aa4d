/**
 * Build-time only (prerender.ts loads it in Node): the HTML of a page frame, rendered by
 * react-dom/server from the very component the app renders at start.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Frame, type FrameContent, type FrameKind } from './Frame';

export { frameKindOf } from './Frame';

/**
 * The markup of the {@link Frame} of `kind`, for `<div id="root">`; with `content` (the text and
 * thumbnails the web server adds at request time: its markup is held to this one by a test).
 */
export function renderFrame(kind: FrameKind, content: Pick<FrameContent, 'text' | 'media'> = {}): string {
  return renderToStaticMarkup(<Frame kind={kind} text={content.text} media={content.media} />);
}
