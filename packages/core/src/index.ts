/**
 * @stream/core: the headless SDK. Subpaths `@stream/core/contracts`, `/api`, `/domain`,
 * `/machines` and `/platform` expose each layer on its own.
 */
export * from './contracts/index.js';
export * from './api/index.js';
export * from './domain/index.js';
export * from './machines/index.js';
export * from './platform/index.js';
