// The demo site as `npm start` serves it (demo/start.ts): its pages, scripts, example apps and the
// backend's keys. The e2e specs of the demo page start the same site, so they test what a
// newcomer sees.

import { fileURLToPath } from 'node:url';
import type { SiteServerOptions } from './site-server';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** Where the example apps' builds are (`npm run build` makes them). */
export const EXAMPLE_APPS = { npm: path('./npm-app/dist/'), react: path('./react-app/dist/') } as const;

export function demoSiteOptions(platformUrl: string, port: number, more: Partial<SiteServerOptions> = {}): SiteServerOptions {
  return {
    port,
    host: '127.0.0.1',
    platformUrl,
    connectorToken: 'demo-connector-token',
    tokenHost: '127.0.0.1',
    chat: { apiKey: 'demo-api-key', token: 'demo-connector-token', account: 'demo-account', project: 'demo-project' },
    publicConnectorToken: 'demo-connector-token',
    // "Call me" rings through the platform's Outbound Calling API (the test numbers decide the outcome).
    outboundToken: 'demo-outbound-token',
    indexFile: path('./index.html'),
    scripts: { '/demo-page.js': path('./demo-page.ts'), '/page-two.js': path('./page-two.ts') },
    mounts: [
      { prefix: '/', dirs: [path('./assets/'), path('../dist/')] },
      { prefix: '/npm-app/', dirs: [EXAMPLE_APPS.npm] },
      { prefix: '/react-app/', dirs: [EXAMPLE_APPS.react] },
    ],
    ...more,
  };
}
