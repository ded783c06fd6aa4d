/**
 * @stream/react: the thin React adapter of @stream/core. The core owns every flow, rule and
 * platform call; this package runs flows (`useFlow`), reads resources (`useResource`) and selects
 * the session (`useSession`, `useSessionSelector`) so that a React front end only renders.
 */
export { StreamProvider, useStream, type StreamProviderProps, type StreamServices } from './provider';
export { useFlow, type UseFlowOptions } from './useFlow';
export { useResource, type ResourceView } from './useResource';
export { sameSessionView, useSession, useSessionSelector } from './session';
