// Guards for untrusted JSON. The rule they encode (PROTOCOL.md is proto3-shaped, and proto3 JSON
// omits fields that hold their default): an ABSENT field means its default, a field PRESENT with
// the wrong type is invalid. Required fields throw a TypeError (the caller drops the whole event
// or body); optional ones just come back undefined.

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Required string: absent → `absent`; any other type throws. */
export function str(value: unknown, absent = ''): string {
  if (value === undefined || value === null) return absent;
  if (typeof value !== 'string') throw new TypeError('invalid field');
  return value;
}

/** Optional string: anything but a non-empty string is dropped. */
export function opt(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Optional count: a non-negative safe integer, else dropped. */
export function count(value: unknown): number | undefined {
  return Number.isSafeInteger(value) && Number(value) >= 0 ? Number(value) : undefined;
}

/** A value required to be present and valid: undefined throws. */
export function need<T>(value: T | undefined): T {
  if (value === undefined) throw new TypeError('invalid field');
  return value;
}
