// Small type guards for untrusted JSON. The rule they encode (PROTOCOL.md is proto3-shaped, and
// proto3 JSON omits fields that hold their default): an ABSENT field means its default, a field
// PRESENT with the wrong type is invalid. Callers decide whether invalid voids the whole event
// (required fields) or just the field (optional ones).

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isAbsent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/** Required string: absent → `absentValue`; wrong type → undefined (the caller drops the event). */
export function requiredString(value: unknown, absentValue = ''): string | undefined {
  if (isAbsent(value)) return absentValue;
  return typeof value === 'string' ? value : undefined;
}

/** Optional string: anything but a non-empty string is dropped. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

export function optionalCount(value: unknown): number | undefined {
  return isNonNegativeInteger(value) ? value : undefined;
}

export function optionalNonNegativeNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function optionalBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** Lookup that never reaches Object.prototype (ids like "constructor" come from the wire). */
export function ownValue<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
