// Test mode: every answer the double gives on its public routes is checked against the document.
// A status the operation does not list, a content type it does not list, or a body that breaks
// the schema is a violation; tests fail when any was recorded (vitest setup, e2e teardown).

import type { ServerResponse } from 'node:http';
import type { JsonObject } from './builders';
import { findOperation, isObject, operationsAt } from './operations';
import { recordViolation } from './response-violations';
import { describeErrors, validatorFor } from './schema-compiler';

/** Answers the double makes on the control API's orders (armed faults) are not the platform's. */
const exempt = new WeakSet<ServerResponse>();
export function exemptFromValidation(res: ServerResponse): void {
  exempt.add(res);
}

/** Captures the body `res.end` writes and checks the whole answer when it is sent. */
export function validateResponseOf(res: ServerResponse, method: string, pathname: string): void {
  const end = res.end.bind(res);
  let body = '';
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string') body = chunk;
    else if (Buffer.isBuffer(chunk)) body = chunk.toString('utf8');
    return Reflect.apply(end, res, [chunk, ...rest]);
  }) as ServerResponse['end'];
  res.on('finish', () => {
    if (exempt.has(res)) return;
    const problem = checkAnswer(method, pathname, res.statusCode, String(res.getHeader('content-type') ?? ''), body);
    if (problem) recordViolation({ method, path: pathname, status: res.statusCode, problem });
  });
}

export function checkAnswer(method: string, pathname: string, status: number, contentType: string, body: string): string | undefined {
  const atPath = operationsAt(pathname);
  // An unknown route's 404 is the documented fallback; anything else on it is an undocumented route.
  if (atPath.length === 0) return status === 404 ? undefined : 'route not described';
  // Another method on a described path: its answer is the path's documented 405.
  const operation = findOperation(method, pathname) ?? (status === 405 ? atPath[0] : undefined);
  if (!operation) return `${method} not described on this path`;
  const responses = isObject(operation.object['responses']) ? operation.object['responses'] : {};
  const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses['default'];
  if (!isObject(response)) return `status ${status} not described for ${operation.operationId}`;
  const content = isObject(response['content']) ? response['content'] : undefined;
  if (!content) return body === '' ? undefined : 'a body where the document describes none';
  const mediaType = contentType.split(';')[0]?.trim() ?? '';
  const media = content[mediaType];
  if (!isObject(media)) return `content type "${mediaType}" not described`;
  if (mediaType !== 'application/json') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  const schema: JsonObject = isObject(media['schema']) ? media['schema'] : {};
  const validate = validatorFor(`${operation.operationId} ${status} response`, schema);
  // Defaults must not be filled into an answer being checked: validate a copy.
  return validate(structuredClone(value)) ? undefined : describeErrors(validate.errors);
}
