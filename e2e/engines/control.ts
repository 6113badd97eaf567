// The reference server's control API (demo/server/README.md) over plain fetch, and where the
// e2e world lives (e2e/serve.ts: the platform on E2E_PORT, the site on E2E_PORT + 1).
import type { WireRecord } from '../support/platform';

const port = Number(process.env['E2E_PORT'] ?? 4310);
export const PLATFORM_URL = `http://127.0.0.1:${port}`;
export const SITE_URL = `http://127.0.0.1:${Number(process.env['E2E_SITE_PORT'] ?? port + 1)}`;
export const CONNECTOR_TOKEN = 'demo-connector-token';

export async function control(name: string, body: Record<string, unknown> = {}): Promise<unknown> {
  const response = await fetch(`${PLATFORM_URL}/__control/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${name} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function wireRecord(): Promise<WireRecord> {
  const response = await fetch(`${PLATFORM_URL}/__control/record`);
  // The reference server's own record format, read by the test that drives it.
  return (await response.json()) as WireRecord;
}

export async function lastSessionId(): Promise<string> {
  const last = (await wireRecord()).sessions.at(-1);
  if (!last) throw new Error('no session yet');
  return last.sessionId;
}

export const userTexts = (record: WireRecord) =>
  record.clientEvents
    .filter((event) => event.type === 'EVENT_TYPE_USER_MESSAGE')
    .map((event) => {
      const payload = event.payload;
      return typeof payload === 'object' && payload !== null && 'text' in payload ? String(payload.text) : '';
    });
