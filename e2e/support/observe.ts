// Records what a person would have seen, over time, inside the widget's shadow root: some states
// (a fast typing indicator, a queue position) last only tens of milliseconds with the e2e pacing,
// too short to catch by polling. A MutationObserver notes every distinct value instead.

import type { Page } from '@playwright/test';

type Recorder = Record<string, string[]>;

declare global {
  interface Window {
    __awSeen?: Recorder;
  }
}

/**
 * Starts recording, for each key, every distinct consecutive value of `selector` inside the
 * widget: its text (what === 'text') or an attribute. '' means the element is absent.
 * Call after the widget is mounted (loadWidget) and before the flow under test.
 */
export async function watch(page: Page, watches: Record<string, { selector: string; what?: string }>): Promise<void> {
  await page.evaluate((watches) => {
    const host = document.querySelector('[data-agent-webchat]');
    const root = host?.shadowRoot;
    if (!root) throw new Error('widget not mounted');
    window.__awSeen ??= {};
    const seen: Recorder = window.__awSeen;
    const sample = () => {
      for (const [key, { selector, what = 'text' }] of Object.entries(watches)) {
        const el = root.querySelector(selector);
        const value = !el ? '' : what === 'text' ? (el.textContent ?? '') : (el.getAttribute(what) ?? '');
        seen[key] ??= [];
        const list = seen[key];
        if (list[list.length - 1] !== value) list.push(value);
      }
    };
    sample();
    new MutationObserver(sample).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  }, watches);
}

/** Values recorded so far for one key. */
export function seen(page: Page, key: string): Promise<string[]> {
  return page.evaluate((key) => window.__awSeen?.[key] ?? [], key);
}
