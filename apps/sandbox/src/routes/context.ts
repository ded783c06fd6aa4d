import type { Context } from 'hono';
import type { AutoAnalyze } from '../db/autoAnalyze.js';
import type { CallerChecks } from '../auth/callers.js';
import type { SandboxDb } from '../db/open.js';
import { ApiHttpError, badRequest } from '../errors.js';
import type { SessionDeps } from '../auth/sessions.js';
import type { OpenIdRuntime } from '../openid/runtime.js';
import type { SecretThrottle } from '../auth/throttle.js';
import type { Route } from '../http/route.js';

/** What the route modules need from the app (`app.ts` makes it once per app); the bearer checks are `auth/callers.ts`'s. */
export interface RouteContext extends CallerChecks {
  /** Registers a platform call's route from its contract (`http/route.ts`). */
  route: Route;
  db: SandboxDb;
  /** The real clock (epoch ms): access tokens and media tokens. */
  now: () => number;
  /** The sandbox clock: the real clock plus the offset set with `POST /_sandbox/clock`. */
  sandboxNow: () => Promise<Date>;
  /** HMAC key of media tokens. */
  mediaSecret: Uint8Array;
  /** Base URL of the sandbox as the caller reached it (no trailing slash), for absolute URLs. */
  publicUrl: (c: Context) => string;
  /** The throttle of every call that checks a secret (`auth/throttle.ts`). */
  throttle: SecretThrottle;
  /** The client's socket address (never a header), undefined in-process (`auth/throttle.ts`). */
  clientAddress: (c: Context) => string | undefined;
  /** Counts a table's changes for the planner's statistics (`db/autoAnalyze.ts`): call it after a write. */
  autoAnalyze: AutoAnalyze;
}

/** 409 `CONFLICT`: the licence's state refuses the action. */
export const conflict = (...messages: string[]) => new ApiHttpError(409, 'CONFLICT', messages);

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Parses an ISO 8601 date-time with a time zone; 400 `BAD_REQUEST` (`<field>: …`) otherwise. */
export function parseDateTime(value: string, field: string): Date {
  const ms = ISO_DATE_TIME.test(value.trim()) ? Date.parse(value.trim()) : Number.NaN;
  if (Number.isNaN(ms)) throw badRequest(`${field}: Invalid ISO 8601 date-time (e.g. 2026-12-01T00:00:00Z)`);
  return new Date(ms);
}

/** `YYYY-MM-DD` of a date, for messages. */
export const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : 'never');

/**
 * What the sign-in provider routes (social, Firebase, PBR/SPTV/OPIN/GIGYA, external OAuth) need:
 * the route context, the session issuer (`issueSession(sessions, userId)` answers the platform's
 * tokens) and the OpenID runtime (the sandbox OpenID provider and its issuer; absent in an app
 * without a server).
 */
export interface SignInRouteDeps {
  routes: RouteContext;
  sessions: SessionDeps;
  openid: OpenIdRuntime | undefined;
}
