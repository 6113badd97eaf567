// After the e2e run (the reference server is still up): every answer the specs received from the
// platform must be one its OpenAPI document describes.

const port = Number(process.env['E2E_PORT'] ?? 4310);

export default async function checkPlatformAnswers(): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/__control/responseViolations`);
  const body: unknown = await response.json();
  const violations =
    typeof body === 'object' && body !== null && 'violations' in body && Array.isArray(body.violations) ? body.violations : [];
  if (!response.ok || violations.length > 0) {
    throw new Error(`The reference platform answered outside its OpenAPI document:\n${JSON.stringify(violations, null, 2)}`);
  }
}
