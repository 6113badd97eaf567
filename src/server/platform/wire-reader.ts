// Reads a platform answer field by field into the types generated from the OpenAPI document
// (platform-api.ts): a field of the wrong type is a malformed answer (502), never a cast.

import { isObject, malformed, type PlatformApiError } from './platform-request';

export class WireReader {
  constructor(
    private readonly value: Record<string, unknown>,
    private readonly service: string,
    private readonly what: string,
  ) {}

  static of(value: unknown, service: string, what: string): WireReader {
    if (!isObject(value)) throw malformed(service, what);
    return new WireReader(value, service, what);
  }

  private bad(name: string): PlatformApiError {
    return malformed(this.service, `${this.what}.${name}`);
  }

  string(name: string): string {
    const field = this.value[name];
    if (typeof field !== 'string') throw this.bad(name);
    return field;
  }

  number(name: string): number {
    const field = this.value[name];
    if (typeof field !== 'number' || !Number.isFinite(field)) throw this.bad(name);
    return field;
  }

  boolean(name: string): boolean {
    const field = this.value[name];
    if (typeof field !== 'boolean') throw this.bad(name);
    return field;
  }

  object(name: string): Record<string, unknown> {
    const field = this.value[name];
    if (!isObject(field)) throw this.bad(name);
    return field;
  }

  /** A field the platform gives as either shape (a turn's entities: "array/object"). */
  objectOrArray(name: string): Record<string, unknown> | unknown[] {
    const field = this.value[name];
    if (!isObject(field) && !Array.isArray(field)) throw this.bad(name);
    return field;
  }

  array(name: string): unknown[] {
    const field = this.value[name];
    if (!Array.isArray(field)) throw this.bad(name);
    return field;
  }

  strings(name: string): string[] {
    const field = this.array(name);
    if (!field.every((item): item is string => typeof item === 'string')) throw this.bad(name);
    return field;
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T {
    const field = this.value[name];
    const known = values.find((candidate) => candidate === field);
    if (known === undefined) throw this.bad(name);
    return known;
  }

  /** Absent → undefined; present, it must be a string. */
  optionalString(name: string): string | undefined {
    return this.value[name] === undefined ? undefined : this.string(name);
  }

  optionalNumber(name: string): number | undefined {
    return this.value[name] === undefined ? undefined : this.number(name);
  }

  optionalStrings(name: string): string[] | undefined {
    return this.value[name] === undefined ? undefined : this.strings(name);
  }
}
