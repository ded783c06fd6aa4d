/**
 * Firebase sign-in (v1 firebase-auth, firebase-auth/signup) (identity-and-routes.md §7). Placeholder: registers nothing yet.
 */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../app.js';
import type { SignInRouteDeps } from './context.js';

/** Registers the calls of Firebase sign-in (v1 firebase-auth, firebase-auth/signup) on `app`. */
export function registerFirebaseRoutes(_app: Hono<SandboxEnv>, _deps: SignInRouteDeps): void {}
