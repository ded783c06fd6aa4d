import { createActor, type ActorRefFrom } from 'xstate';
import { labelsMachine } from '@stream/core/machines';
import { loadConfig } from './config';
import { createServices, type Services } from './services';

/** The running app before anything renders: its services and the labels actor, loading. */
export interface StartedApp {
  services: Services;
  labels: ActorRefFrom<typeof labelsMachine>;
}

/** How a start ended: the started app, or the error of `/config.json` (app/config.ts). */
export type StartOutcome = { app: StartedApp } | { error: unknown };

/**
 * Starts the app without React: loads `/config.json` (index.html preloads it), creates the
 * services (api client, session actor: its guest check-in starts) and starts loading the labels.
 * main.tsx calls it before it loads React, so that these requests run while React's code is
 * evaluated; Bootstrap calls it again on Retry. Never rejects: a failure is logged and returned.
 */
export async function startApp(): Promise<StartOutcome> {
  try {
    const services = createServices(await loadConfig());
    const labels = createActor(labelsMachine, { input: { api: services.api, realm: services.config.realm } }).start();
    return { app: { services, labels } };
  } catch (error) {
    console.error(error);
    return { error };
  }
}
