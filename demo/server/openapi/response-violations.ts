// What the response check found, kept apart from the check itself so a test setup can read it
// without loading the document and its validator.

export interface ResponseViolation {
  method: string;
  path: string;
  status: number;
  problem: string;
}

const violations: ResponseViolation[] = [];

export function recordViolation(violation: ResponseViolation): void {
  violations.push(violation);
  console.error(
    `[platform] answer outside the OpenAPI document: ${violation.method} ${violation.path} ${violation.status}: ${violation.problem}`,
  );
}

/** Every violation recorded in this process. */
export function responseViolations(): ResponseViolation[] {
  return [...violations];
}

export function clearResponseViolations(): void {
  violations.length = 0;
}
