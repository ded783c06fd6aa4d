import type { Broadcast } from './types.js';

/** A Broadcast that drops every message: where BroadcastChannel does not exist. */
function noopBroadcast<T>(): Broadcast<T> {
  return { post: () => undefined, subscribe: () => () => undefined, close: () => undefined };
}

/**
 * A {@link Broadcast} over the browser's `BroadcastChannel` named `name`: messages reach every
 * other tab (and every other channel object of that name), not the sender. Messages must be
 * structured-cloneable; one that is not is dropped. Without `BroadcastChannel` it is a no-op.
 * Reads `globalThis` only when called.
 */
export function broadcastChannel<T>(name: string): Broadcast<T> {
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (typeof Channel !== 'function') return noopBroadcast<T>();
  let channel: BroadcastChannel;
  try {
    channel = new Channel(name);
  } catch {
    return noopBroadcast<T>();
  }
  let closed = false;
  return {
    post(message) {
      if (closed) return;
      try {
        channel.postMessage(message);
      } catch {
        // DataCloneError: not cloneable; cross-tab sync is best effort.
      }
    },
    subscribe(listener) {
      const handler = (event: MessageEvent) => listener(event.data as T);
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
    close() {
      closed = true;
      channel.close();
    },
  };
}

/** Linked in-process broadcasts: each `channel()` call is one tab. See {@link memoryBroadcastHub}. */
export interface MemoryBroadcastHub {
  /** A new Broadcast on channel `name`; it hears what the hub's other channels of that name post. */
  channel<T>(name: string): Broadcast<T>;
  /** Resolves once every message posted so far has been delivered. */
  flush(): Promise<void>;
}

/**
 * Creates in-process Broadcasts that behave like BroadcastChannel for tests (simulating two
 * tabs): a message reaches every other open channel of the same name, never the sender, as a
 * structured clone, asynchronously (a microtask later); `flush()` waits for delivery.
 */
export function memoryBroadcastHub(): MemoryBroadcastHub {
  const members = new Map<string, Set<Set<(message: unknown) => void>>>();
  let pending: Promise<void> = Promise.resolve();

  return {
    channel<T>(name: string): Broadcast<T> {
      const listeners = new Set<(message: unknown) => void>();
      let room = members.get(name);
      if (!room) {
        room = new Set();
        members.set(name, room);
      }
      const joined = room;
      joined.add(listeners);
      let closed = false;
      return {
        post(message) {
          if (closed) return;
          const copy = structuredClone(message);
          const targets = [...joined].filter((other) => other !== listeners);
          pending = pending.then(() => {
            for (const target of targets) {
              if (!joined.has(target)) continue;
              for (const listener of [...target]) {
                try {
                  listener(structuredClone(copy));
                } catch (error) {
                  // Like a DOM event listener: report, keep delivering to the others.
                  queueMicrotask(() => {
                    throw error;
                  });
                }
              }
            }
          });
        },
        subscribe(listener) {
          const wrapped = listener as (message: unknown) => void;
          listeners.add(wrapped);
          return () => {
            listeners.delete(wrapped);
          };
        },
        close() {
          closed = true;
          joined.delete(listeners);
          listeners.clear();
        },
      };
    },
    flush: () => pending,
  };
}
