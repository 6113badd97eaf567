// Readers for the platform's JSON: each answer is checked field by field rather than cast, so a
// surprise in the data shows as a clear error on the page instead of a broken view.

export type JsonObject = Record<string, unknown>;

export class WireError extends Error {}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function object(value: unknown, what: string): JsonObject {
  if (!isObject(value)) throw new WireError(`${what} is not an object`);
  return value;
}

export function array(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new WireError(`${what} is not an array`);
  return value;
}

/** Strings the platform may leave empty: v3 answers "" where older versions answered null. */
export function text(record: JsonObject, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : '';
}

export function number(record: JsonObject, key: string): number | null {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function flag(record: JsonObject, key: string): boolean {
  return record[key] === true;
}

export function strings(record: JsonObject, key: string): string[] {
  const value = record[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function nullableText(record: JsonObject, key: string): string | null {
  const value = record[key];
  return typeof value === 'string' ? value : null;
}
