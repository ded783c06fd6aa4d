/**
 * The Hono environment of the sandbox app, in a module of its own so that every module that
 * registers routes or middleware types its `Hono<SandboxEnv>` without importing `app.ts` (which
 * imports them: an import loop). Only `app.ts` sets these variables.
 */
import type { realms } from '../db/schema.js';

/** Hono environment of the sandbox app: the variables the app's middleware sets on every request. */
export type SandboxEnv = {
  Variables: {
    /** This request's id (a new uuid), also the `x-request-id` answer header. */
    requestId: string;
    /** The caller's `x-device-id` (1-128 characters of `[A-Za-z0-9._:-]`), else a new uuid. */
    deviceId: string;
    /** The realm the request names (`Realm` header), set by the realm and API-key check on `/api/*` and `/_sandbox/*`. */
    realm: typeof realms.$inferSelect;
  };
};
