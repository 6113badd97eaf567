// The reference platform's build host (Agents and Alerts APIs) as e2e specs call it: with the
// demo workspace's key, server to server, never from the page.

import { type APIRequestContext, expect } from '@playwright/test';

const KEY = { 'x-api-key': 'demo-build-key' };

export function buildHost(request: APIRequestContext) {
  const send = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<Record<string, unknown>> => {
    const response = await request.fetch(path, { method, headers: KEY, ...(data === undefined ? {} : { data }) });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return response.status() === 204 ? {} : ((await response.json()) as Record<string, unknown>);
  };
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, data: unknown = {}) => send('POST', path, data),
    patch: (path: string, data: unknown) => send('PATCH', path, data),
    delete: (path: string) => send('DELETE', path),
    /** Test-only controls of the build host (`--control`). */
    async control(name: string, body: Record<string, unknown>): Promise<void> {
      const response = await request.post(`/__control/build/${name}`, { data: body });
      expect(response.ok(), `control build/${name}: ${await response.text()}`).toBe(true);
    },
  };
}
