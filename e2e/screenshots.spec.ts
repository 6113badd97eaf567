// Screenshots of the main states, desktop (1280×800) and phone (390×844), into screenshots/
// (git-ignored). Desktop shots also come cropped to the widget (`-panel`), for docs/screenshots/.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { platform } from './support/platform';
import { PLATFORM_URL, SITE_URL } from './support/site';
import { hear, injectFakeSpeech } from './support/speech';
import { loadWidget } from './support/widget';

const DIR = 'screenshots';

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
});
test.afterEach(async ({ request }) => {
  await platform(request).post('refuseUpgrades', { count: 0 });
});

interface Names {
  open: string;
  message: string;
}
const EN: Names = { open: 'Open chat', message: 'Message' };
const AR: Names = { open: 'فتح المحادثة', message: 'رسالة' };

const ARABIC_MARKDOWN = [
  '## خطوات التثبيت',
  'أضف **الأداة** إلى موقعك واستدعِ `mount()` *مرة واحدة*:',
  '',
  '1. ثبّت الحزمة',
  '2. اختر اللغة:',
  '   - العربية',
  '   - English',
  '',
  '```js',
  "webchat.mount({ locale: 'ar' });",
  '```',
  '',
  'اقرأ [الدليل](https://example.com/guide) أو https://example.com/docs',
].join('\n');

async function start(page: Page, options: Record<string, unknown> = {}, names = EN) {
  await loadWidget(page, options, '/showcase.html');
  await page.getByRole('button', { name: names.open }).click();
  await expect(page.locator('[data-author="agent"]')).toHaveCount(1);
  await expect(page.locator('[data-author="agent"]')).not.toHaveAttribute('data-streaming');
}

/** On the site's origin, whose backend has the token and callback endpoints: "Call me" is offered. */
async function startWithCallback(page: Page) {
  await page.goto(`${SITE_URL}/showcase.html`);
  await page.evaluate((platformUrl) => {
    const api = window.AgentWebchat;
    if (!api || !('init' in api)) throw new Error('bundle not loaded');
    api.init({ messagingUrl: platformUrl, tokenUrl: '/api/webchat-token', callbackUrl: '/api/callback', title: 'Support' });
  }, PLATFORM_URL);
  await page.getByRole('button', { name: EN.open }).click();
  await expect(page.locator('[data-author="agent"]')).toHaveCount(1);
  await expect(page.locator('[data-author="agent"]')).not.toHaveAttribute('data-streaming');
  await ask(page, 'My parcel has not arrived yet. Can we talk on the phone?');
  await page.getByRole('button', { name: 'Call me' }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).pressSequentially('2025550100');
}

/** Sends and waits for the complete reply (one more agent or live-agent message). */
async function ask(page: Page, text: string, names = EN, author = 'agent') {
  const replies = page.locator(`[data-author="${author}"]`);
  const before = await replies.count();
  const composer = page.getByRole('textbox', { name: names.message });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(replies.nth(before)).toBeAttached();
  await expect(replies.nth(before)).not.toHaveAttribute('data-streaming');
}

async function conversation(page: Page, names = EN) {
  await ask(page, 'Show me a link', names);
  await ask(page, 'Send an image', names);
  await ask(page, 'suggest', names);
  await expect(page.locator('[data-part="suggestions"] button').first()).toBeVisible();
  await imagesLoaded(page);
}

/** Voice mode on (through fake speech APIs), a question asked aloud, the agent reading its reply. */
async function voice(page: Page, options: Record<string, unknown>, names: Names & { voiceMode: string }, question: string) {
  await injectFakeSpeech(page);
  await start(page, { voice: true, ...options }, names);
  await page.getByRole('button', { name: names.voiceMode }).click();
  await hear(page, question, true);
  await expect(page.locator('[data-voice="speaking"]')).toBeVisible();
  await expect(page.locator('[data-author="agent"]').nth(1)).not.toHaveAttribute('data-streaming');
}

