// Test mode: every answer the double gives on its public routes is checked against the document.
// A status the operation does not list, a content type it does not list, or a body that breaks
// the schema is a violation; tests fail when any was recorded (vitest setup, e2e teardown).

import type { ServerResponse } from 'node:http';
import type { JsonObject } from './builders';
import { findOperation, isObject } from './operations';
import { describeErrors, validatorFor } from './schema-compiler';

export interface ResponseViolation {
  method: string;
  path: string;
  status: number;
  problem: string;
}

const violations: ResponseViolation[] = [];

/** Every violation recorded in this process (tests read and clear it). */
export function responseViolations(): ResponseViolation[] {
  return [...violations];
}

export function clearResponseViolations(): void {
  violations.length = 0;
}

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
    if (problem) {
      const violation = { method, path: pathname, status: res.statusCode, problem };
      violations.push(violation);
      console.error(`[platform] answer outside the OpenAPI document: ${method} ${pathname} ${res.statusCode}: ${problem}`);
    }
  });
}

export function checkAnswer(method: string, pathname: string, status: number, contentType: string, body: string): string | undefined {
  const operation = findOperation(method, pathname);
  // An unknown route's 404 is the documented fallback; anything else on it is an undocumented route.
  if (!operation) return status === 404 ? undefined : 'route not described';
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
