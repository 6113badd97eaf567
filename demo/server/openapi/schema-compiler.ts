// One Ajv instance over the whole document: a schema taken from an operation is compiled with
// its `$ref`s pointing into the document, once, on first use (so the server starts at once).

import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Json, JsonObject } from './builders';
import { OPENAPI_DOCUMENT } from './document';
import { isObject } from './operations';

const DOCUMENT_ID = 'openapi.json';

// `verbose` keeps the failing schema on each error: its `x-invalid` is the sentence to answer.
// The runtime APIs answer the first problem; the build host names every field to fix (allErrors).
// The document is not checked against the JSON Schema meta-schema here (a quarter of a second at
// every start): Redocly's lint checks it in npm test. Each instance is made on first use.
let firstErrorAjv: Ajv2020 | undefined;
let everyErrorAjv: Ajv2020 | undefined;

function withDocument(ajv: Ajv2020): Ajv2020 {
  addFormats(ajv);
  ajv.addSchema(OPENAPI_DOCUMENT, DOCUMENT_ID);
  return ajv;
}

function firstError(): Ajv2020 {
  firstErrorAjv ??= withDocument(new Ajv2020({ strict: false, allErrors: false, verbose: true, useDefaults: true, validateSchema: false }));
  return firstErrorAjv;
}

function everyError(): Ajv2020 {
  everyErrorAjv ??= withDocument(new Ajv2020({ strict: false, allErrors: true, verbose: true, validateSchema: false }));
  return everyErrorAjv;
}

const compiled = new Map<string, ValidateFunction>();

/** Compiles `schema` (taken from the document) under `key`, once. `every`: report every error, not the first. */
export function validatorFor(key: string, schema: JsonObject, every = false): ValidateFunction {
  const cacheKey = every ? `${key} (every error)` : key;
  let validate = compiled.get(cacheKey);
  if (!validate) {
    validate = (every ? everyError() : firstError()).compile(pointIntoDocument(schema));
    compiled.set(cacheKey, validate);
  }
  return validate;
}

/** A local `#/components/…` reference means the document's. */
function pointIntoDocument(value: Json | undefined): JsonObject {
  const walk = (node: Json | undefined): Json | undefined => {
    if (Array.isArray(node)) return node.map((item) => walk(item) ?? null);
    if (typeof node !== 'object' || node === null) return node;
    const copy: Record<string, Json | undefined> = {};
    for (const [key, child] of Object.entries(node)) {
      copy[key] = key === '$ref' && typeof child === 'string' && child.startsWith('#/') ? `${DOCUMENT_ID}${child}` : walk(child);
    }
    return copy;
  };
  const result = walk(value);
  return isObject(result) ? result : {};
}

export function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return firstError().errorsText(errors ? [...errors] : null, { dataVar: 'body' });
}
