// Records every BroadcastChannel message the pages of a browser context post, as JSON text, so a
// spec can assert that nothing token-like crosses between tabs.

import type { Page } from '@playwright/test';

/** From now on, every page of the context keeps what it posts in window.__channelMessages. */
export async function recordChannel(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__channelMessages', { value: seen });
    const post = BroadcastChannel.prototype.postMessage;
    BroadcastChannel.prototype.postMessage = function (message: unknown) {
      seen.push(JSON.stringify(message));
      return post.call(this, message);
    };
  });
}