async function imagesLoaded(page: Page) {
  await expect
    .poll(() =>
      page
        .locator('[data-agent-webchat] img')
        .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
}

async function shoot(page: Page, name: string) {
  await page.mouse.move(1, 1); // no hover states, no hover timestamps
  // No focus ring in the picture (the composer's, or a form field's).
  await page.evaluate(() => {
    const focused = document.querySelector('[data-agent-webchat]')?.shadowRoot?.activeElement;
    if (focused instanceof HTMLElement) focused.blur();
  });
  await imagesLoaded(page);
  const viewport = page.viewportSize()!;
  const kind = viewport.width > 600 ? 'desktop' : 'mobile';
  await page.screenshot({ path: `${DIR}/${kind}-${name}.png`, animations: 'disabled' });
  if (kind === 'desktop') {
    const panel = (await page.getByRole('dialog').boundingBox())!;
    const rtl = (await page.locator('[data-agent-webchat] [dir]').first().getAttribute('dir')) === 'rtl';
    const x = rtl ? 0 : Math.floor(panel.x - 24);
    const width = rtl ? Math.ceil(panel.x + panel.width + 24) : viewport.width - x;
    const y = Math.floor(panel.y - 24);
    await page.screenshot({
      path: `${DIR}/${kind}-${name}-panel.png`,
      animations: 'disabled',
      clip: { x, y, width, height: viewport.height - y },
    });
  }
}

const states: Array<[string, (page: Page, request: APIRequestContext) => Promise<void>]> = [
  ['greeting', (page) => start(page)],
  [
    'conversation',
    async (page) => {
      await start(page, { title: 'Support' });
      await conversation(page);
    },
  ],
  [
    'handoff',
    async (page, request) => {
      await start(page);
      await ask(page, 'Can I talk to a human?');
      await expect(page.locator('[data-author="live-agent"]')).toHaveCount(1);
      await ask(page, 'My parcel has not arrived yet.', EN, 'live-agent');
      await platform(request).liveAgentTyping();
      await expect(page.locator('[data-typing="live-agent"]')).toBeVisible();
    },
  ],
  [
    'reconnecting',
    async (page, request) => {
      await start(page);
      await ask(page, 'Hello!');
      await platform(request).post('refuseUpgrades', { count: 'all' });
      await platform(request).post('dropSockets', {});
      await expect(page.locator('[data-connection="reconnecting"]')).toBeVisible();
      await page.getByRole('textbox', { name: 'Message' }).fill('Are you still there?');
      await page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(page.locator('[data-author="user"]').last()).toHaveAttribute('data-status', 'sending');
    },
  ],
  [
    'ended',
    async (page) => {
      await start(page);
      await ask(page, 'Thanks, bye!');
      await expect(page.getByRole('button', { name: 'Start new conversation' })).toBeVisible();
    },
  ],
  [
    'dark',
    async (page) => {
      await start(page, { theme: { mode: 'dark' } });
      await conversation(page);
    },
  ],
  [
    'markdown',
    async (page) => {
      await start(page);
      await ask(page, 'Can you format a reply?');
    },
  ],
  [
    'markdown-dark',
    async (page) => {
      await start(page, { theme: { mode: 'dark' } });
      await ask(page, 'Can you format a reply?');
    },
  ],
  [
    'markdown-rtl',
    async (page, request) => {
      await start(page, { locale: 'ar' }, AR);
      await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
      // The demo agent's formatted reply is its own; this Arabic one comes in through the control API.
      const control = platform(request);
      await control.post('emit', {
        sessionId: await control.lastSessionId(),
        type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
        payload: { message_id: 'markdown-rtl', text: ARABIC_MARKDOWN, attachments: [], response_suggestions: [] },
      });
      await expect(page.locator('[data-author="agent"] pre')).toBeVisible();
    },
  ],
  ['voice', (page) => voice(page, {}, { ...EN, voiceMode: 'Voice mode' }, 'What does streaming do?')],
  ['voice-dark', (page) => voice(page, { theme: { mode: 'dark' } }, { ...EN, voiceMode: 'Voice mode' }, 'What does streaming do?')],
  [
    'voice-rtl',
    async (page) => {
      await voice(page, { locale: 'ar' }, { ...AR, voiceMode: 'الوضع الصوتي' }, 'مرحبا');
      await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    },
  ],
  [
    'callback-form',
    async (page) => {
      await startWithCallback(page);
      await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
    },
  ],
  [
    'callback-status',
    async (page) => {
      await startWithCallback(page);
      await page.getByRole('button', { name: 'Request call' }).click();
      await expect(page.locator('[data-callback]')).toHaveAttribute('data-callback', 'connected', { timeout: 20_000 });
    },
  ],
  [
    'rating-form',
    async (page) => {
      await start(page, { title: 'Support', rating: true, messageFeedback: true });
      await ask(page, 'What does streaming do?');
      await ask(page, 'bye');
      await page.getByRole('radio', { name: '4 stars' }).check();
      await page.getByRole('textbox', { name: 'Comment' }).fill('Clear and quick, thank you.');
    },
  ],
  [
    'message-feedback',
    async (page) => {
      await start(page, { title: 'Support', rating: true, messageFeedback: true });
      await ask(page, 'What does streaming do?');
      await page.locator('[data-author="agent"]').nth(1).getByRole('button', { name: 'Helpful', exact: true }).click();
      await ask(page, 'bye');
      await page.getByRole('radio', { name: '5 stars' }).check();
      await page.getByRole('button', { name: 'Send rating' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Thank you for your rating.' })).toBeVisible();
      await page.getByRole('log').evaluate((log) => log.scrollTo({ top: 0 }));
    },
  ],
  [
    'rtl',
    async (page) => {
      await start(page, { locale: 'ar' }, AR);
      // An Arabic site: the page reads right-to-left too.
      await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
      await ask(page, 'مرحبا! Show me a link', AR);
      await ask(page, 'suggest', AR);
      await imagesLoaded(page);
    },
  ],
];

for (const [device, use] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['mobile', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(device, () => {
    test.use(use);
    for (const [name, setup] of states) {
      test(name, async ({ page, request }) => {
        await setup(page, request);
        await shoot(page, name);
      });
    }
  });
}

/** The closed launcher's corner: the unread badge, and the teaser beside it (light, dark, Arabic). */
const cornerStates: [string, (page: Page) => Promise<void>][] = [
  [
    'unread',
    async (page) => {
      await start(page, { title: 'Support' });
      await page.getByRole('button', { name: 'Close chat' }).click();
      await page.evaluate(() => (window.AgentWebchat as { widget: { send(t: string): void } }).widget.send('Where is my parcel?'));
      await page.evaluate(() => (window.AgentWebchat as { widget: { send(t: string): void } }).widget.send('It was due on Monday.'));
      await expect(page.locator('[data-unread="2"]')).toBeVisible();
    },
  ],
  [
    'teaser',
    async (page) => {
      await loadWidget(page, { teaser: 'Questions about delivery? We answer in minutes.' }, '/showcase.html');
      await expect(page.locator('[data-teaser]')).toBeVisible();
    },
  ],
  [
    'teaser-dark',
    async (page) => {
      await loadWidget(page, { teaser: 'Questions about delivery? We answer in minutes.', theme: { mode: 'dark' } }, '/showcase.html');
      await expect(page.locator('[data-teaser]')).toBeVisible();
    },
  ],
  [
    'teaser-rtl',
    async (page) => {
      await loadWidget(page, { teaser: 'هل لديك سؤال عن التوصيل؟', locale: 'ar' }, '/showcase.html');
      await expect(page.locator('[data-teaser]')).toBeVisible();
    },
  ],
];

for (const [device, use] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['mobile', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(`${device} corner`, () => {
    test.use(use);
    for (const [name, setup] of cornerStates) {
      test(name, async ({ page }) => {
        await setup(page);
        await page.mouse.move(1, 1);
        const viewport = page.viewportSize()!;
        await page.screenshot({ path: `${DIR}/${device}-${name}.png`, animations: 'disabled' });
        if (device === 'desktop') {
          const rtl = name.endsWith('rtl');
          const width = 440;
          await page.screenshot({
            path: `${DIR}/${device}-${name}-corner.png`,
            animations: 'disabled',
            clip: { x: rtl ? 0 : viewport.width - width, y: viewport.height - 160, width, height: 160 },
          });
        }
      });
    }
  });
}

/**
 * What a newcomer looks at first: a widget inline in the page's own layout (`container`), and the
 * platform console's list of conversations — newest first, the live ones marked, greeting-only
 * ones receding.
 */
test.describe('desktop page', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('inline', async ({ page }) => {
    await page.goto('/showcase.html');
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.id = 'help-chat';
      box.style.cssText = 'height: 520px; margin: 16px 0; border-radius: 8px; overflow: hidden; box-shadow: 0 1px 3px #0002;';
      document.querySelector('main')?.append(box);
      const api = window.AgentWebchat;
      if (!api || !('init' in api)) throw new Error('bundle not loaded');
      api.init({ messagingUrl: location.origin, connectorToken: 'demo-connector-token', title: 'Help centre', container: box });
    });
    const box = page.locator('#help-chat');
    await expect(box.locator('[data-author="agent"]')).toHaveCount(1);
    await expect(box.locator('[data-author="agent"]')).not.toHaveAttribute('data-streaming');
    // The greeting and its suggestions, without the composer's focus ring.
    await expect(box.locator('[data-part="suggestions"] button').first()).toBeVisible();
    await page.evaluate(() => {
      const focused = document.activeElement?.shadowRoot?.activeElement;
      if (focused instanceof HTMLElement) focused.blur();
    });
    await imagesLoaded(page);
    await page.mouse.move(1, 1);
    await page.screenshot({ path: `${DIR}/desktop-inline.png`, animations: 'disabled', fullPage: true });
    await box.screenshot({ path: `${DIR}/desktop-inline-panel.png`, animations: 'disabled' });
  });

  test('console', async ({ page, browser }) => {
    const since = new Date().toISOString();
    // Two conversations a visitor spoke in (the first one finished), then one that holds only a greeting.
    for (const said of [['Where is my parcel?', 'bye'], ['Can I return a tent?']]) {
      const visitor = await browser.newPage();
      await loadWidget(visitor, { title: 'Support' }, '/showcase.html');
      await visitor.getByRole('button', { name: EN.open }).click();
      await expect(visitor.locator('[data-author="agent"]')).toHaveCount(1);
      for (const text of said) await ask(visitor, text);
      await visitor.close();
    }
    const greeted = await browser.newPage();
    await loadWidget(greeted, {}, '/showcase.html');
    await greeted.getByRole('button', { name: EN.open }).click();
    await expect(greeted.locator('[data-author="agent"]')).toHaveCount(1);

    await page.goto(`${PLATFORM_URL}/console/#/conversations?channel=WEBCHAT&range=custom&from=${encodeURIComponent(since)}`);
    await expect(page.getByRole('region', { name: 'Conversations' }).getByRole('row')).toHaveCount(4);
    await expect(page.getByText('live now', { exact: true })).toHaveCount(2);
    await expect(page.getByText('finished', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${DIR}/desktop-console-conversations.png`, animations: 'disabled' });
    await greeted.close();
  });
});
