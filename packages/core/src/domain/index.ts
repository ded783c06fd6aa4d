/** @stream/core/domain: pure rules of the specs (no I/O, no clock reads, never throws on bad input). */
export * from './routes.js';
export * from './redirects.js';
export * from './claims.js';
export * from './loginForm.js';
export * from './loginErrors.js';
export * from './locale.js';
export * from './constants.js';
export * from './access.js';
export * from './money.js';
export * from './periods.js';
export * from './dates.js';
export * from './discounts.js';
export * from './licences.js';
export * from './renewal.js';
/** `isExpired` is the token-claims rule; the licence one is exported as `isLicenceExpired`. */
export { isExpired } from './claims.js';
export * from './content.js';
