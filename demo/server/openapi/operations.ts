// The document's operations, indexed for the double: which operation a request is, by method and
// path (literal segments win over parameters, as `/deployments/publish` over `/deployments/{id}`).

import { isObject, type JsonObject } from './builders';
import { OPENAPI_DOCUMENT } from './document';

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Operation {
  method: string;
  /** `/v1/agents/{agentId}`, as written in the document. */
  template: string;
  operationId: string;
  /** The operation with the path item's parameters merged in front of its own. */
  object: JsonObject;
  parameters: readonly JsonObject[];
  segments: readonly (string | null)[];
}

export { isObject };

function objects(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function index(document: JsonObject): Operation[] {
  const operations: Operation[] = [];
  const paths = isObject(document['paths']) ? document['paths'] : {};
  for (const [template, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const object = item[method];
      if (!isObject(object)) continue;
      operations.push({
        method: method.toUpperCase(),
        template,
        operationId: String(object['operationId'] ?? `${method} ${template}`),
        object,
        parameters: [...objects(item['parameters']), ...objects(object['parameters'])],
        segments: template
          .split('/')
          .filter((part) => part !== '')
          .map((part) => (part.startsWith('{') ? null : part)),
      });
    }
  }
  // The most literal segments first, so a literal path wins over a parameter at the same place.
  return operations.sort((a, b) => literals(b) - literals(a));
}

function literals(operation: Operation): number {
  return operation.segments.filter((segment) => segment !== null).length;
}

export const OPERATIONS: readonly Operation[] = index(OPENAPI_DOCUMENT);

function matches(operation: Operation, parts: readonly string[]): boolean {
  return operation.segments.length === parts.length && operation.segments.every((segment, at) => segment === null || segment === parts[at]);
}

/** The operations whose path matches (any method). */
export function operationsAt(pathname: string): Operation[] {
  const parts = pathname.split('/').filter((part) => part !== '');
  return OPERATIONS.filter((operation) => matches(operation, parts));
}

export function findOperation(method: string, pathname: string): Operation | undefined {
  return operationsAt(pathname).find((operation) => operation.method === method);
}

export function operationById(operationId: string): Operation {
  const found = OPERATIONS.find((operation) => operation.operationId === operationId);
  if (!found) throw new Error(`No operation ${operationId} in the OpenAPI document`);
  return found;
}

/** The operation's `application/json` request body schema (`{}` when it describes none). */
export function jsonBodySchema(operationId: string): JsonObject {
  const body = operationById(operationId).object['requestBody'];
  const content = isObject(body) && isObject(body['content']) ? body['content'] : {};
  const json = content['application/json'];
  return isObject(json) && isObject(json['schema']) ? json['schema'] : {};
}
