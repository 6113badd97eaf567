// Small builders for the OpenAPI document, so each API's file reads as its routes and answers
// rather than as nested JSON. They produce plain OpenAPI 3.1 objects.

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json | undefined };
export type JsonObject = { readonly [key: string]: Json | undefined };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function ref(name: string): JsonObject {
  return { $ref: `#/components/schemas/${name}` };
}

export function nullable(schema: JsonObject): JsonObject {
  return { oneOf: [schema, { type: 'null' }] };
}

/** A JSON answer with its schema and one example. */
export function jsonResponse(description: string, schema: JsonObject, example?: Json, headers?: JsonObject): JsonObject {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': example === undefined ? { schema } : { schema, example } },
  };
}

/** The runtime APIs' error answer: `{message, error_message}`, the same sentence in both. */
export function errorResponse(description: string, example: string, headers?: JsonObject): JsonObject {
  return jsonResponse(description, ref('Error'), { message: example, error_message: example }, headers);
}

/** The build host's error answer (Agents, Alerts): `{message, errors: [{field, message}]}`. */
export function buildErrorResponse(description: string, message: string, errors: readonly JsonObject[] = []): JsonObject {
  return jsonResponse(description, ref('BuildError'), { message, errors: [...errors] });
}

/**
 * A 500 the platform's description lists for the operation. The reference platform answers it only
 * where its description says (a test number) or when a test arms a fault through the control API.
 */
export function internalError(description: string, example = 'Internal error'): JsonObject {
  return errorResponse(`${description} Retry with exponential backoff.`, example);
}

export const RETRY_AFTER: JsonObject = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
};

export function jsonBody(schema: JsonObject, example: Json, required = true, description?: string): JsonObject {
  return { required, ...(description ? { description } : {}), content: { 'application/json': { schema, example } } };
}

/** A path parameter (always required). */
export function pathParam(name: string, description: string, schema: JsonObject, example: Json): JsonObject {
  return { name, in: 'path', required: true, description, schema, example };
}

/**
 * A query parameter. `x-invalid` is the sentence the double answers (400) when the value breaks
 * the schema; the request validator reads it, so the document keeps the platform's error texts.
 */
export function queryParam(
  name: string,
  description: string,
  schema: JsonObject,
  options: { required?: boolean; invalid?: string; example?: Json } = {},
): JsonObject {
  return {
    name,
    in: 'query',
    required: options.required ?? false,
    description,
    schema,
    ...(options.invalid ? { 'x-invalid': options.invalid } : {}),
    ...(options.example !== undefined ? { example: options.example } : {}),
  };
}

export const TOO_LARGE: JsonObject = errorResponse('A body over 256 KB.', 'Request body too large');
