/**
 * Which Firebase Auth service each sandbox app uses: `startSandbox` attaches its emulator to the
 * app's database handle, the Firebase routes look it up there (one registry entry per app, so
 * several sandboxes in one process each keep their own emulator).
 */
import type { SandboxDb } from '../db/open.js';
import { firebaseAuthRest, type FirebaseAuthRest } from './rest.js';

/** The Firebase Auth service of one app. */
export interface FirebaseRuntime {
  /** `http://127.0.0.1:<port>` of the emulator. */
  url: string;
  projectId: string;
  rest: FirebaseAuthRest;
}

const runtimes = new WeakMap<SandboxDb, FirebaseRuntime>();

/** Attaches the emulator at `url` (ready once `ready` resolves) to the app whose database is `db`. */
export function attachFirebase(db: SandboxDb, url: string, projectId: string, ready: Promise<void>): FirebaseRuntime {
  const runtime = { url, projectId, rest: firebaseAuthRest(url, projectId, ready) };
  runtimes.set(db, runtime);
  return runtime;
}

/** The Firebase Auth service of the app whose database is `db`, or undefined when it has none. */
export function firebaseFor(db: SandboxDb): FirebaseRuntime | undefined {
  return runtimes.get(db);
}
