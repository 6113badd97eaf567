// Formatted replies: the demo agent's streamed Markdown reply renders as lists, code, links and
// emphasis (never broken markup on the way), the code block's Copy button copies the code,
// `markdown: false` and user messages show text as written, and raw HTML from the server is text.
import { expect, type Page, test } from '@playwright/test';
import { platform } from './support/platform';
import { loadWidget, openWidget, say } from './support/widget';

const CODE = "webchat.mount({ locale: 'fr' });";
/** Every element a formatted reply may contain. */
const ALLOWED = ['DIV', 'P', 'STRONG', 'EM', 'CODE', 'PRE', 'UL', 'OL', 'LI', 'A', 'BUTTON', 'SPAN'];

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

/** Notes the tag names that ever appear in the bodies of agent messages, chunk after chunk. */
async function watchTags(page: Page): Promise<void> {
  await page.evaluate(() => {
    const root = document.querySelector('[data-agent-webchat]')!.shadowRoot!;
    const seen = new Set<string>();
    (window as unknown as { __tags: Set<string> }).__tags = seen;
    new MutationObserver(() => {
      for (const element of root.querySelectorAll('[data-author="agent"] [data-part="body"] *')) seen.add(element.tagName);
    }).observe(root, { subtree: true, childList: true, characterData: true });
  });
}

const seenTags = (page: Page) => page.evaluate(() => [...(window as unknown as { __tags: Set<string> }).__tags]);

test('a streamed Markdown reply renders as formatted text', async ({ page }) => {
  await openWidget(page);
  await watchTags(page);
  await say(page, 'Show me some markdown');
  const reply = page.locator('[data-author="agent"]').nth(1);
  await expect(reply).toHaveAttribute('data-streaming');
  await expect(reply).not.toHaveAttribute('data-streaming');
  const body = reply.locator('[data-part="body"]');

  await expect(body.locator('[data-md="root"] > p > strong').first()).toHaveText('Formatted replies');
  await expect(body.locator('strong', { hasText: 'bold' }).first()).toBeVisible();
  await expect(body.locator('em')).toHaveText('italic');
  await expect(body.locator('p code')).toHaveText('inline code');
  await expect(body.getByRole('list')).toHaveCount(2);
  await expect(body.getByRole('listitem')).toHaveText(['Lists with bullets', 'and formatting inside', 'Numbered steps', 'in order']);
  await expect(body.locator('ol > li')).toHaveCount(2);
  await expect(body.locator('pre code')).toHaveText(CODE);

  const article = body.getByRole('link', { name: 'the demo article' });
  await expect(article).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/demo\/article\.html$/);
  await expect(article).toHaveAttribute('target', '_blank');
  await expect(article).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(body.getByRole('link', { name: 'https://example.com/docs' })).toHaveAttribute('href', 'https://example.com/docs');

  // No markup characters left, and nothing but the formatting elements at any point of the stream.
  const text = await body.textContent();
  expect(text).not.toContain('*');
  expect(text).not.toContain('##');
  expect(text).not.toContain('```');
  expect(text).not.toContain('](');
  expect((await seenTags(page)).filter((tag) => !ALLOWED.includes(tag))).toEqual([]);
});

test('the Copy code button copies the code block', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openWidget(page);
  await say(page, 'format');
  const reply = page.locator('[data-author="agent"]').nth(1);
  await expect(reply).not.toHaveAttribute('data-streaming');
  const copy = reply.getByRole('button', { name: 'Copy code' });
  await copy.click();
  await expect(reply.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(reply.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
  await expect(copy).toBeVisible({ timeout: 3000 });
});

test('markdown: false shows agent text as written', async ({ page }) => {
  await loadWidget(page, { markdown: false });
  await page.getByRole('button', { name: 'Open chat' }).click();
  await say(page, 'markdown');
  const reply = page.locator('[data-author="agent"]').nth(1);
  await expect(reply).not.toHaveAttribute('data-streaming');
  const body = reply.locator('[data-part="body"]');
  await expect(body).toContainText('## Formatted replies');
  await expect(body).toContainText('**bold**');
  await expect(body).toContainText(CODE);
  await expect(body.locator('[data-md], strong, li, pre')).toHaveCount(0);
});

test('a user message with Markdown stays plain text', async ({ page }) => {
  await openWidget(page);
  await say(page, '**not bold** and `not code`');
  const mine = page.locator('[data-author="user"] [data-part="body"]');
  await expect(mine).toHaveText('**not bold** and `not code`');
  await expect(mine.locator('strong, code')).toHaveCount(0);
});

test('raw HTML in an agent message shows as text', async ({ page, request }) => {
  await openWidget(page);
  const control = platform(request);
  const html = '<img src=x onerror="document.title=1"><b>bold?</b> <script>document.title=2</script>';
  const frame = {
    id: 'raw-html-1',
    sequence: null,
    timestamp: new Date().toISOString(),
    type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
    payload: { message_id: 'raw-html-1', text: `**Raw:** ${html}`, attachments: [], response_suggestions: [] },
  };
  await control.post('inject', { sessionId: await control.lastSessionId(), frames: [JSON.stringify(frame)] });
  const body = page.locator('[data-author="agent"] [data-part="body"]').nth(1);
  await expect(body).toHaveText(`Raw: ${html}`);
  await expect(body.locator('strong')).toHaveText('Raw:');
  await expect(body.locator('img, b, script')).toHaveCount(0);
  expect(await page.title()).not.toMatch(/^[12]$/);
});
