// The demo page's world as `npm start` serves it, for the specs that walk it: the reference
// platform (fast pacing) and the demo site on another origin, started once per spec file.

import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { demoSiteOptions } from '../../demo/demo-site-options';
import { FAST_PACING } from '../../demo/server/cli-args';
import { type PlatformServer, startPlatformServer } from '../../demo/server/platform';
import { type SiteServer, startSiteServer } from '../../demo/site-server';

export interface DemoWorld {
  platform: PlatformServer;
  site: SiteServer;
}

/** Starts the world before the file's tests and stops it after them; read it inside a test. */
export function useDemoWorld(): DemoWorld {
  let platform: PlatformServer | undefined;
  let site: SiteServer | undefined;
  test.beforeAll(async () => {
    platform = await startPlatformServer({
      port: 0,
      pacing: FAST_PACING,
      staticDir: fileURLToPath(new URL('../../public/', import.meta.url)),
    });
    site = await startSiteServer(demoSiteOptions(platform.url, 0));
  });
  test.afterAll(async () => {
    await site?.close();
    await platform?.close();
  });
  const started = <T>(server: T | undefined): T => {
    if (server === undefined) throw new Error('the demo world is read before it started');
    return server;
  };
  return {
    get platform() {
      return started(platform);
    },
    get site() {
      return started(site);
    },
  };
}
