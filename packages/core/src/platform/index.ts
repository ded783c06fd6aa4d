/** @stream/core/platform: injected environment adapters (storage, token store, navigation, clock, broadcast). */
export { STORAGE_KEYS, type Broadcast, type Clock, type KeyValueStorage, type Navigation, type StorageKey } from './types.js';
export { memoryStorage, webStorage, type MemoryStorage } from './storage.js';
export { createTokenStore, type StoredTokens, type TokenStore } from './tokens.js';
export { systemClock, fixedClock, manualClock, type ManualClock } from './clock.js';
export { browserNavigation, memoryNavigation, type MemoryNavigation, type NavigationCall } from './navigation.js';
export { broadcastChannel, memoryBroadcastHub, type MemoryBroadcastHub } from './broadcast.js';
export { readAdsConsent, writeAdsConsent } from './adsConsent.js';
