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

/** Mounts and opens the floating widget, waiting until the agent's greeting is complete. */
export async function openWidget(page: Page, options: Record<string, unknown> = {}): Promise<void> {
  await loadWidget(page, options);
  await page.getByRole('button', { name: 'Open chat' }).click();
  // A streamed greeting is in the DOM from its first chunk; specs that listen for host events
  // afterwards must not hear its completion as a new message.
  await page.locator('[data-author="agent"]:not([data-streaming])').first().waitFor();
}

declare global {
  interface Window {
    __awEvents?: Record<string, unknown[]>;
  }
}

/** Collects the host-page events of `AgentWebchat.widget` of the given types into window. */
export async function collectEvents(page: Page, ...types: string[]): Promise<void> {
  await page.evaluate((types) => {
    const api = window.AgentWebchat;
    const widget = api && 'widget' in api ? api.widget : undefined;
    if (!widget) throw new Error('no widget');
    window.__awEvents ??= {};
    const all = window.__awEvents;
    for (const type of types) {
      all[type] ??= [];
      const list = all[type];
      widget.on(type as 'message', (event) => void list.push(event));
    }
  }, types);
}

/** Host-page events of one type collected so far. */
export function hostEvents<T = Record<string, unknown>>(page: Page, type: string): Promise<T[]> {
  return page.evaluate((type) => (window.__awEvents?.[type] ?? []) as never, type);
}

/** Types into the composer and presses Enter. */
export async function say(page: Page, text: string, composerName = 'Message'): Promise<void> {
  const composer = page.getByRole('textbox', { name: composerName });
  await composer.fill(text);
  await composer.press('Enter');
}
