/**
 * Membership in a list of string constants (an enumeration of the spec held as a `const` array).
 * Internal to `domain/`: each enumeration exports its own named guard built on it.
 */

/** True when `value` is a string of `values` (case-sensitive); narrows it to their union. Pure, never throws. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
