/**
 * Freezes a value and everything it holds (objects, arrays, Map and Set contents; typed arrays are
 * left as they are: they cannot be frozen). For values that the in-memory caches hand to many
 * requests: a change by one caller throws instead of reaching the others.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  Object.freeze(value);
  if (value instanceof Map) {
    for (const [k, v] of value) {
      deepFreeze(k);
      deepFreeze(v);
    }
  } else if (value instanceof Set) {
    for (const v of value) deepFreeze(v);
  } else {
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
