import { createCardProcessor, type CardProcessor } from '@stream/core/api';

/** The card processor at `baseUrl` (loaded with the first card payment: see `lazyCardProcessor`). */
export function cardProcessor(baseUrl: string): CardProcessor {
  return createCardProcessor({ baseUrl });
}
