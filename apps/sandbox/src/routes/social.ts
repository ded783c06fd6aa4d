/**
 * Apple, Google and Facebook sign-in, account linking and unlink (identity-and-routes.md §7). Placeholder: registers nothing yet.
 */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../app.js';
import type { SignInRouteDeps } from './context.js';

/** Registers the calls of Apple, Google and Facebook sign-in, account linking and unlink on `app`. */
export function registerSocialRoutes(_app: Hono<SandboxEnv>, _deps: SignInRouteDeps): void {}
