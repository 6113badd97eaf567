// The build host's validation (Agents, Alerts): a body against its operation's schema in the
// OpenAPI document, every problem as `{field, message}` in the words the build host has always
// used, one per field: unknown and read-only fields first, then the schema's own field order.

import type { ErrorObject } from 'ajv/dist/2020.js';
import { isObject } from './builders';
import { jsonBodySchema } from './operations';
import { readQuery } from './request-validation';
import { validatorFor } from './schema-compiler';

export interface FieldError {
  field: string;
  message: string;
}

export function bodyFieldErrors(operationId: string, body: unknown): FieldError[] {
  const schema = jsonBodySchema(operationId);
  const validate = validatorFor(`${operationId} body`, schema, true);
  if (validate(body)) return [];
  const order = propertyOrder(validate.errors ?? []);
  const bodyKeys = isObject(body) ? Object.keys(body) : [];
  const found = new Map<string, { error: FieldError; rank: number }>();
  for (const error of validate.errors ?? []) {
    const described = describe(error);
    if (!described || found.has(described.field)) continue;
    const top = described.field.split(/[.[]/)[0] ?? '';
    const extra = error.keyword === 'additionalProperties' || described.message === 'is read-only';
    const rank = extra ? bodyKeys.indexOf(top) : 1000 + (order.get(top) ?? 999);
    found.set(described.field, { error: described, rank });
  }
  return [...found.values()].sort((a, b) => a.rank - b.rank).map(({ error }) => error);
}

/** A query's problems against the operation's documented parameters, every one, as `{field, message}`. */
export function queryFieldErrors(operationId: string, params: URLSearchParams): FieldError[] {
  const read = readQuery(operationId, params);
  if (read.repeated !== undefined) return [{ field: read.repeated, message: 'may be given only once' }];
  const validate = validatorFor(`${operationId} query`, read.schema, true);
  if (validate(read.value)) return [];
  const errors: FieldError[] = [];
  for (const error of validate.errors ?? []) {
    const described = describe(error);
    if (described && !errors.some((known) => known.field === described.field)) errors.push(described);
  }
  return errors;
}

/** Where each top-level property comes in its object schema. */
function propertyOrder(errors: readonly ErrorObject[]): Map<string, number> {
  const order = new Map<string, number>();
  for (const error of errors) {
    const schema: unknown = error.parentSchema;
    if (error.instancePath !== '' || !isObject(schema) || !isObject(schema['properties'])) continue;
    Object.keys(schema['properties']).forEach((name, index) => {
      if (!order.has(name)) order.set(name, index);
    });
  }
  return order;
}

/** `/event_types/0` → `event_types[0]`; `/attributeValues/values/x` → `attributeValues.values.x`. */
function fieldOf(path: string): string {
  return path
    .split('/')
    .slice(1)
    .map((part, index) =>
      /^\d+$/.test(part) ? `[${part}]` : `${index === 0 ? '' : '.'}${part.replaceAll('~1', '/').replaceAll('~0', '~')}`,
    )
    .join('');
}

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'must be a string',
  integer: 'must be an integer',
  number: 'must be a number',
  boolean: 'must be a boolean',
  object: 'must be an object',
  array: 'must be an array',
};

function describe(error: ErrorObject): FieldError | undefined {
  const field = fieldOf(error.instancePath);
  const schema: unknown = error.parentSchema;
  const params = error.params;
  if (isObject(schema) && schema['readOnly'] === true) return { field, message: 'is read-only' };
  if (isObject(schema) && typeof schema['x-invalid'] === 'string') return { field: field || 'body', message: schema['x-invalid'] };
  switch (error.keyword) {
    case 'required':
      return { field: join(field, String(params['missingProperty'])), message: 'is required' };
    case 'additionalProperties':
      return { field: join(field, String(params['additionalProperty'])), message: 'is not a known field' };
    case 'type': {
      if (field === '') return { field: 'body', message: 'must be a JSON object' };
      const type = Array.isArray(params['type']) ? params['type'][0] : params['type'];
      return { field, message: TYPE_WORDS[String(type)] ?? `must be ${String(type)}` };
    }
    case 'minLength':
      return { field, message: params['limit'] === 1 ? 'must not be empty' : `must be at least ${String(params['limit'])} characters` };
    case 'maxLength':
      return { field, message: `must be at most ${String(params['limit'])} characters` };
    case 'minimum':
      return { field, message: `must be ${String(params['limit'])} or more` };
    case 'enum':
      return { field, message: `must be one of ${Array.isArray(params['allowedValues']) ? params['allowedValues'].join(', ') : ''}` };
    case 'minItems':
      return { field, message: `must have at least ${String(params['limit'])} item(s)` };
    case 'maxItems':
      return { field, message: `must have at most ${String(params['limit'])} items` };
    case 'oneOf':
      // The branches' own errors say more; this one only adds that none matched.
      return undefined;
    default:
      return { field: field || 'body', message: error.message ?? 'is invalid' };
  }
}
