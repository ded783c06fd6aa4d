/** @stream/core/api: the platform API client. */
export type * from './types.js';
