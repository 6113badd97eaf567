// Reads a request body field by field and collects every problem, so one 400 answer names all
// the fields a caller must fix (`errors: [{field, message}]`), not just the first.

import { type FieldError, validationError } from './api-error';

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Presence {
  required?: boolean;
}

export class FieldReader {
  readonly errors: FieldError[] = [];
  readonly body: JsonRecord;

  constructor(body: unknown) {
    if (isRecord(body)) {
      this.body = body;
    } else {
      this.body = {};
      this.errors.push({ field: 'body', message: 'must be a JSON object' });
    }
  }

  has(name: string): boolean {
    return Object.hasOwn(this.body, name);
  }

  fail(field: string, message: string): undefined {
    this.errors.push({ field, message });
    return undefined;
  }

  /** Fields outside `allowed` are refused: a misspelt field should not be silently ignored. */
  onlyFields(allowed: readonly string[], readOnly: readonly string[] = []): void {
    for (const name of Object.keys(this.body)) {
      if (readOnly.includes(name)) this.fail(name, 'is read-only');
      else if (!allowed.includes(name)) this.fail(name, 'is not a known field');
    }
  }

  private absent(name: string, presence: Presence): boolean {
    if (this.has(name)) return false;
    if (presence.required) this.fail(name, 'is required');
    return true;
  }

  string(name: string, options: Presence & { min?: number; max?: number } = {}): string | undefined {
    if (this.absent(name, options)) return undefined;
    const value = this.body[name];
    if (typeof value !== 'string') return this.fail(name, 'must be a string');
    const length = [...value].length;
    if (options.min !== undefined && length < options.min)
      return this.fail(name, options.min === 1 ? 'must not be empty' : `must be at least ${options.min} characters`);
    if (options.max !== undefined && length > options.max) return this.fail(name, `must be at most ${options.max} characters`);
    return value;
  }

  /** A string, or `null` where the field may be cleared. */
  nullableString(name: string, options: { max?: number } = {}): string | null | undefined {
    if (this.has(name) && this.body[name] === null) return null;
    return this.string(name, options);
  }

  boolean(name: string, presence: Presence = {}): boolean | undefined {
    if (this.absent(name, presence)) return undefined;
    const value = this.body[name];
    return typeof value === 'boolean' ? value : this.fail(name, 'must be a boolean');
  }

  integer(name: string, options: Presence & { min?: number } = {}): number | undefined {
    if (this.absent(name, options)) return undefined;
    const value = this.body[name];
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return this.fail(name, 'must be an integer');
    if (options.min !== undefined && value < options.min) return this.fail(name, `must be ${options.min} or more`);
    return value;
  }

  oneOf<T extends string>(name: string, values: readonly T[], presence: Presence = {}): T | undefined {
    if (this.absent(name, presence)) return undefined;
    const value = this.body[name];
    const known = values.find((candidate) => candidate === value);
    return known ?? this.fail(name, `must be one of ${values.join(', ')}`);
  }

  record(name: string, presence: Presence = {}): JsonRecord | undefined {
    if (this.absent(name, presence)) return undefined;
    const value = this.body[name];
    return isRecord(value) ? value : this.fail(name, 'must be an object');
  }

  stringArray(name: string, options: Presence & { min?: number; max?: number } = {}): string[] | undefined {
    if (this.absent(name, options)) return undefined;
    const value = this.body[name];
    if (!Array.isArray(value)) return this.fail(name, 'must be an array of strings');
    const strings: string[] = [];
    value.forEach((item: unknown, index) => {
      if (typeof item === 'string') strings.push(item);
      else this.fail(`${name}[${index}]`, 'must be a string');
    });
    if (options.min !== undefined && value.length < options.min) return this.fail(name, `must have at least ${options.min} item(s)`);
    if (options.max !== undefined && value.length > options.max) return this.fail(name, `must have at most ${options.max} items`);
    return strings.length === value.length ? strings : undefined;
  }

  /** Throws the collected 400, if any. */
  check(): void {
    if (this.errors.length > 0) throw validationError(this.errors);
  }
}
