// The double's request validation: a request's query and body are checked against its operation
// in the OpenAPI document. Handlers call these at the 400 step of the platform's check order
// (401 → 404/403 → 405 → 400 → 404), so the document decides what is well-formed and its
// `x-invalid` sentences are the answers.

import type { ErrorObject } from 'ajv/dist/2020.js';
import type { JsonObject } from './builders';
import { isObject, jsonBodySchema, operationById } from './operations';
import { validatorFor } from './schema-compiler';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

interface QueryPlan {
  names: readonly string[];
  arrays: ReadonlySet<string>;
  types: ReadonlyMap<string, string>;
  invalid: ReadonlyMap<string, string>;
  schema: JsonObject;
}

const plans = new Map<string, QueryPlan>();

function queryPlan(operationId: string): QueryPlan {
  const known = plans.get(operationId);
  if (known) return known;
  const parameters = operationById(operationId).parameters.filter((parameter) => parameter['in'] === 'query');
  const properties: Record<string, JsonObject> = {};
  const required: string[] = [];
  const arrays = new Set<string>();
  const types = new Map<string, string>();
  const invalid = new Map<string, string>();
  for (const parameter of parameters) {
    const name = String(parameter['name']);
    const schema = isObject(parameter['schema']) ? parameter['schema'] : {};
    properties[name] = schema;
    if (parameter['required'] === true) required.push(name);
    if (schema['type'] === 'array') arrays.add(name);
    if (typeof schema['type'] === 'string') types.set(name, schema['type']);
    if (typeof parameter['x-invalid'] === 'string') invalid.set(name, parameter['x-invalid']);
  }
  const plan = { names: Object.keys(properties), arrays, types, invalid, schema: { type: 'object', properties, required } };
  plans.set(operationId, plan);
  return plan;
}

/** A query value as the schema's type reads it; a value that is not one stays a string and fails. */
function typed(type: string | undefined, raw: string): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw) && raw.length <= 16) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/**
 * The operation's documented query parameters, typed and with their defaults. Unknown parameters
 * are ignored; a single-valued parameter given twice is refused.
 */
export function checkQuery(operationId: string, params: URLSearchParams): Checked<Record<string, unknown>> {
  const read = readQuery(operationId, params);
  if (read.repeated !== undefined) return { ok: false, message: `${read.repeated} may be given only once` };
  const plan = queryPlan(operationId);
  const validate = validatorFor(`${operationId} query`, plan.schema);
  if (validate(read.value)) return { ok: true, value: read.value };
  const error = validate.errors?.[0];
  const name = error ? failingName(error) : '';
  return { ok: false, message: plan.invalid.get(name) ?? `${name} ${error?.message ?? 'is invalid'}` };
}

/** The documented query parameters as an object the schema can check (`schema`), typed as it says. */
export function readQuery(
  operationId: string,
  params: URLSearchParams,
): { value: Record<string, unknown>; repeated: string | undefined; schema: JsonObject } {
  const plan = queryPlan(operationId);
  const value: Record<string, unknown> = {};
  let repeated: string | undefined;
  for (const name of plan.names) {
    const all = params.getAll(name);
    if (all.length === 0) continue;
    if (plan.arrays.has(name)) value[name] = all;
    else if (all.length > 1) repeated ??= name;
    else value[name] = typed(plan.types.get(name), all[0] ?? '');
  }
  return { value, repeated, schema: plan.schema };
}

/** The JSON body against the operation's `application/json` schema; `fallback` when the schema says no sentence. */
export function checkBody(operationId: string, body: unknown, fallback: string): Checked<Record<string, unknown>> {
  const schema = jsonBodySchema(operationId);
  const validate = validatorFor(`${operationId} body`, schema);
  if (validate(body) && isObject(body)) return { ok: true, value: body };
  const error = validate.errors?.[0];
  return { ok: false, message: (error && sentenceOf(error)) ?? fallback };
}

/** The top-level property an error is about. */
function failingName(error: ErrorObject): string {
  if (error.keyword === 'required' && typeof error.params['missingProperty'] === 'string') return error.params['missingProperty'];
  return error.instancePath.split('/')[1] ?? '';
}

/** The failing schema's `x-invalid`, `{field}` standing for the dotted path of the value (`metadata.n`). */
function sentenceOf(error: ErrorObject): string | undefined {
  const schema: unknown = error.parentSchema;
  if (!isObject(schema)) return undefined;
  let sentence: unknown = schema['x-invalid'];
  if (error.keyword === 'required') {
    const properties = schema['properties'];
    const missing = isObject(properties) ? properties[failingName(error)] : undefined;
    sentence = isObject(missing) ? missing['x-invalid'] : undefined;
  }
  if (typeof sentence !== 'string') return undefined;
  return sentence.replace('{field}', error.instancePath.slice(1).replaceAll('/', '.'));
}
