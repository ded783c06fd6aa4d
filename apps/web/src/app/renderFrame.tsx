/**
 * Build-time only (prerender.ts loads it in Node): the HTML of a page frame, rendered by
 * react-dom/server from the very component the app renders at start.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Frame, type FrameKind } from './Frame';

export { frameKindOf } from './Frame';

/** The markup of the {@link Frame} of `kind`, for `<div id="root">`. */
export function renderFrame(kind: FrameKind): string {
  return renderToStaticMarkup(<Frame kind={kind} />);
}
