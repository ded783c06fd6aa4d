/**
 * @stream/core/resources: the resource layer, reads outside a flow (a rail, a title, the
 * account's cards) cached and shared, and invalidated by the mutations that change them.
 */
export {
  createResourceCache,
  type ResourceCache,
  type ResourceCacheOptions,
  type ResourceKey,
  type ResourceKeyPart,
  type ResourceQuery,
  type ResourceState,
} from './cache.js';
export { resetOnViewerChange, type ViewerSource } from './viewer.js';
