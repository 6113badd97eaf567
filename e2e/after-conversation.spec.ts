// Flow: after the conversation. "Helpful" / "Not helpful" toggle under agent messages and raise
// `message-feedback`; after "bye" ends the session the visitor rates it — by mouse or by keyboard
// alone — and the rating reaches the site's rating endpoint once, is not offered again after a
// reload, and passes axe; "Download transcript" saves the conversation as a .txt file.
// The rating goes to the demo site's real endpoint (createRatingEndpoint on /api/rating, bound to
// the visitor by the continuity cookie), whose record GET /api/ratings lists.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { inlineWidget, say as sayInline, sitePage } from './support/embed';
import { platform } from './support/platform';
import { PLATFORM_URL, SITE_URL } from './support/site';
import { collectEvents, hostEvents, loadWidget, openWidget } from './support/widget';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});

interface StoredRating {
  sessionId: string;
  score: number;
  comment?: string;
}

/** Every request the page makes to the site's rating endpoint, by method. */
function ratingRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/rating') seen.push(request.method());
  });
  return seen;
}

/** What the demo site stored of the ratings carrying this comment. */
async function stored(request: APIRequestContext, comment: string): Promise<StoredRating[]> {
  const answer = await request.get(`${SITE_URL}/api/ratings`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as StoredRating[]).filter((rating) => rating.comment === comment);
}

