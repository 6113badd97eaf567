// The same visitor journey in Chromium, Firefox and WebKit (e2e/engines/adapter.ts). Steps run in
// order on one page per engine, as one visitor would go through them; pages that need their own
// setup (strict CSP, dark + RTL, REST fallback) open fresh. After each step the page must have
// logged no error of its own (uncaught, unhandled rejection, console.error) and a screenshot of
// it goes to screenshots/engines/<engine>-<step>.png. Pick engines with ENGINES=firefox,webkit.
import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_NAMES, type EngineName, type EnginePage, launchEngine } from './adapter';
import { CONNECTOR_TOKEN, control, lastSessionId, PLATFORM_URL, SITE_URL, userTexts, wireRecord } from './control';
import type { TranscriptEntry } from './probe-types';
import { Visitor } from './visitor';

const SCREENSHOTS = 'screenshots/engines';
const selected = (process.env['ENGINES'] ?? ENGINE_NAMES.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is EngineName => ENGINE_NAMES.some((known) => known === name));

// Firefox waits before it reconnects a socket that failed (network.websocket.delay-failed-reconnects).
const RECONNECT_TIMEOUT = 30_000;

/** Opens the journey page on the site origin and mounts a floating widget with these options. */
async function mountWidget(page: EnginePage, options: Record<string, unknown> = {}): Promise<void> {
  await page.goto(`${SITE_URL}/engines.html`);
  await page.evaluate(
    (options) => {
      const api = window.AgentWebchat;
      if (!api || !('init' in api)) throw new Error('bundle not loaded');
      api.init({ ...options });
    },
    { messagingUrl: PLATFORM_URL, connectorToken: CONNECTOR_TOKEN, ...options },
  );
}

/**
 * A fresh visitor for the pages that need their own setup: the tab remembers an open panel
 * (sessionStorage, per conversation options) and would reopen it on the next page.
 */
function forgetOpenPanel(page: EnginePage): Promise<void> {
  return page.evaluate(() => sessionStorage.clear());
}

/** Relative luminance (0 black … 1 white) of a computed colour in the widget. */
function luminance(page: EnginePage, selector: string, property: 'backgroundColor' | 'color'): Promise<number> {
  return page.evaluate(
    (selector, property) => {
      const element = window.__engines.root()?.querySelector(selector);
      if (!element) return -1;
      const channels = (getComputedStyle(element)[property].match(/[\d.]+/g) ?? []).map(Number);
      const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(channels[0] ?? 0) + 0.7152 * linear(channels[1] ?? 0) + 0.0722 * linear(channels[2] ?? 0);
    },
    selector,
    property,
  );
}

