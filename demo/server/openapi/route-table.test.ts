import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformServer, startPlatformServer } from '../platform';
import { RUNTIME_ROUTES } from '../routes';
import { isObject, OPERATIONS } from './operations';

// Credentials per security scheme, so each probe passes the key check and reaches its route.
const HEADERS: Record<string, Record<string, string>> = {
  ConnectorToken: { 'X-Token': 'demo-connector-token', 'X-Host': '127.0.0.1' },
  ChatApiKey: { 'X-API-KEY': 'demo-api-key', 'X-TOKEN': 'demo-connector-token' },
  ConversationsApiKey: { 'x-api-key': 'demo-api-key' },
  OutboundToken: { 'X-Service-Auth-Token': 'demo-outbound-token' },
  EventsApiKey: { 'X-Api-Key': 'demo-events-key' },
  BuildApiKey: { 'x-api-key': 'demo-build-key' },
};

describe('the OpenAPI document and the routes the platform serves', () => {
  let server: PlatformServer;
  beforeAll(async () => {
    server = await startPlatformServer({ port: 0 });
  });
  afterAll(() => server.close());

  const served = () => [...RUNTIME_ROUTES, ...server.buildHost.router.describe()].map((route) => `${route.method} ${route.path}`).sort();
  const described = () => OPERATIONS.map((operation) => `${operation.method} ${operation.template}`).sort();

  it('describes every route the platform serves, and no other', () => {
    expect(described()).toEqual(served());
    expect(served().length).toBeGreaterThan(50);
  });

  it('every described operation is answered by its route, not by the unknown-route answer', async () => {
    for (const operation of OPERATIONS) {
      if (operation.template === '/ws') continue; // an upgrade; the socket tests cover it
      const path = operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const parameter = operation.parameters.find((candidate) => candidate['name'] === name);
        return encodeURIComponent(String(parameter?.['example'] ?? 'x'));
      });
      const security = Array.isArray(operation.object['security']) ? operation.object['security'] : [];
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      for (const requirement of security) {
        if (isObject(requirement)) for (const scheme of Object.keys(requirement)) Object.assign(headers, HEADERS[scheme]);
      }
      const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      const response = await fetch(`${server.url}${path}`, { method: operation.method, headers, ...(hasBody ? { body: '{}' } : {}) });
      const text = await response.text();
      expect(text, `${operation.method} ${operation.template}`).not.toContain('Every route of this server is described');
      expect(response.status, `${operation.method} ${operation.template}`).not.toBe(405);
    }
  });

  it('docs/platform.md lists every route', () => {
    const docs = readFileSync(new URL('../../../docs/platform.md', import.meta.url), 'utf8');
    for (const operation of OPERATIONS) expect(docs).toContain(`\`${operation.method} ${operation.template}\``);
  });

  it('serves the document at /openapi.json and the reference at /docs/', async () => {
    const document = await fetch(`${server.url}/openapi.json`);
    expect(document.headers.get('content-type')).toContain('application/json');
    const body: unknown = await document.json();
    expect(isObject(body) && body['openapi']).toBe('3.1.0');
    const docs = await fetch(`${server.url}/docs/`);
    expect(await docs.text()).toContain('/docs/scalar.js');
    const renderer = await fetch(`${server.url}/docs/scalar.js`);
    expect(renderer.status).toBe(200);
    expect(Number(renderer.headers.get('content-length'))).toBeGreaterThan(100_000);
  });

  it('answers an unknown route with 404 JSON pointing to /docs/', async () => {
    const response = await fetch(`${server.url}/chat/create`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'Not found. Every route of this server is described at /docs/ (OpenAPI: /openapi.json)',
      error_message: 'Not found. Every route of this server is described at /docs/ (OpenAPI: /openapi.json)',
    });
  });
});
