// The e2e "site" origin (e2e/serve.ts): fixture pages and dist/ on a second origin, the npm
// example app under /npm-app/, and the site backend (/api/webchat-token, /api/chat/*).
// `%PLATFORM_URL%` in a fixture page is replaced by the platform's URL when it is served.

const platformPort = Number(process.env['E2E_PORT'] ?? 4310);

export const PLATFORM_URL = `http://127.0.0.1:${platformPort}`;
export const SITE_URL = `http://127.0.0.1:${Number(process.env['E2E_SITE_PORT'] ?? platformPort + 1)}`;
export const CONNECTOR_TOKEN = 'demo-connector-token';
