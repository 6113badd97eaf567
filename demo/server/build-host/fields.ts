// Reads a request body the OpenAPI document has checked (openapi/field-errors.ts): every problem
// the schema finds is collected at construction, handlers add the rules a schema cannot state
// (a URL's scheme, an attribute the branch has), and one 400 answer names every field to fix.

import { bodyFieldErrors } from '../openapi/field-errors';
import { type FieldError, validationError } from './api-error';

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class FieldReader {
  readonly errors: FieldError[];
  readonly body: JsonRecord;

  /** `operationId`: the operation whose request body schema the body is checked against. */
  constructor(operationId: string, body: unknown) {
    this.errors = bodyFieldErrors(operationId, body);
    this.body = isRecord(body) ? body : {};
  }

  has(name: string): boolean {
    return Object.hasOwn(this.body, name);
  }

  /** Whether the schema already refused this field (then a handler's own rule need not look). */
  refused(name: string): boolean {
    return this.errors.some((error) => error.field === name || error.field.startsWith(`${name}.`) || error.field.startsWith(`${name}[`));
  }

  fail(field: string, message: string): undefined {
    this.errors.push({ field, message });
    return undefined;
  }

  // The readers below return a field when it has the schema's type, else undefined: the schema's
  // errors already say what was wrong with it.

  string(name: string): string | undefined {
    const value = this.body[name];
    return typeof value === 'string' ? value : undefined;
  }

  /** A string, or `null` where the field may be cleared. */
  nullableString(name: string): string | null | undefined {
    const value = this.body[name];
    return value === null || typeof value === 'string' ? value : undefined;
  }

  boolean(name: string): boolean | undefined {
    const value = this.body[name];
    return typeof value === 'boolean' ? value : undefined;
  }

  integer(name: string): number | undefined {
    const value = this.body[name];
    return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const value = this.body[name];
    return values.find((candidate) => candidate === value);
  }

  record(name: string): JsonRecord | undefined {
    const value = this.body[name];
    return isRecord(value) ? value : undefined;
  }

  stringArray(name: string): string[] | undefined {
    const value = this.body[name];
    return Array.isArray(value) && value.every((item): item is string => typeof item === 'string') ? value : undefined;
  }

  /** Throws the collected 400, if any. */
  check(): void {
    if (this.errors.length > 0) throw validationError(this.errors);
  }
}
