/**
 * Reads an own property only: an order built as `Object.create({ price: ... })` or carrying
 * inherited keys (`toString`, `__proto__`) must not lend fields it does not have. `null` counts as
 * absent, as JSON senders mean by it.
 */
export function readOwnField(record: object, key: string): unknown {
  if (!Object.hasOwn(record, key)) return undefined;
  const value = (record as Record<string, unknown>)[key];
  return value === null ? undefined : value;
}

/** A record that can hold order fields: not an array, date, map, boxed primitive or the like. */
export function isFieldRecord(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.prototype.toString.call(value) === '[object Object]'
  );
}