describe.each(selected)('%s', (engine) => {
  let page: EnginePage;
  let visitor: Visitor;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await control('reset');
    page = await launchEngine(engine);
    visitor = new Visitor(page);
  });

  afterAll(async () => {
    await control('refuseUpgrades', { count: 0 });
    await page?.close();
  });

  afterEach(async (context) => {
    if (!page) return;
    const step = context.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    await page.screenshot(`${SCREENSHOTS}/${engine}-${step}.png`).catch(() => undefined);
    const errors = await visitor.errors();
    await visitor.clearErrors();
    expect(errors, `errors logged by the page in ${engine}`).toEqual([]);
  });

  it('opens and greets', async () => {
    await mountWidget(page);
    const launcher = await visitor.visible('button', 'Open chat');
    expect(launcher.attributes['aria-expanded']).toBe('false');
    await visitor.click('button', 'Open chat');
    await visitor.visible('dialog', 'Chat');
    expect((await visitor.findAll('button', 'Open chat'))[0]?.attributes['aria-expanded']).toBe('true');
    await visitor.message('agent', 0, "Hi, I'm Ada, the demo agent.");
    await visitor.connection('online');
  });

  it('sends a message and gets the reply', async () => {
    await visitor.say('first question');
    await visitor.waitFor(
      'the user message to be sent',
      () => visitor.transcript(),
      (entries) => entries.some((e) => e.author === 'user' && e.text.includes('first question') && e.status === 'sent'),
    );
    await visitor.message('agent', 1, 'You said: "first question"');
    expect((await visitor.findAll('textbox', 'Message'))[0]?.value).toBe('');
  });

  it('streams a long reply into one bubble', async () => {
    await page.evaluate(() => window.__engines.watchStream());
    await visitor.say('Give me a long answer');
    const reply = await visitor.message('agent', 2, 'When the conversation is over, the server sends a session end event');
    expect(reply.text).toContain('Here is a longer answer');
    const samples = await page.evaluate(() => window.__engines.streamSamples);
    // One element throughout, which grew while streaming and never shrank.
    expect(new Set(samples.map((s) => s.node))).toEqual(new Set([0]));
    expect(Math.max(...samples.map((s) => s.count))).toBe(1);
    expect(new Set(samples.filter((s) => s.streaming).map((s) => s.length)).size).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < samples.length; i++) expect(samples[i]!.length).toBeGreaterThanOrEqual(samples[i - 1]!.length);
    expect(samples.at(-1)?.streaming).toBe(false);
  });

  it('sends a suggestion when it is clicked', async () => {
    await visitor.say('suggest something');
    await visitor.message('agent', 3, 'Here are a few things you could ask next:');
    await visitor.click('button', 'Help');
    await visitor.message('user', 3, 'Help');
    await visitor.message('agent', 4, 'Try these phrases');
    await visitor.absent('button', 'Help');
  });

  it('shows image and link attachments', async () => {
    await visitor.say('Send an image');
    await visitor.message('agent', 5, 'Here is a picture:');
    await visitor.visible('img', 'A sample picture');
    const image = await visitor.waitFor(
      'the image to load',
      () =>
        page.evaluate(() => {
          const img = window.__engines.root()?.querySelector('img[alt="A sample picture"]');
          if (!(img instanceof HTMLImageElement)) return null;
          const box = img.getBoundingClientRect();
          return { loaded: img.complete && img.naturalWidth > 0, width: box.width, height: box.height };
        }),
      (state) => state?.loaded === true,
    );
    expect(image!.width).toBeGreaterThan(100);
    expect(image!.height).toBeGreaterThan(50);

    await visitor.say('Show me a link');
    await visitor.message('agent', 6, 'Here is an article about this demo platform:');
    const link = await visitor.visible('link', 'Read the article');
    expect(link.attributes['href']).toBe(`${PLATFORM_URL}/demo/article.html`);
    expect(link.attributes['target']).toBe('_blank');
    expect(link.attributes['rel']).toBe('noopener noreferrer');
  });

  it('shows the agent typing, cleared by the reply', async () => {
    await control('emit', { sessionId: await lastSessionId(), type: 'EVENT_TYPE_SERVICE_AGENT_THINKING', payload: {} });
    const typing = await visitor.waitFor(
      'the typing indicator',
      () => visitor.findAll('status'),
      (statuses) => statuses.some((s) => s.attributes['data-typing'] === 'agent' && s.visible),
    );
    expect(typing.find((s) => s.attributes['data-typing'] === 'agent')?.text).toBe('Agent is typing…');
    await visitor.say('are you there?');
    await visitor.message('agent', 7, 'You said: "are you there?"');
    await visitor.waitFor(
      'the typing indicator to clear',
      () => visitor.findAll('status'),
      (statuses) => !statuses.some((s) => s.attributes['data-typing'] && s.text !== ''),
    );
  });

  it('reconnects after the socket drops, nothing lost or duplicated', async () => {
    const sessionId = await lastSessionId();
    const before = await visitor.transcript();
    await control('refuseUpgrades', { count: 'all' });
    await control('dropSockets', { sessionId });
    const banner = await visitor.connection('reconnecting');
    expect(banner.text).toBe('Reconnecting…');

    await visitor.say('sent while offline');
    await visitor.waitFor(
      'the offline message to wait as sending',
      () => visitor.transcript(),
      (entries) => entries.some((e) => e.author === 'user' && e.text.includes('sent while offline') && e.status === 'sending'),
    );
    await visitor.waitFor(
      'a refused reconnect',
      async () => (await wireRecord()).connections.filter((c) => c.outcome === 'refused').length,
      (refused) => refused > 0,
      RECONNECT_TIMEOUT,
    );
    await control('refuseUpgrades', { count: 0 });
    await visitor.connection('online', RECONNECT_TIMEOUT);
    await visitor.message('agent', 8, 'You said: "sent while offline"');
    await visitor.say('after the drop');
    await visitor.message('agent', 9, 'You said: "after the drop"');

    const after = await visitor.transcript();
    const messages = after.filter((e) => e.author === 'user' || e.author === 'agent');
    expect(messages).toHaveLength(before.filter((e) => e.author === 'user' || e.author === 'agent').length + 4);
    expect(messages.filter((e) => e.author === 'user').every((e) => e.status === 'sent')).toBe(true);
    expect(new Set(messages.map((e) => e.text)).size).toBe(messages.length);

    const record = await wireRecord();
    expect(record.sessions).toHaveLength(1);
    const resumed = record.connections.filter((c) => c.outcome === 'open').at(-1)!;
    expect(resumed.sessionId).toBe(sessionId);
    expect(resumed.cursor).toMatch(/^seq:[1-9]\d*$/);
    expect(userTexts(record).filter((text) => text === 'sent while offline')).toHaveLength(1);
    expect(record.joins).toHaveLength(1);
  });

  it('counts a reply that arrives while the panel is closed, until the panel opens', async () => {
    await visitor.click('button', 'Close chat');
    await visitor.waitFor(
      'the panel to close',
      () => visitor.findAll('dialog', 'Chat'),
      (dialogs) => dialogs.every((dialog) => !dialog.visible),
    );
    await page.evaluate(() => {
      const api = window.AgentWebchat;
      if (!api || !('widget' in api) || !api.widget) throw new Error('no widget');
      api.widget.send('while closed');
    });
    const launcher = await visitor.visible('button', 'Open chat, 1 unread');
    expect(launcher.attributes['aria-expanded']).toBe('false');
    const badge = await page.evaluate(() => window.__engines.root()?.querySelector('[data-unread]')?.getAttribute('data-unread') ?? null);
    expect(badge).toBe('1');
    await visitor.click('button', 'Open chat, 1 unread');
    await visitor.visible('dialog', 'Chat');
    await visitor.message('agent', 10, 'You said: "while closed"');
    await visitor.visible('button', 'Open chat');
    expect(await page.evaluate(() => window.__engines.root()?.querySelector('[data-unread]') ?? null)).toBeNull();
  });

  it('ends the chat on request', async () => {
    await visitor.click('button', 'End chat');
    await visitor.visible('group', 'End chat');
    await visitor.click('button', 'End');
    await visitor.connection('ended');
    await visitor.waitFor(
      'the end notice',
      () => visitor.findAll('dialog', 'Chat'),
      (dialogs) => dialogs.some((dialog) => dialog.text.includes('You ended the chat.')),
    );
    expect((await visitor.findAll('textbox', 'Message'))[0]?.disabled).toBe(true);
    const ends = (await wireRecord()).clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_END_SESSION');
    expect(ends).toHaveLength(1);
  });

  it('starts a new conversation', async () => {
    const firstSession = await lastSessionId();
    await visitor.click('button', 'Start new conversation');
    await visitor.connection('online');
    await visitor.waitFor(
      'a fresh greeting only',
      () => visitor.transcript(),
      (entries) =>
        entries.filter((e) => e.author === 'agent' || e.author === 'user').length === 1 &&
        entries.some((e) => e.text.includes("Hi, I'm Ada")),
    );
    expect((await visitor.findAll('textbox', 'Message'))[0]?.disabled).toBe(false);
    await visitor.say('hello again');
    await visitor.message('agent', 1, 'You said: "hello again"');
    expect(await lastSessionId()).not.toBe(firstSession);
  });

  it('hands off to a live agent through the queue', async () => {
    await page.evaluate(() => window.__engines.watch({ queue: '[data-queue]', typing: '[data-typing]' }));
    await visitor.say('I want to talk to a human');
    await visitor.message('agent', 2, 'Let me connect you with a human colleague');
    await visitor.message('live-agent', 0, 'Hi, this is Sam from support.');
    await visitor.waitFor(
      'the handoff notices',
      () => visitor.transcript(),
      (entries) => ['handoff-started', 'live-agent-joined'].every((notice) => entries.some((e) => e.notice === notice)),
    );
    const seen = await page.evaluate(() => window.__engines.seen);
    // The queue showed while waiting. Its steps last milliseconds with the e2e pacing, and an engine
    // may paint two of them in one frame, so at least one position is required, not each.
    expect(seen['queue']?.some((value) => /^Position in queue: [1-3]Wait: /.test(value))).toBe(true);
    expect(seen['queue']?.at(-1)).toBe('');

    await control('emit', {
      sessionId: await lastSessionId(),
      type: 'EVENT_TYPE_LIVE_AGENT_TYPING',
      payload: { state: 'TYPING_STATE_STARTED', agent_id: 'live-agent-sam' },
      transient: true,
    });
    await visitor.waitFor(
      'Sam typing',
      () => visitor.findAll('status'),
      (statuses) => statuses.some((s) => s.attributes['data-typing'] === 'live-agent' && s.text === 'Sam is typing…'),
    );
    await visitor.say('my order is late');
    await visitor.message('live-agent', 1, 'Sam here: thanks, I\'m looking into "my order is late"');
    await visitor.say('bye');
    await visitor.message('live-agent', 2, 'Glad I could help. Take care!');
    await visitor.connection('ended');
    await visitor.visible('button', 'Start new conversation');
  });

  it('keeps the conversation across a page reload', async () => {
    // The site's token endpoint runs with continuity: the visitor's (HttpOnly) cookie names one
    // token + session, so a reloaded page resumes the session and its replay rebuilds the transcript.
    const options = { connectorToken: undefined, tokenUrl: '/api/webchat-token' };
    await mountWidget(page, options);
    await visitor.click('button', 'Open chat');
    await visitor.message('agent', 0, "Hi, I'm Ada, the demo agent.");
    await visitor.say('before the reload');
    await visitor.message('agent', 1, 'You said: "before the reload"');
    const sessionId = await lastSessionId();
    const messages = (entries: TranscriptEntry[]) =>
      entries.filter((e) => e.author === 'user' || e.author === 'agent').map((e) => `${e.author} ${e.status ?? ''}: ${e.text}`);
    const before = messages(await visitor.transcript());

    await mountWidget(page, options);
    // The panel was open before the reload: it opens again by itself (sessionStorage).
    await visitor.visible('dialog', 'Chat');
    await visitor.message('agent', 1, 'You said: "before the reload"');
    expect(messages(await visitor.transcript())).toEqual(before);
    await visitor.say('after the reload');
    await visitor.message('agent', 2, 'You said: "after the reload"');
    const after = messages(await visitor.transcript());
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(before.length + 2);

    const record = await wireRecord();
    expect(record.sessions.at(-1)?.sessionId).toBe(sessionId);
    expect(record.joins.filter((join) => join.sessionId === sessionId)).toHaveLength(1);
    const ofSession = { ...record, clientEvents: record.clientEvents.filter((e) => e.sessionId === sessionId) };
    expect(userTexts(ofSession)).toEqual(['before the reload', 'after the reload']);
    // One socket per page load, both on the session; nothing kept in the page, so each from seq:0.
    const opened = record.connections.filter((c) => c.sessionId === sessionId && c.outcome === 'open');
    expect(opened.map((c) => c.cursor)).toEqual(['seq:0', 'seq:0']);
  });

  it('sends a file with "Attach a file": its link in the message, and the agent got it', async () => {
    // The same visitor (its conversation bound to the cookie: the site takes files only then), now
    // with the site's upload endpoint (createUploadEndpoint on /api/upload).
    await mountWidget(page, { connectorToken: undefined, tokenUrl: '/api/webchat-token', uploadUrl: '/api/upload' });
    await visitor.visible('dialog', 'Chat');
    await visitor.message('agent', 2, 'You said: "after the reload"');
    await visitor.visible('button', 'Attach a file');
    // What the browser's file chooser does once the visitor picked a file (a native dialog no driver
    // of the three can answer the same way): the button's file input gets it, and says so.
    await page.evaluate(() => {
      const input = window.__engines.root()?.querySelector('input[type="file"]');
      if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
      const chosen = new DataTransfer();
      chosen.items.add(new File(['%PDF-1.4\n% a receipt\n'], 'receipt.pdf', { type: 'application/pdf' }));
      input.files = chosen.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await visitor.visible('button', 'Remove receipt.pdf');
    await visitor.say('my receipt');
    await visitor.waitFor(
      'the message with the file to be sent',
      () => visitor.transcript(),
      (entries) => entries.some((e) => e.author === 'user' && e.text.includes('my receipt') && e.status === 'sent'),
    );
    const link = await visitor.visible('link', 'receipt.pdf');
    const href = link.attributes['href'] ?? '';
    expect(href).toMatch(new RegExp(`^${SITE_URL.replace(/\./g, '\\.')}/api/upload/files/[\\w-]+/receipt\\.pdf$`));
    expect(link.attributes['target']).toBe('_blank');
    // The demo agent followed the link as the platform's agent would.
    await visitor.message('agent', 3, 'I got receipt.pdf, 21 bytes, a PDF.');
    expect(userTexts(await wireRecord()).at(-1)).toBe(`my receipt\n[receipt.pdf](${href})`);
  });

  it('asks for a phone call with the "Call me" form', async () => {
    // The same visitor (its conversation bound to the cookie), now with the site's callback endpoint.
    await mountWidget(page, { connectorToken: undefined, tokenUrl: '/api/webchat-token', callbackUrl: '/api/callback' });
    await visitor.visible('dialog', 'Chat');
    // The replay in place (the header shows the agent's name): nothing moves under the pointer.
    await visitor.message('agent', 2, 'You said: "after the reload"');
    await visitor.click('button', 'Call me');
    const country = await visitor.visible('combobox', 'Country');
    expect(country.value).toBe('US');
    await visitor.waitFor(
      'the phone number field to take focus',
      () => visitor.findAll('textbox', 'Phone number'),
      (all) => all[0]?.focused === true,
    );
    await visitor.page.typeText('2025550100');
    const number = await visitor.visible('textbox', 'Phone number');
    expect(number.value).toBe('202 555 0100');
    expect(number.attributes['type']).toBe('tel');
    await visitor.page.pressKey('Enter');
    await visitor.absent('textbox', 'Phone number');
    await visitor.waitFor(
      'the call to be requested',
      () => visitor.findAll('status'),
      (statuses) => statuses.some((s) => /requested|calling|connected/.test(s.attributes['data-callback'] ?? '')),
    );
  });

  it('shows this conversation and its turns in the platform console', async () => {
    const sessionId = await lastSessionId();
    await page.goto(`${PLATFORM_URL}/console/#/conversations?channel=WEBCHAT&range=1h`);
    // The list (polled every 2 s) names each conversation by a link: follow the one of this visitor.
    const href = await visitor.waitFor(
      'the conversation to be listed',
      () =>
        page.evaluate(
          (id) => [...document.querySelectorAll('table a')].find((link) => link.textContent === id)?.getAttribute('href') ?? '',
          sessionId,
        ),
      (found) => found !== '',
    );
    await page.evaluate((hash) => {
      location.hash = hash;
    }, href);
    const turns = await visitor.waitFor(
      'its turns to show',
      () => page.evaluate(() => [...document.querySelectorAll('.turns > li')].map((turn) => turn.textContent ?? '')),
      (texts) => texts.length >= 2,
    );
    expect(turns[0]).toContain("Hi, I'm Ada");
    expect(await page.evaluate(() => document.querySelector('h1')?.textContent ?? '')).toContain(sessionId);
    // Back on the site's origin, whose tab storage the next step clears.
    await page.goto(`${SITE_URL}/engines.html`);
  });

  it('works on a strict-CSP page with hostile CSS', async () => {
    await control('reset');
    await forgetOpenPanel(page);
    await page.goto(`${SITE_URL}/engines-csp.html`);
    await visitor.click('button', 'Open chat');
    await visitor.visible('dialog', 'Chat');
    await visitor.message('agent', 0, "Hi, I'm Ada");
    await visitor.connection('online');
    await visitor.say('Send an image');
    await visitor.waitFor(
      'the image to load',
      () =>
        page.evaluate(() => {
          const img = window.__engines.root()?.querySelector('img[alt="A sample picture"]');
          return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
        }),
      (loaded) => loaded,
    );
    // Styled by the widget's own stylesheet, untouched by the page's.
    const launcher = await page.evaluate(() => {
      const button = window.__engines.root()?.querySelector('button[aria-expanded]');
      if (!button) return null;
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, position: style.position, radius: style.borderRadius };
    });
    expect(launcher).toEqual({ background: 'rgb(29, 78, 216)', position: 'fixed', radius: '50%' });
    // csp-counter.js (loaded by the page) records every violation.
    expect(await page.evaluate(() => Reflect.get(window, '__cspViolations') ?? null)).toEqual([]);
  });

  it('is dark and right-to-left when asked', async () => {
    await control('reset');
    await forgetOpenPanel(page);
    await mountWidget(page, { theme: { mode: 'dark' }, locale: 'ar' });
    const launcherBox = await visitor.visible('button', 'فتح المحادثة');
    expect(launcherBox).toBeTruthy();
    const launcherX = await page.evaluate(() => window.__engines.centre('button', 'فتح المحادثة')?.x ?? -1);
    const width = await page.evaluate(() => innerWidth);
    expect(launcherX).toBeLessThan(width / 2);
    await visitor.click('button', 'فتح المحادثة');
    await visitor.visible('dialog', 'محادثة');
    await visitor.message('agent', 0, '');
    expect(
      await page.evaluate(() =>
        window.__engines.root()?.querySelector('[role="dialog"]')
          ? getComputedStyle(window.__engines.root()!.querySelector('[role="dialog"]')!).direction
          : '',
      ),
    ).toBe('rtl');
    expect(await luminance(page, '[role="dialog"]', 'backgroundColor')).toBeLessThan(0.05);
    expect(await luminance(page, 'textarea', 'backgroundColor')).toBeLessThan(0.05);
    expect(await luminance(page, 'textarea', 'color')).toBeGreaterThan(0.8);
    await visitor.say('مرحبا', 'رسالة');
    await visitor.message('agent', 1, 'مرحبا');
  });

  it('falls back to Chat REST when WebSockets are blocked', async () => {
    await control('reset');
    await control('refuseUpgrades', { count: 'all' });
    await mountWidget(page, { chatUrl: '/api/chat', title: 'Help', open: true });
    await visitor.visible('dialog', 'Help');
    await visitor.say('hello while blocked');
    await visitor.waitFor(
      'the message to go over REST',
      () => visitor.transcript(),
      (entries) => entries.some((e) => e.author === 'user' && e.text.includes('hello while blocked') && e.status === 'sent'),
      RECONNECT_TIMEOUT,
    );
    await visitor.waitFor(
      'the reply and the basic-connection notice',
      () => visitor.transcript(),
      (entries) =>
        entries.some((e) => e.author === 'agent' && e.text.includes('hello while blocked')) &&
        entries.some((e) => e.author === 'system' && e.text.includes('basic connection')),
    );
    const record = await wireRecord();
    expect(record.connections.every((c) => c.outcome !== 'open')).toBe(true);
    expect(record.http.filter((h) => h.path.endsWith('/chat/respond'))).toHaveLength(1);
  });

  it('offers the voice controls this engine can run, and reads a reply aloud without an error', async () => {
    await control('reset');
    await control('refuseUpgrades', { count: 0 });
    await mountWidget(page, { voice: true, open: true });
    await visitor.message('agent', 0, "Hi, I'm Ada, the demo agent.");
    const offers = await page.evaluate(() => ({
      recognition: 'SpeechRecognition' in window || 'webkitSpeechRecognition' in window,
      synthesis: 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window,
    }));
    const listen = await visitor.waitFor(
      'the Listen button of the greeting',
      () => visitor.findAll('button', 'Listen'),
      (buttons) => buttons.length === (offers.synthesis ? 1 : 0),
    );
    expect((await visitor.findAll('button', 'Dictate')).length).toBe(offers.recognition ? 1 : 0);
    expect((await visitor.findAll('button', 'Voice mode')).length).toBe(offers.recognition && offers.synthesis ? 1 : 0);
    // The microphone is not opened here: that asks the visitor, which a test cannot answer in every engine.
    if (listen[0]) {
      await visitor.click('button', 'Listen');
      // Pressed again while it still reads (an engine without a voice ends at once): it stops.
      if ((await visitor.findAll('button', 'Listen'))[0]?.attributes['aria-pressed'] === 'true') await visitor.click('button', 'Listen');
      await visitor.waitFor(
        'Listen released',
        () => visitor.findAll('button', 'Listen'),
        (buttons) => buttons[0]?.attributes['aria-pressed'] === 'false',
      );
    }
  });

  it('shows an inline widget exactly as the floating one', async () => {
    await control('reset');
    await page.goto(`${SITE_URL}/engines.html`);
    await forgetOpenPanel(page);
    await page.evaluate(
      (messagingUrl, connectorToken) => {
        const api = window.AgentWebchat;
        if (!api || !('init' in api)) throw new Error('bundle not loaded');
        // The page's own look, which must reach neither widget.
        document.body.style.font = '18px "Times New Roman", serif';
        document.body.style.color = 'rgb(120, 0, 0)';
        const box = document.createElement('div');
        box.style.width = '380px';
        box.style.height = '520px';
        document.querySelector('main')?.append(box);
        const options = { messagingUrl, connectorToken, tabs: 'separate' };
        api.init({ ...options, open: true }).send('look');
        api.init({ ...options, container: box }).send('look');
      },
      PLATFORM_URL,
      CONNECTOR_TOKEN,
    );
    const looks = await visitor.waitFor(
      "both widgets' greeting and sent message",
      () =>
        page.evaluate(() => {
          const names = ['color', 'font-family', 'font-size', 'background-color', 'border-radius', 'padding-top', 'min-height'];
          const look = (element: Element | null | undefined) => {
            if (!element) return null;
            const style = getComputedStyle(element);
            return names.map((name) => `${name}: ${style.getPropertyValue(name)}`).join('; ');
          };
          const of = (host: Element | null) => {
            const shadow = host?.shadowRoot;
            const parts = {
              userMessage: look(shadow?.querySelector('[data-author="user"][data-status="sent"]')),
              userBubble: look(shadow?.querySelector('[data-author="user"][data-status="sent"] .message-body')),
              agentBubble: look(shadow?.querySelector('[data-author="agent"]:not([data-streaming]) .message-body')),
              send: look([...(shadow?.querySelectorAll('button') ?? [])].find((button) => button.textContent?.trim() === 'Send')),
              composer: look(shadow?.querySelector('textarea')),
            };
            return Object.values(parts).every(Boolean) ? parts : null;
          };
          return {
            floating: of(document.querySelector('body > [data-agent-webchat]')),
            inline: of(document.querySelector('main [data-agent-webchat]')),
          };
        }),
      (found) => !!found.floating && !!found.inline,
    );
    expect(looks.floating?.userMessage).not.toContain('Times');
    expect(looks.inline).toEqual(looks.floating);
  });

  it('is an <agent-webchat> element: attributes, events, a changed title, removal', async () => {
    await control('reset');
    await page.goto(`${SITE_URL}/engines.html`);
    await forgetOpenPanel(page);
    await page.evaluate(
      (messagingUrl, connectorToken) => {
        const heard: { type: string; author?: string; text?: string }[] = [];
        Object.defineProperty(window, '__elementHeard', { value: heard });
        const element = document.createElement('agent-webchat');
        element.setAttribute('messaging-url', messagingUrl);
        element.setAttribute('connector-token', connectorToken);
        element.setAttribute('chat-title', 'Element chat');
        document.addEventListener('agent-webchat-message', (event) => {
          const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
          if (typeof detail === 'object' && detail !== null) heard.push({ type: event.type, ...detail });
        });
        document.body.append(element);
      },
      PLATFORM_URL,
      CONNECTOR_TOKEN,
    );
    await visitor.click('button', 'Open chat');
    await visitor.visible('dialog', 'Element chat');
    await visitor.message('agent', 0, "Hi, I'm Ada, the demo agent.");
    await visitor.say('hello element');
    await visitor.message('agent', 1, 'You said: "hello element"');
    const heard = await page.evaluate(() => Reflect.get(window, '__elementHeard') as { type: string; author?: string; text?: string }[]);
    expect(heard.some((event) => event.author === 'user' && event.text === 'hello element')).toBe(true);

    await page.evaluate(() => document.querySelector('agent-webchat')?.setAttribute('chat-title', 'Renamed'));
    await visitor.visible('dialog', 'Renamed');
    expect(userTexts(await wireRecord())).toEqual(['hello element']);

    await page.evaluate(() => document.querySelector('agent-webchat')?.remove());
    await visitor.waitFor(
      'the socket to close',
      async () => ((await control('openSocketCount', { sessionId: await lastSessionId() })) as { count: number }).count,
      (count) => count === 0,
    );
  });
});
