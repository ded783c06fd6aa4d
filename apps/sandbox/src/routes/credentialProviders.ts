/**
 * PBR, SPTV, OPIN and GIGYA sign-in (identity-and-routes.md §7). Placeholder: registers nothing yet.
 */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../app.js';
import type { SignInRouteDeps } from './context.js';

/** Registers the calls of PBR, SPTV, OPIN and GIGYA sign-in on `app`. */
export function registerCredentialProviderRoutes(_app: Hono<SandboxEnv>, _deps: SignInRouteDeps): void {}
