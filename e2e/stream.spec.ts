// Flow: a streamed reply grows in place (one message element whose text lengthens while it is
// marked streaming) and completes; chunks delivered out of order still render the right text.
import { expect, test } from '@playwright/test';
import { platform } from './support/platform';
import { openWidget, say } from './support/widget';

const STREAM_TEXT =
  'Streaming sends a reply in small chunks as it is written, so the first words appear at once. ' +
  'Each chunk carries an index; the widget joins them in order, whatever order they arrive in.';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

test('a streamed reply grows in place and completes', async ({ page }) => {
  await openWidget(page);
  // Note every state of the newest agent message: which node it is, its text length, streaming.
  await page.evaluate(() => {
    const root = document.querySelector('[data-agent-webchat]')!.shadowRoot!;
    const nodes: Element[] = [];
    const samples: Array<{ node: number; length: number; streaming: boolean; count: number }> = [];
    (window as unknown as { __stream: typeof samples }).__stream = samples;
    const greeting = root.querySelectorAll('[data-author="agent"]').length;
    new MutationObserver(() => {
      const all = root.querySelectorAll('[data-author="agent"]');
      if (all.length <= greeting) return;
      const last = all[all.length - 1]!;
      if (!nodes.includes(last)) nodes.push(last);
      samples.push({
        node: nodes.indexOf(last),
        length: last.querySelector('[data-part="body"]')?.textContent?.length ?? 0,
        streaming: last.hasAttribute('data-streaming'),
        count: all.length - greeting,
      });
    }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  });

  await say(page, 'Give me a long answer');
  const reply = page.locator('[data-author="agent"]').nth(1);
  await expect(reply).toContainText('When the conversation is over, the server sends a session end event');
  await expect(reply).not.toHaveAttribute('data-streaming');
  await expect(reply).toContainText('Here is a longer answer');

  const samples = await page.evaluate(
    () => (window as unknown as { __stream: Array<{ node: number; length: number; streaming: boolean; count: number }> }).__stream,
  );
  // One element throughout: the reply never became a second message.
  expect(new Set(samples.map((s) => s.node))).toEqual(new Set([0]));
  expect(Math.max(...samples.map((s) => s.count))).toBe(1);
  // It grew while streaming: several partial lengths, never shrinking, then complete.
  const partial = samples.filter((s) => s.streaming).map((s) => s.length);
  expect(new Set(partial).size).toBeGreaterThanOrEqual(3);
  for (let i = 1; i < samples.length; i++) expect(samples[i]!.length).toBeGreaterThanOrEqual(samples[i - 1]!.length);
  expect(samples.at(-1)!.streaming).toBe(false);
  expect(await page.locator('[data-author="agent"]').count()).toBe(2);
});

test('chunks delivered out of order still render the right text', async ({ page, request }) => {
  await openWidget(page);
  await platform(request).post('setOutgoing', { chunksOutOfOrder: true });
  await say(page, 'Stream a reply');
  const reply = page.locator('[data-author="agent"]').nth(1);
  await expect(reply).not.toHaveAttribute('data-streaming');
  await expect(reply.locator('[data-part="body"]')).toHaveText(STREAM_TEXT);
  await expect(page.locator('[data-author="agent"]')).toHaveCount(2);
});
