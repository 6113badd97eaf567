// Opens a page with the script bundle and mounts a widget with the given options.

import type { Page } from '@playwright/test';

export const CONNECTOR = 'demo-connector-token';

export async function loadWidget(page: Page, options: Record<string, unknown> = {}, path = '/widget.html'): Promise<void> {
  await page.goto(path);
  await page.evaluate((extra) => {
    const api = window.AgentWebchat;
    if (!api || !('init' in api)) throw new Error('bundle not loaded');
    api.init({ messagingUrl: location.origin, connectorToken: 'demo-connector-token', ...extra });
  }, options);
}

/** Mounts and opens the floating widget, waiting for the agent's greeting. */
export async function openWidget(page: Page, options: Record<string, unknown> = {}): Promise<void> {
  await loadWidget(page, options);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.locator('[data-author="agent"]').first().waitFor();
}
