// Guards for untrusted JSON. The rule they encode (docs/protocol.md is proto3-shaped, and proto3 JSON
// omits fields that hold their default): an ABSENT field means its default, a field PRESENT with
// the wrong type is invalid. Required fields throw a TypeError (the caller drops the whole event
// or body); optional ones just come back undefined.

export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (): never => {
  throw new TypeError();
};

/** Required string: absent → ''; any other type throws. */
export const stringField = (value: unknown): string => (value == null ? '' : typeof value === 'string' ? value : invalid());

/** Optional string: anything but a non-empty string is dropped. */
export const optionalString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Optional count: a non-negative safe integer, else dropped. */
export const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

/** A value required to be present and valid: undefined throws. */
export const required = <T>(value: T | undefined): T => (value === undefined ? invalid() : value);
