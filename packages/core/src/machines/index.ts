/** @stream/core/machines: one XState v5 machine per flow. */
export {};
