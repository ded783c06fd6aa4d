import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '@stream/core/api';
import type { SessionActorRef } from '@stream/core/machines';
import type { ResourceCache } from '@stream/core/resources';

/**
 * What every view of a front end shares, created once per page load: the platform client, the
 * one session actor and the resource cache. A front end may add its own members (configuration,
 * storage, navigation) by extending this interface.
 */
export interface StreamServices {
  /** The platform client (`createApiClient`). Views never call it: flows and resources do. */
  readonly api: ApiClient;
  /** The running session actor (`sessionMachine`). */
  readonly session: SessionActorRef;
  /** The cache of reads outside a flow (`createResourceCache`). */
  readonly resources: ResourceCache;
}

const StreamContext = createContext<StreamServices | null>(null);

/** Props of {@link StreamProvider}. */
export interface StreamProviderProps<S extends StreamServices> {
  /** The services of the page load; keep the same object for the page's lifetime. */
  services: S;
  children?: ReactNode;
}

/** Makes `services` available to {@link useStream} and the other hooks below it. */
export function StreamProvider<S extends StreamServices>({ services, children }: StreamProviderProps<S>) {
  return <StreamContext.Provider value={services}>{children}</StreamContext.Provider>;
}

/**
 * The services given to the nearest {@link StreamProvider}, typed as the front end's own
 * services type `S`. Throws outside a provider: a programming error.
 */
export function useStream<S extends StreamServices = StreamServices>(): S {
  const services = useContext(StreamContext);
  if (!services) throw new Error('useStream() outside <StreamProvider>');
  return services as S;
}
