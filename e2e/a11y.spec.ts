// axe-core on the open widget (inside its open shadow root) with a conversation in it — a user
// message, an agent message with suggestions, a link card, an image and a formatted reply (lists,
// code block with its Copy button, links) and the voice controls (Dictate, Listen, Voice mode on
// with its state shown, through fake speech APIs) — in light, dark and RTL.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { platform } from './support/platform';
import { injectFakeSpeech } from './support/speech';
import { loadWidget } from './support/widget';

test.beforeEach(async ({ request, page }) => {
  await platform(request).reset();
  await injectFakeSpeech(page);
});
test.afterEach(async ({ request }) => {
  await platform(request).post('refuseUpgrades', { count: 0 });
});

async function converse(page: Page, options: Record<string, unknown>, composerName: string, openName: string) {
  await loadWidget(page, { voice: true, ...options });
  await page.getByRole('button', { name: openName }).click();
  await expect(page.locator('[data-author="agent"]')).toHaveCount(1);
  const composer = page.getByRole('textbox', { name: composerName });
  for (const [text, expected] of [
    ['Show me a link', 'a'],
    ['Send an image', 'img'],
    ['markdown', 'pre'],
    ['suggest', 'button'],
  ] as const) {
    const before = await page.locator('[data-author="agent"]').count();
    await composer.fill(text);
    await composer.press('Enter');
    const reply = page.locator('[data-author="agent"]').nth(before);
    await expect(reply).toBeAttached();
    await expect(reply).not.toHaveAttribute('data-streaming');
    if (expected !== 'button') await expect(reply.locator(expected).first()).toBeVisible();
  }
  await expect(page.locator('[data-author="user"][data-status="sent"]')).toHaveCount(4);
  await expect(page.locator('[data-part="suggestions"] button')).toHaveCount(4);
  // Images loaded (their alt text and size are part of the check).
  await expect
    .poll(() => page.locator('[data-author="agent"] img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
    .toBe(true);
}

async function audit(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-agent-webchat]').analyze();
  // The audit did look inside the shadow root: shadow targets are nested selector arrays.
  const shadowNodes = results.passes.flatMap((rule) => rule.nodes).filter((node) => Array.isArray(node.target[0]));
  expect(shadowNodes.length).toBeGreaterThan(20);
  expect(results.passes.map((rule) => rule.id)).toEqual(
    expect.arrayContaining(['color-contrast', 'button-name', 'aria-allowed-role', 'image-alt']),
  );
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => `${JSON.stringify(n.target)}: ${n.failureSummary}`),
  }));
  expect(summary).toEqual([]);
}

/** Voice mode on (its state shown) and a reply being read aloud: the pressed states are audited too. */
async function speak(page: Page, voiceModeName: string, listenName: string) {
  await page.getByRole('button', { name: voiceModeName }).click();
  await expect(page.locator('[data-voice="listening"]')).not.toBeEmpty();
  await page.getByRole('button', { name: listenName }).first().click();
  await expect(page.locator('[data-voice="paused"]')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: listenName }).first()).toHaveAttribute('aria-pressed', 'true');
}

test('light', async ({ page }) => {
  await converse(page, {}, 'Message', 'Open chat');
  await speak(page, 'Voice mode', 'Listen');
  await audit(page);
});

test('dark', async ({ page }) => {
  await converse(page, { theme: { mode: 'dark' } }, 'Message', 'Open chat');
  await speak(page, 'Voice mode', 'Listen');
  await audit(page);
});

test('RTL (Arabic)', async ({ page }) => {
  await converse(page, { locale: 'ar' }, 'رسالة', 'فتح المحادثة');
  await speak(page, 'الوضع الصوتي', 'استماع');
  await audit(page);
});

test('handoff: live agent typing', async ({ page, request }) => {
  await converse(page, {}, 'Message', 'Open chat');
  await page.getByRole('textbox', { name: 'Message' }).fill('human please');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.locator('[data-author="live-agent"]')).toHaveCount(1);
  await platform(request).liveAgentTyping();
  await expect(page.locator('[data-typing="live-agent"]')).toBeVisible();
  await audit(page);
});

test('end-of-session and connection states', async ({ page, request }) => {
  await converse(page, {}, 'Message', 'Open chat');
  // Reconnecting banner.
  await platform(request).post('refuseUpgrades', { count: 'all' });
  await platform(request).post('dropSockets', {});
  await expect(page.locator('[data-connection="reconnecting"]')).toBeVisible();
  await audit(page);
  // End confirmation, then the ended state (ending while disconnected ends at once, locally).
  await page.getByRole('button', { name: 'End chat' }).click();
  await audit(page);
  await page.getByRole('button', { name: 'End', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Start new conversation' })).toBeVisible();
  await audit(page);
});
