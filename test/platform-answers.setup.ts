// Node test files: fails the file when the reference platform gave an answer its OpenAPI
// document does not describe (an undocumented status, a wrong type, a missing field).

import { afterAll, expect } from 'vitest';
import { clearResponseViolations, responseViolations } from '../demo/server/openapi/response-violations';

afterAll(() => {
  const violations = responseViolations();
  clearResponseViolations();
  expect(violations, 'answers of the reference platform outside its OpenAPI document').toEqual([]);
});
