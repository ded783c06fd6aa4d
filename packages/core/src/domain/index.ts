/** @stream/core/domain: pure rules of the specs. */
export {};
