/**
 * the generic external OAuth route and impersonation (identity-and-routes.md §7). Placeholder: registers nothing yet.
 */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../app.js';
import type { SignInRouteDeps } from './context.js';

/** Registers the calls of the generic external OAuth route and impersonation on `app`. */
export function registerExternalOAuthRoutes(_app: Hono<SandboxEnv>, _deps: SignInRouteDeps): void {}
