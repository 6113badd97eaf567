import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { h } from 'preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebchatState } from '../store/state';
import { registerAllLocales } from '../testing/locales';
import { afterPaint, agent, type FakeClient, fakeClient, notice, user } from './test-helpers';
import { Webchat, type WebchatProps } from './Webchat';

beforeAll(registerAllLocales);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(state: Partial<WebchatState> = {}, props: Partial<WebchatProps> = {}) {
  const client = fakeClient(state);
  const utils = render(<Webchat client={client} {...props} />);
  return { client, ...utils };
}
/** The next animation frame (the widget renders store changes at most once per frame). */
const frame = () =>
  vi.isFakeTimers()
    ? act(() => void vi.advanceTimersByTime(100))
    : act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
const update = async (client: FakeClient, patch: Partial<WebchatState>) => {
  act(() => client.store.setState(patch));
  await frame();
};
const launcher = () => screen.getByRole('button', { name: 'Open chat' });
const dialog = () => screen.getByRole('dialog');
const textbox = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const sendBtn = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const conn = (c: Element) => c.querySelector('[data-connection]') as HTMLElement;

describe('launcher and panel', () => {
  it('opens and closes, reflects aria-expanded, connects on first open only (after the panel is painted)', async () => {
    const onOpenChange = vi.fn();
    const { client } = setup({}, { onOpenChange });
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull(); // hidden
    expect(client.connect).not.toHaveBeenCalled();

    fireEvent.click(launcher());
    expect(launcher().getAttribute('aria-expanded')).toBe('true');
    expect(dialog().getAttribute('aria-modal')).toBeNull();
    expect(client.connect).not.toHaveBeenCalled();
    await afterPaint();
    expect(client.connect).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenLastCalledWith(true);

    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    fireEvent.click(launcher());
    await afterPaint();
    expect(client.connect).toHaveBeenCalledTimes(1);
  });

  it('names the dialog by its title', () => {
    setup({}, { initiallyOpen: true, title: 'Help desk' });
    expect(screen.getByRole('dialog', { name: 'Help desk' })).toBeTruthy();
  });

  it('connects at once when initially open', async () => {
    const { client } = setup({}, { initiallyOpen: true });
    await afterPaint();
    expect(client.connect).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeTruthy();
  });

  it('moves focus into the composer on open and back to the launcher on close; Escape closes', () => {
    setup();
    launcher().focus();
    fireEvent.click(launcher());
    expect(document.activeElement).toBe(textbox());
    fireEvent.keyDown(textbox(), { key: 'Escape', isComposing: true }); // cancels an IME composition only
    expect(dialog()).toBeTruthy();
    fireEvent.keyDown(textbox(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(launcher());
  });

  it('can be driven from outside (controlled open)', async () => {
    const client = fakeClient();
    const onOpenChange = vi.fn();
    const { rerender } = render(<Webchat client={client} open={false} onOpenChange={onOpenChange} />);
    fireEvent.click(launcher());
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('dialog')).toBeNull(); // the owner decides
    rerender(<Webchat client={client} open={true} onOpenChange={onOpenChange} />);
    expect(dialog()).toBeTruthy();
    await afterPaint();
    expect(client.connect).toHaveBeenCalledTimes(1);
  });

  it('shows the unread count while closed: a badge and the launcher’s name; opening reads it', async () => {
    const { client, container } = setup();
    const badge = () => container.querySelector('[data-unread]');
    const launcherButton = () => container.querySelector('button.launcher') as HTMLButtonElement;
    expect(badge()).toBeNull();
    await update(client, { unread: 2 });
    expect(badge()?.textContent).toBe('2');
    expect(badge()?.getAttribute('data-unread')).toBe('2');
    expect(launcherButton().getAttribute('aria-label')).toBe('Open chat, 2 unread');
    await update(client, { unread: 12 });
    expect(badge()?.textContent).toBe('9+');
    expect(badge()?.getAttribute('data-unread')).toBe('12');
    expect(client.markRead).not.toHaveBeenCalled();
    fireEvent.click(launcherButton());
    await frame();
    expect(badge()).toBeNull();
    expect(client.markRead).toHaveBeenCalled();
    expect(launcherButton().getAttribute('aria-label')).toBe('Open chat');
  });

  it('reads out only the first unread message while closed', async () => {
    const { client, container } = setup({ items: [] });
    const region = () => container.querySelector('[data-part="announcements"]')?.textContent;
    await update(client, { items: [agent('a1', 'First')], unread: 1 });
    expect(region()).toBe('Agent: First');
    await update(client, { items: [agent('a1', 'First'), agent('a2', 'Second')], unread: 2 });
    expect(region()).toBe('Agent: First');
  });

  it('inline mode has no launcher and no close button, and is open', async () => {
    const { client } = setup({}, { inline: true });
    expect(screen.queryByRole('button', { name: 'Open chat' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close chat' })).toBeNull();
    expect(dialog()).toBeTruthy();
    await afterPaint();
    expect(client.connect).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(textbox(), { key: 'Escape' });
    expect(dialog()).toBeTruthy();
  });
});

describe('header', () => {
  it('shows the agent once joined, and the live agent while handed off', async () => {
    const { client, container } = setup({}, { inline: true });
    expect(container.querySelector('[data-agent-name]')).toBeNull();
    await update(client, { agent: { name: 'Ada', avatarUrl: 'https://cdn.test/a.png' }, agentJoined: true });
    expect(container.querySelector('[data-agent-name]')?.textContent).toBe('Ada');
    expect(container.querySelector('.header img')?.getAttribute('src')).toBe('https://cdn.test/a.png');
    await update(client, { handoff: { stage: 'live-agent-joined' }, liveAgent: { id: 'l1', name: 'Sam' } });
    expect(container.querySelector('[data-agent-name]')?.textContent).toBe('Sam');
  });

  it('End chat asks for confirmation inline, then ends the session', () => {
    const { client } = setup({ agentJoined: true }, { inline: true });
    fireEvent.click(screen.getByRole('button', { name: 'End chat' }));
    const group = screen.getByRole('group');
    expect(group.textContent).toContain('End this chat?');
    fireEvent.click(within(group).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(client.endSession).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'End chat' }));
    fireEvent.click(screen.getByRole('button', { name: 'End', exact: true }));
    expect(client.endSession).toHaveBeenCalledTimes(1);
  });
});

describe('transcript', () => {
  it('renders authors, statuses and a Retry on failed messages', () => {
    const { client } = setup(
      {
        items: [
          user('u1', 'hello', 'sent'),
          agent('a1', 'Hi there'),
          user('u2', 'pending', 'sending'),
          user('u3', 'broken', 'failed'),
          notice('n1', { code: 'handoff-started' }),
        ],
      },
      { inline: true },
    );
    const log = screen.getByRole('log');
    const items = [...log.querySelectorAll('[data-author]')];
    expect(items.map((e) => e.getAttribute('data-author'))).toEqual(['user', 'agent', 'user', 'user', 'system']);
    expect(items.map((e) => e.getAttribute('data-status'))).toEqual(['sent', null, 'sending', 'failed', null]);
    expect(items[4]!.textContent).toBe('Connecting you to a person…');
    expect(items[0]!.getAttribute('title')).toMatch(/2024/); // timestamp on demand
    const retries = screen.getAllByRole('button', { name: 'Retry' });
    expect(retries).toHaveLength(1);
    fireEvent.click(retries[0]!);
    expect(client.retry).toHaveBeenCalledWith('u3');
  });

  it('grows a streaming item in place', async () => {
    const { client, container } = setup({ items: [agent('a1', 'Hel', { streaming: true })] }, { inline: true });
    const el = container.querySelector('[data-author=agent]')!;
    expect(el.hasAttribute('data-streaming')).toBe(true);
    await update(client, { items: [agent('a1', 'Hello world', { streaming: false })] });
    const after = container.querySelector('[data-author=agent]')!;
    expect(after).toBe(el);
    expect(after.textContent).toContain('Hello world');
    expect(after.hasAttribute('data-streaming')).toBe(false);
  });

  it('never renders server text as HTML, auto-links safe URLs only', () => {
    const { container } = setup(
      { items: [agent('a1', '<img src=x onerror=alert(1)> see https://ex.test/p and javascript:alert(1) or mailto:a@b.co')] },
      { inline: true },
    );
    const msg = container.querySelector('[data-author=agent]')!;
    expect(msg.querySelector('img')).toBeNull();
    expect(msg.textContent).toContain('<img src=x onerror=alert(1)>');
    const links = [...msg.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://ex.test/p', 'mailto:a@b.co']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('formats agent replies as Markdown; user text and markdown: false stay as written', () => {
    const items = [user('u1', 'my **bold** `x`'), agent('a1', '**Hi** *there*\n\n- one\n- two\n\n```\ncode\n```')];
    const { container } = setup({ items }, { inline: true });
    const reply = container.querySelector('[data-author=agent] [data-part=body]')!;
    expect(reply.querySelector('[data-md=root] strong')!.textContent).toBe('Hi');
    expect([...reply.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(within(reply as HTMLElement).getByRole('button', { name: 'Copy code' })).toBeTruthy();
    expect(reply.textContent).not.toContain('*');
    const mine = container.querySelector('[data-author=user] [data-part=body]')!;
    expect(mine.textContent).toBe('my **bold** `x`');
    expect(mine.querySelector('strong,code')).toBeNull();
    cleanup();
    const plain = setup({ items }, { inline: true, markdown: false }).container;
    const body = plain.querySelector('[data-author=agent] [data-part=body]')!;
    expect(body.textContent).toBe('**Hi** *there*\n\n- one\n- two\n\n```\ncode\n```');
    expect(body.querySelector('[data-md=root],strong,li,button')).toBeNull();
  });

  it('renders attachments: url cards, images, and no link for unsafe URLs', () => {
    const { container } = setup(
      {
        items: [
          agent('a1', 'Look', {
            attachments: [
              {
                kind: 'url',
                title: 'Docs',
                previewImageUrl: 'https://img.test/p.png',
                contentUrl: 'https://docs.test/',
                callToActionText: 'Read',
              },
              { kind: 'image', title: 'A cat', contentUrl: 'https://img.test/cat.jpg' },
              { kind: 'url', title: 'Evil', contentUrl: 'javascript:alert(1)', previewImageUrl: 'javascript:alert(2)' },
            ],
          }),
        ],
      },
      { inline: true },
    );
    const cta = screen.getByRole('link', { name: 'Read' });
    expect(cta.getAttribute('href')).toBe('https://docs.test/');
    expect(cta.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('img', { name: 'A cat' }).getAttribute('src')).toBe('https://img.test/cat.jpg');
    expect(screen.getByText('Evil')).toBeTruthy();
    expect(container.innerHTML).not.toContain('javascript:');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('attributes live-agent messages and renders handoff notices', () => {
    const { container } = setup(
      {
        items: [
          notice('n1', { code: 'handoff-started' }),
          notice('n2', { code: 'live-agent-joined', name: 'Sam' }),
          agent('l1', 'Hi, Sam here', { authorName: 'Sam', kind: 'live-agent' }),
          agent('l2', 'How can I help?', { authorName: 'Sam', kind: 'live-agent' }),
          notice('n3', { code: 'live-agent-left', name: 'Sam' }),
          notice('n4', { code: 'handoff-failed' }),
          notice('n5', { code: 'handoff-timeout' }),
          notice('n6', { code: 'client-handoff', reason: 'POLICY', queueName: 'billing' }),
          notice('n7', { code: 'session-ended', reason: 'REASON_USER_END' }),
        ],
      },
      { inline: true },
    );
    const texts = [...container.querySelectorAll('[data-author=system]')].map((e) => e.textContent);
    expect(texts).toEqual([
      'Connecting you to a person…',
      'Sam joined the chat',
      'Sam left the chat',
      expect.stringMatching(/Couldn't reach a person/),
      expect.stringMatching(/No one is available/),
      expect.stringMatching(/another channel/),
    ]);
    const live = [...container.querySelectorAll('[data-author=live-agent]')];
    expect(live).toHaveLength(2);
    expect(live[0]!.querySelector('.author')?.textContent).toContain('Sam'); // visible name, first of the run
    expect(live[1]!.querySelector('.author')).toBeNull();
  });

  it('shows queue position and wait, updating in place', async () => {
    const { client, container } = setup(
      { handoff: { stage: 'queued', queue: { positionInQueue: 3, estimatedWaitSeconds: 120 } } },
      { inline: true },
    );
    const q = container.querySelector('[data-queue]')!;
    expect(q.textContent).toContain('Position in queue: 3');
    expect(q.textContent).toContain('about 2 min');
    await update(client, { handoff: { stage: 'queued', queue: { positionInQueue: 1, estimatedWaitSeconds: 20 } } });
    expect(container.querySelector('[data-queue]')).toBe(q);
    expect(q.textContent).toContain('Position in queue: 1');
    expect(q.textContent).toContain('under a minute');
    await update(client, { handoff: { stage: 'live-agent-joined', queue: { positionInQueue: 1 } } });
    expect(container.querySelector('[data-queue]')).toBeNull();
  });

  it('offers "New messages" when the user scrolled up', async () => {
    const { client } = setup({ items: [agent('a1', 'one')] }, { inline: true });
    const log = screen.getByRole('log');
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 300 });
    log.scrollTop = 100;
    fireEvent.scroll(log);
    await update(client, { items: [agent('a1', 'one'), agent('a2', 'two')] });
    const btn = screen.getByRole('button', { name: 'New messages' });
    fireEvent.click(btn);
    expect(log.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
    // scrolled up again: a status change is not news; the user's own message scrolls down
    log.scrollTop = 100;
    fireEvent.scroll(log);
    await update(client, { items: [agent('a1', 'one'), agent('a2', 'two'), user('u1', 'mine', 'sending')] });
    expect(log.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
    log.scrollTop = 100;
    fireEvent.scroll(log);
    await update(client, { items: [agent('a1', 'one'), agent('a2', 'two'), user('u1', 'mine', 'sent')] });
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
    expect(log.scrollTop).toBe(100);
  });

  it('announces complete agent messages once in a polite live region', async () => {
    const { client, container } = setup({ items: [agent('old', 'history')] }, { inline: true });
    const region = container.querySelector('[aria-live=polite]')!;
    expect(region.textContent).toBe('');
    await update(client, { items: [agent('old', 'history'), agent('a2', 'Stre', { streaming: true })] });
    expect(region.textContent).toBe('');
    await update(client, { items: [agent('old', 'history'), agent('a2', 'Streamed reply')] });
    expect(region.textContent).toBe('Agent: Streamed reply');
    await update(client, { status: 'reconnecting' });
    expect(region.textContent).toBe('Reconnecting…');
  });
});

describe('typing indicator', () => {
  it('says who is typing and is absent otherwise', async () => {
    const { client, container } = setup({}, { inline: true });
    expect(container.querySelector('[data-typing]')).toBeNull();
    await update(client, { typing: { who: 'agent' } });
    let el = container.querySelector('[data-typing]')!;
    expect(el.getAttribute('role')).toBe('status');
    expect(el.getAttribute('data-typing')).toBe('agent');
    expect(el.textContent).toBe('Agent is typing…');
    await update(client, { typing: { who: 'live-agent', name: 'Sam' } });
    el = container.querySelector('[data-typing]')!;
    expect(el.getAttribute('data-typing')).toBe('live-agent');
    expect(el.textContent).toBe('Sam is typing…');
    await update(client, { typing: null });
    expect(container.querySelector('[data-typing]')).toBeNull();
  });
});

describe('connection state', () => {
  it('is always in the DOM with data-connection, shown only when it matters', async () => {
    vi.useFakeTimers();
    const { client, container } = setup({ status: 'connecting' }, { inline: true });
    const el = conn(container);
    expect(el.getAttribute('role')).toBe('status');
    expect(el.textContent).toBe('');
    act(() => void vi.advanceTimersByTime(1600));
    expect(el.textContent).toBe('Connecting…');
    await update(client, { status: 'online' });
    expect(conn(container).getAttribute('data-connection')).toBe('online');
    expect(conn(container).textContent).toBe('');
    await update(client, { status: 'reconnecting' });
    expect(conn(container).textContent).toBe('Reconnecting…');
  });

  it('does not flash "Connecting…" for a fast connect', async () => {
    vi.useFakeTimers();
    const { client, container } = setup({ status: 'connecting' }, { inline: true });
    act(() => void vi.advanceTimersByTime(500));
    await update(client, { status: 'online' });
    act(() => void vi.advanceTimersByTime(2000));
    expect(conn(container).textContent).toBe('');
  });

  it('"Connecting…" counts its delay from the opening, not from a preparation long before it', async () => {
    vi.useFakeTimers();
    const { container } = setup({ status: 'connecting' });
    fireEvent.pointerEnter(launcher());
    act(() => void vi.advanceTimersByTime(100)); // the idle time: the panel is built
    expect(container.querySelector('[data-prepared]')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(3000)); // the visitor hesitates
    fireEvent.click(launcher());
    expect(conn(container).textContent).toBe('');
    act(() => void vi.advanceTimersByTime(1000));
    expect(conn(container).textContent).toBe('');
    act(() => void vi.advanceTimersByTime(600));
    expect(conn(container).textContent).toBe('Connecting…');
  });

  it('offline offers Try again → reconnectNow; composer stays usable', async () => {
    const { client, container } = setup({ status: 'offline' }, { inline: true });
    expect(conn(container).getAttribute('data-connection')).toBe('offline');
    expect(conn(container).textContent).toContain('offline');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(client.reconnectNow).toHaveBeenCalledTimes(1);
    expect(textbox().disabled).toBe(false);
    expect(sendBtn().disabled).toBe(false);
    await update(client, { status: 'reconnecting' });
    expect(textbox().disabled).toBe(false);
  });

  it('error shows the reason in plain words; network errors offer Try again', () => {
    const { client, container } = setup({ status: 'error', error: { code: 'network', message: 'x' } }, { inline: true });
    expect(conn(container).getAttribute('data-connection')).toBe('error');
    expect(conn(container).textContent).toContain("Can't reach the chat service.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(client.reconnectNow).toHaveBeenCalled();
  });

  it('a lost session offers Start new conversation and keeps the composer usable', () => {
    const { client, container } = setup(
      { status: 'error', error: { code: 'session-lost', message: 'lost' }, items: [notice('n', { code: 'session-lost' })] },
      { inline: true },
    );
    expect(conn(container).textContent).toContain('The conversation was interrupted.');
    expect(container.querySelector('[data-notice=session-lost]')?.textContent).toMatch(/Connection lost/);
    expect(textbox().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Start new conversation' }));
    expect(client.newConversation).toHaveBeenCalledTimes(1);
    fireEvent.input(textbox(), { target: { value: 'again' } });
    fireEvent.click(sendBtn());
    expect(client.send).toHaveBeenCalledWith('again');
  });

  it('a configuration error shows no action', () => {
    const { container } = setup({ status: 'error', error: { code: 'config', message: 'x' } }, { inline: true });
    expect(conn(container).querySelector('button')).toBeNull();
    expect(conn(container).textContent).toContain('unavailable');
  });
});

describe('session end', () => {
  it.each([
    ['REASON_USER_END', 'You ended the chat.'],
    ['REASON_NATURAL_END', 'The chat has ended.'],
    ['REASON_USER_ABANDONED', 'The chat was closed due to inactivity.'],
    ['REASON_SOMETHING_NEW', 'The chat has ended.'],
  ])('%s: disables the composer, tells why, offers a new conversation', async (reason, text) => {
    const { client, container } = setup(
      { status: 'ended', ended: { reason }, suggestions: [{ text: 'Yes' }], agentJoined: true, items: [user('u1', 'lost', 'failed')] },
      { inline: true },
    );
    expect(textbox().disabled).toBe(true);
    expect(sendBtn().disabled).toBe(true);
    expect(container.querySelector('[data-reason]')?.textContent).toContain(text);
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End chat' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull(); // nothing to retry into
    expect(screen.getAllByRole('button', { name: 'Start new conversation' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Start new conversation' }));
    expect(client.newConversation).toHaveBeenCalledTimes(1);
    await update(client, { status: 'connecting', ended: undefined });
    expect(textbox().disabled).toBe(false);
  });
});

describe('suggestions', () => {
  it('one button per suggestion; click sends its text', () => {
    const { client } = setup({ suggestions: [{ text: 'Track my order' }, { text: 'Talk to a person' }] }, { inline: true });
    fireEvent.click(screen.getByRole('button', { name: 'Talk to a person' }));
    expect(client.send).toHaveBeenCalledWith('Talk to a person');
    expect(screen.getByRole('button', { name: 'Track my order' })).toBeTruthy();
  });
});

describe('composer', () => {
  let client: FakeClient;
  beforeEach(() => {
    client = setup(
      { capabilities: { streaming: true, maxMessageSizeBytes: 20, maxReconnectAttempts: 5, heartbeatIntervalSeconds: 30 } },
      { inline: true },
    ).client;
  });
  const type = (v: string) => fireEvent.input(textbox(), { target: { value: v } });

  it('Enter sends trimmed text and clears; typing state follows', () => {
    type('  hello  ');
    expect(client.setTyping).toHaveBeenLastCalledWith(true);
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(client.send).toHaveBeenCalledWith('hello');
    expect(client.setTyping).toHaveBeenLastCalledWith(false);
    expect(textbox().value).toBe('');
  });

  it('Shift+Enter, composing (IME) and empty text do not send', () => {
    type('line');
    fireEvent.keyDown(textbox(), { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(textbox(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(textbox(), { key: 'Enter', keyCode: 229 });
    expect(client.send).not.toHaveBeenCalled();
    type('   ');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    fireEvent.click(sendBtn());
    expect(client.send).not.toHaveBeenCalled();
  });

  it('Send button sends; blur stops typing', () => {
    type('hi');
    fireEvent.click(sendBtn());
    expect(client.send).toHaveBeenCalledWith('hi');
    fireEvent.blur(textbox());
    expect(client.setTyping).toHaveBeenLastCalledWith(false);
  });

  it('counts UTF-8 bytes: counter near the limit, Send disabled over it', () => {
    type('éééééééé'); // 16 bytes of 20 → no counter at exactly 80%
    expect(screen.queryByText(/\/ 20/)).toBeNull();
    type('ééééééééa'); // 17 bytes
    expect(screen.getByText(/17 \/ 20/)).toBeTruthy();
    expect(sendBtn().disabled).toBe(false);
    type('😀😀😀😀😀a'); // 21 bytes, 11 UTF-16 units
    expect(screen.getByText(/21 \/ 20/).textContent).toContain('Message too long');
    expect(sendBtn().disabled).toBe(true);
    expect(textbox().getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(client.send).not.toHaveBeenCalled();
  });

  it('uses a 16px-friendly textarea with an accessible name', () => {
    expect(textbox().tagName).toBe('TEXTAREA');
  });
});

describe('locale and theme', () => {
  it('Arabic is right-to-left with Arabic strings', () => {
    const { container } = setup({}, { locale: 'ar-EG' });
    const root = container.querySelector('.widget')!;
    expect(root.getAttribute('dir')).toBe('rtl');
    expect(root.getAttribute('lang')).toBe('ar');
    expect(screen.getByRole('button', { name: 'فتح المحادثة' })).toBeTruthy();
  });

  it('French translates the contract names; German too; Dutch (not offered) falls back to English', () => {
    setup({}, { locale: 'fr', inline: true });
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.getByRole('log', { name: 'Conversation' })).toBeTruthy();
    cleanup();
    setup({}, { locale: 'de-DE', inline: true });
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeTruthy();
    cleanup();
    setup({}, { locale: 'nl-NL', inline: true });
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('follows a server language change when no locale is given', async () => {
    const { client } = setup({}, { inline: true });
    expect(sendBtn()).toBeTruthy();
    await update(client, { language: 'fr' });
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeTruthy();
  });

  it('applies the theme: mode attribute, position and custom properties', () => {
    const { container } = setup({}, { theme: { mode: 'dark', accent: '#0a7', radius: 4, position: 'left' } });
    const root = container.querySelector('.widget') as HTMLElement;
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.getAttribute('data-pos')).toBe('left');
    expect(root.style.getPropertyValue('--aw-accent')).toBe('#0a7');
    expect(root.style.getPropertyValue('--aw-radius')).toBe('4px');
    cleanup();
    const r2 = setup({}, { theme: { mode: 'auto' } }).container.querySelector('.widget')!;
    expect(r2.getAttribute('data-theme')).toBe('auto');
  });
});

describe('cost of mounting', () => {
  it('builds only the launcher until it is pointed at, focused or opened; the date formats come with the first item shown', () => {
    // Arabic: no earlier test in this file rendered an item in it (formatters are cached per locale).
    const Original = Intl.DateTimeFormat;
    let formatsMade = 0;
    class CountingDateTimeFormat extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        formatsMade++;
      }
    }
    Object.defineProperty(Intl, 'DateTimeFormat', { value: CountingDateTimeFormat, configurable: true, writable: true });
    try {
      const { container } = setup({ items: [agent('a1', 'history')] }, { locale: 'ar' });
      expect(container.querySelector('[role=dialog]')).toBeNull();
      expect(container.querySelector('[role=log]')).toBeNull();
      expect(container.querySelectorAll('button')).toHaveLength(1);
      expect(formatsMade).toBe(0);
      fireEvent.click(screen.getByRole('button', { name: 'فتح المحادثة' }));
      expect(screen.getByRole('log').textContent).toContain('history');
      // The item's title (date and time) and the message's time.
      expect(formatsMade).toBe(2);
    } finally {
      Object.defineProperty(Intl, 'DateTimeFormat', { value: Original, configurable: true, writable: true });
    }
  });

  it('builds the panel unseen when the pointer reaches the launcher; the click shows that same panel', async () => {
    const { client, container } = setup();
    const panel = () => container.querySelector<HTMLElement>('[role=dialog]');
    fireEvent.pointerEnter(launcher());
    expect(panel()).toBeNull(); // in idle time: a tap's own events come first
    await afterPaint();
    const built = panel();
    expect(built?.hidden).toBe(false);
    expect(built?.hasAttribute('data-prepared')).toBe(true); // laid out, invisible (the stylesheet)
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(document.body);
    await afterPaint();
    expect(client.connect).not.toHaveBeenCalled(); // pointing is not opening

    fireEvent.click(launcher());
    expect(panel()).toBe(built);
    expect(built?.hasAttribute('data-prepared')).toBe(false);
    expect(document.activeElement).toBe(textbox());
    await afterPaint();
    expect(client.connect).toHaveBeenCalledTimes(1);

    // Once opened, a closed panel is hidden as before; pointing again changes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    fireEvent.pointerEnter(launcher());
    await afterPaint();
    expect(built?.hidden).toBe(true);
    expect(built?.hasAttribute('data-prepared')).toBe(false);
  });

  it('builds the panel unseen when the launcher takes focus (a keyboard visitor tabbing to it)', async () => {
    const { client, container } = setup();
    launcher().focus();
    await afterPaint();
    expect(container.querySelector('[role=dialog]')?.hasAttribute('data-prepared')).toBe(true);
    expect(document.activeElement).toBe(launcher());
    expect(client.connect).not.toHaveBeenCalled();
    fireEvent.keyDown(launcher(), { key: 'Enter' });
    fireEvent.click(launcher()); // what Enter on a button does
    expect(document.activeElement).toBe(textbox());
  });

  it('a click before the idle time comes opens as usual; the late preparation then changes nothing', async () => {
    const { container } = setup();
    fireEvent.pointerEnter(launcher());
    fireEvent.click(launcher());
    const panel = dialog();
    expect(document.activeElement).toBe(textbox());
    await afterPaint();
    expect(dialog()).toBe(panel);
    expect(container.querySelector('[data-prepared]')).toBeNull();
  });

  it('a preparation pending when the widget goes away does nothing', async () => {
    const { unmount } = setup();
    fireEvent.pointerEnter(launcher());
    unmount();
    await afterPaint();
    expect(document.querySelector('[role=dialog]')).toBeNull();
  });

  it('keeps the panel mounted once opened: hidden when closed, with its state', () => {
    setup();
    fireEvent.click(launcher());
    fireEvent.input(textbox(), { target: { value: 'half-written' } });
    const panel = dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(panel.isConnected).toBe(true);
    expect(panel.hidden).toBe(true);
    fireEvent.click(launcher());
    expect(dialog()).toBe(panel);
    expect(textbox().value).toBe('half-written');
  });

  it('reads no layout of the log while the panel is hidden', async () => {
    const { client } = setup({ items: [agent('a1', 'one')] }, { initiallyOpen: true });
    const log = screen.getByRole('log');
    let reads = 0;
    Object.defineProperty(log, 'scrollHeight', {
      configurable: true,
      get: () => {
        reads++;
        return 1000;
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    reads = 0;
    await update(client, { items: [agent('a1', 'one'), agent('a2', 'two')] });
    expect(reads).toBe(0);
    fireEvent.click(launcher());
    expect(reads).toBeGreaterThan(0); // catches up on open
    expect(log.scrollTop).toBe(1000);
  });

  it('renders the panel at once when inline or initially open', () => {
    setup({}, { initiallyOpen: true });
    expect(dialog().hidden).toBe(false);
    cleanup();
    setup({}, { inline: true });
    expect(dialog().hidden).toBe(false);
  });
});

describe('focus', () => {
  it('the end confirmation takes focus; Escape or Cancel returns it to "End chat"', () => {
    setup({ agentJoined: true }, { inline: true });
    fireEvent.click(screen.getByRole('button', { name: 'End chat' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'End', exact: true }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'End chat' }));
  });

  it('an end under the composer moves focus to "Start new conversation"; a new conversation back to the composer', async () => {
    const { client } = setup({ agentJoined: true, status: 'online' }, { inline: true });
    textbox().focus();
    await update(client, { status: 'ended', ended: { reason: 'REASON_NATURAL_END' } });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start new conversation' }));
    await update(client, { status: 'connecting', ended: undefined });
    expect(document.activeElement).toBe(textbox());
  });

  it('a clicked suggestion leaves focus in the composer, except after a touch tap', () => {
    const matchMedia = vi.fn(() => ({ matches: true }) as MediaQueryList);
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      setup({ suggestions: [{ text: 'Yes' }, { text: 'No' }] }, { inline: true });
      screen.getByRole('button', { name: 'Yes' }).focus();
      fireEvent.click(screen.getByRole('button', { name: 'Yes' }), { detail: 1 }); // a tap on a touch screen
      expect(document.activeElement).not.toBe(textbox());
      fireEvent.click(screen.getByRole('button', { name: 'No' }), { detail: 0 }); // keyboard
      expect(document.activeElement).toBe(textbox());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('locale codes from outside', () => {
  it('a server LANGUAGE_CHANGED to "constructor" keeps English', async () => {
    const { client } = setup({}, { inline: true });
    await update(client, { language: 'constructor' });
    expect(sendBtn()).toBeTruthy();
    await update(client, { language: '__proto__' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});
