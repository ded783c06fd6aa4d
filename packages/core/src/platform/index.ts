/** @stream/core/platform: injected environment adapters (storage, navigation, clock, broadcast). */
export * from './types.js';
