// Helpers of the embedding specs: pages on the site origin, console capture, inline widgets.

import type { Locator, Page } from '@playwright/test';
import { CONNECTOR_TOKEN, PLATFORM_URL, SITE_URL } from './site';

export interface ConsoleEntry {
  type: string;
  text: string;
}

/** Everything the page logs from now on (register before page.goto to catch the script's load). */
export function captureConsole(page: Page): ConsoleEntry[] {
  const entries: ConsoleEntry[] = [];
  page.on('console', (message) => entries.push({ type: message.type(), text: message.text() }));
  page.on('pageerror', (error) => entries.push({ type: 'pageerror', text: error.message }));
  return entries;
}

export const errorsOf = (entries: ConsoleEntry[]) => entries.filter((e) => e.type === 'error' || e.type === 'pageerror');

/** A fixture page served by the site origin (`%PLATFORM_URL%` filled in). */
export function sitePage(page: Page, fixture: string) {
  return page.goto(`${SITE_URL}/${fixture}`);
}

/** `AgentWebchat.init(options)` on the page, the handle kept as `window.handles[name]`. */
export async function initWidget(page: Page, name: string, options: Record<string, unknown>, containerId?: string): Promise<void> {
  await page.evaluate(
    ({ name, options, containerId }) => {
      const api = window.AgentWebchat;
      if (!api || !('init' in api)) throw new Error('bundle not loaded');
      const w = window as unknown as { handles?: Record<string, unknown> };
      const container = containerId ? document.getElementById(containerId) : undefined;
      w.handles ??= {};
      w.handles[name] = api.init(container ? { ...options, container } : options);
    },
    { name, options, containerId },
  );
}

/** The demo platform with the demo connector, as a site using the script tag would configure it. */
export const DEMO_OPTIONS = { messagingUrl: PLATFORM_URL, connectorToken: CONNECTOR_TOKEN };

/** The widget rendered inline into the element with this id (its shadow root is open). */
export function inlineWidget(page: Page, containerId: string): Locator {
  return page.locator(`#${containerId} [data-agent-webchat]`);
}

/** Sends a message through a widget's composer and waits until the server echoed it. */
export async function say(widget: Locator, text: string): Promise<void> {
  const composer = widget.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  await widget.locator('[data-author="user"][data-status="sent"]', { hasText: text }).waitFor();
}