/** A comment no other test (or earlier run against the same site) wrote. */
const uniqueComment = (words: string) => `${words} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The site's page with the widget inline, its backend binding the visitor to one session. */
async function visit(page: Page): Promise<Locator> {
  await sitePage(page, 'embed-page.html');
  await page.evaluate((platformUrl) => {
    const api = window.AgentWebchat;
    if (!api || !('init' in api)) throw new Error('bundle not loaded');
    const events: unknown[] = [];
    Object.defineProperty(window, '__ratings', { value: events });
    const container = document.getElementById('chat-a') ?? undefined;
    api
      .init({ messagingUrl: platformUrl, tokenUrl: '/api/webchat-token', ratingUrl: '/api/rating', container })
      .on('rating', (event) => void events.push(event));
  }, PLATFORM_URL);
  const widget = inlineWidget(page, 'chat-a');
  await widget.locator('[data-author="agent"]:not([data-streaming])').first().waitFor();
  return widget;
}

async function endWithBye(widget: Locator): Promise<void> {
  await sayInline(widget, 'bye');
  await expect(widget.getByRole('button', { name: 'Start new conversation' })).toBeVisible();
}

test('Helpful / Not helpful toggle under agent messages and raise message-feedback', async ({ page }) => {
  await openWidget(page, { messageFeedback: true });
  await collectEvents(page, 'message-feedback');
  const greeting = page.locator('[data-author="agent"]').first();
  const helpful = greeting.getByRole('button', { name: 'Helpful', exact: true });
  const notHelpful = greeting.getByRole('button', { name: 'Not helpful' });
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');

  await helpful.click();
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await notHelpful.click();
  await expect(notHelpful).toHaveAttribute('aria-pressed', 'true');
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await notHelpful.click();
  await expect(notHelpful).toHaveAttribute('aria-pressed', 'false');

  const events = await hostEvents<{ messageId: string; value: string }>(page, 'message-feedback');
  expect(events.map((event) => event.value)).toEqual(['helpful', 'not-helpful']);
  expect(events[0]?.messageId).toEqual(expect.any(String));
  expect(events[1]?.messageId).toBe(events[0]?.messageId);
  // Not on the visitor's own messages.
  await page.getByRole('textbox', { name: 'Message' }).fill('hello');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.locator('[data-author="user"][data-status="sent"]')).toHaveCount(1);
  await expect(page.locator('[data-author="user"]').getByRole('button', { name: 'Helpful' })).toHaveCount(0);
});

test('after "bye" the rating reaches the site once and is not offered again after a reload', async ({ page, request }) => {
  const requests = ratingRequests(page);
  const comment = uniqueComment('Quick and clear');
  let widget = await visit(page);
  await expect(widget.getByRole('radiogroup', { name: 'Rate this conversation' })).toHaveCount(0);
  await endWithBye(widget);

  const stars = widget.getByRole('radiogroup', { name: 'Rate this conversation' });
  await expect(stars.getByRole('radio')).toHaveCount(5);
  await stars.getByRole('radio', { name: '4 stars' }).check();
  await widget.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await widget.getByRole('button', { name: 'Send rating' }).click();
  await expect(widget.getByRole('status').filter({ hasText: 'Thank you for your rating.' })).toBeVisible();
  await expect(stars).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __ratings: unknown[] }).__ratings)).toEqual([{ score: 4, comment }]);
  // The site's hook got it once, with the session's id (the Conversations API's conversation id).
  const [rating, ...more] = await stored(request, comment);
  expect(more).toEqual([]);
  expect(rating).toMatchObject({ score: 4, comment, sessionId: expect.any(String) });
  expect(requests).toEqual(['GET', 'POST']);

  // The same visitor, the same ended session: the endpoint says it is rated.
  widget = await visit(page);
  await expect(widget.getByRole('button', { name: 'Start new conversation' })).toBeVisible();
  await expect.poll(() => requests.length).toBe(3);
  expect(requests).toEqual(['GET', 'POST', 'GET']);
  await expect(widget.getByRole('radiogroup', { name: 'Rate this conversation' })).toHaveCount(0);
  expect(await stored(request, comment)).toHaveLength(1);
});

test('two tabs of one conversation: rated in one, thanked in both, sent once', async ({ context, page, request }) => {
  const requests = ratingRequests(page);
  const comment = uniqueComment('Both tabs');
  const first = await visit(page);
  const other = await context.newPage();
  const otherRequests = ratingRequests(other);
  const second = await visit(other);
  await endWithBye(first);
  await expect(second.getByRole('button', { name: 'Start new conversation' })).toBeVisible();
  await expect(second.getByRole('radiogroup', { name: 'Rate this conversation' })).toBeVisible();

  await first.getByRole('radio', { name: '5 stars' }).check();
  await first.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await first.getByRole('button', { name: 'Send rating' }).click();
  await expect(first.getByRole('status').filter({ hasText: 'Thank you for your rating.' })).toBeVisible();
  await expect(second.getByRole('status').filter({ hasText: 'Thank you for your rating.' })).toBeVisible();
  await expect(second.getByRole('radiogroup', { name: 'Rate this conversation' })).toHaveCount(0);
  expect([...requests, ...otherRequests].filter((method) => method === 'POST')).toHaveLength(1);
  expect(await stored(request, comment)).toHaveLength(1);
  // The event is the rating tab's.
  expect(await other.evaluate(() => (window as unknown as { __ratings: unknown[] }).__ratings)).toEqual([]);
});

test('a refusal the widget cannot get past is said under the form, which stays for another try', async ({ page }) => {
  // The site's limits answer 429 to this visitor's rating (CONTRACT: 429 with Retry-After).
  await page.route('**/api/rating', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, headers: { 'Retry-After': '3600' }, json: { message: 'Too many ratings' } })
      : route.fallback(),
  );
  const widget = await visit(page);
  await endWithBye(widget);
  await widget.getByRole('radio', { name: '2 stars' }).check();
  await widget.getByRole('button', { name: 'Send rating' }).click();
  await expect(widget.getByRole('alert')).toHaveText('Too many ratings. Please try again later.');
  await expect(widget.getByRole('button', { name: 'Send rating' })).toBeEnabled();
  await expect(widget.getByRole('radio', { name: '2 stars' })).toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { __ratings: unknown[] }).__ratings)).toEqual([]);
});

test('a rating by keyboard alone: one tab stop for the stars, arrows choose, Enter sends', async ({ page, request }) => {
  const comment = uniqueComment('Fine');
  const widget = await visit(page);
  await endWithBye(widget);
  // The form comes once the site said the session is not rated yet (GET ratingUrl): a Tab pressed
  // before it would leave the widget.
  await expect(widget.getByRole('radio', { name: '1 star' })).toBeVisible();
  const newConversation = widget.getByRole('button', { name: 'Start new conversation' });
  await newConversation.focus();
  await page.keyboard.press('Tab');
  await expect(widget.getByRole('radio', { name: '1 star' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(widget.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(widget.getByRole('textbox', { name: 'Comment' })).toBeFocused();
  await page.keyboard.type(comment);
  await page.keyboard.press('Tab');
  await expect(widget.getByRole('button', { name: 'Send rating' })).toBeFocused();
  await page.keyboard.press('Enter');
  const thanks = widget.getByRole('status').filter({ hasText: 'Thank you for your rating.' });
  await expect(thanks).toBeFocused();
  expect(await stored(request, comment)).toMatchObject([{ score: 3, comment }]);
});

test('the rating form passes axe', async ({ page }) => {
  const widget = await visit(page);
  await endWithBye(widget);
  await expect(widget.getByRole('radiogroup', { name: 'Rate this conversation' })).toBeVisible();
  const results = await new AxeBuilder({ page }).include('#chat-a').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
  await widget.getByRole('button', { name: 'Send rating' }).click();
  await expect(widget.getByRole('alert')).toHaveText('Choose a number of stars first.');
  const withProblem = await new AxeBuilder({ page }).include('#chat-a').analyze();
  expect(withProblem.violations.map((violation) => violation.id)).toEqual([]);
});

test('"Download transcript" saves the conversation as text, during and after it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await openWidget(page);
  await page.getByRole('textbox', { name: 'Message' }).fill('Show me a link');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  const reply = page.locator('[data-author="agent"]').nth(1);
  await expect(reply).not.toHaveAttribute('data-streaming');
  await expect(reply.locator('a').first()).toBeVisible();

  const [during] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download transcript' }).click()]);
  expect(during.suggestedFilename()).toMatch(/^conversation-\d{4}-\d{2}-\d{2}\.txt$/);
  const text = await (await during.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = text.trimEnd().split('\n');
  expect(lines).toHaveLength(await page.locator('[data-author="user"], [data-author="agent"]').count());
  expect(lines[1]).toMatch(/^\[.+\] You: Show me a link$/);
  expect(lines[2]).toMatch(/^\[.+\] .+: .*https?:\/\//);
  expect(text).not.toMatch(/eyJ|demo-connector-token|access_token/);
  const fromHandle = await page.evaluate(() => {
    const api = window.AgentWebchat;
    return api && 'widget' in api ? api.widget?.transcript() : undefined;
  });
  expect(fromHandle).toBe(text);

  await page.getByRole('textbox', { name: 'Message' }).fill('bye');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Start new conversation' })).toBeVisible();
  const [after] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download transcript' }).click()]);
  const afterText = await (await after.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(afterText).toContain('You: bye');
  expect(afterText).toContain('Goodbye! Thanks for trying the demo.');
  // The transcript is the core's: a page without rating or feedback fetched no feature file.
  expect(scripts.filter((path) => path.includes('agent-webchat-after'))).toEqual([]);
});

test('the feature speaks the widget’s language', async ({ page }) => {
  await loadWidget(page, { locale: 'de', messageFeedback: true });
  await page.getByRole('button', { name: 'Chat öffnen' }).click();
  const greeting = page.locator('[data-author="agent"]:not([data-streaming])').first();
  await expect(greeting.getByRole('button', { name: 'Hilfreich', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(greeting.getByRole('button', { name: 'Nicht hilfreich' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gespräch herunterladen' })).toBeVisible();
});
