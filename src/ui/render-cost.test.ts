// Rendering under load: store changes are coalesced into one render per frame, and a render
// only re-renders the items that changed (linkify counts the item renders: user text and every
// run of agent Markdown text go through it; parseBlocks counts the agent items rendered).

import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { h } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptItem } from '../store/state';
import { linkify } from './linkify';
import { parseBlocks } from './markdown/blocks';
import { agent, fakeClient, user } from './test-helpers';
import { Webchat } from './Webchat';

vi.mock('./linkify', async (original) => {
  const actual = await original<typeof import('./linkify')>();
  return { ...actual, linkify: vi.fn(actual.linkify) };
});
vi.mock('./markdown/blocks', async (original) => {
  const actual = await original<typeof import('./markdown/blocks')>();
  return { ...actual, parseBlocks: vi.fn(actual.parseBlocks) };
});
const linkified = vi.mocked(linkify);
const parsedMarkdown = vi.mocked(parseBlocks);

const frame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
/** The older items of a long transcript render in later tasks, one slice per task. */
const olderItemsRendered = async () => {
  for (let slice = 0; slice < 10; slice++) await act(() => new Promise<void>((resolve) => setTimeout(resolve)));
};

beforeEach(() => {
  linkified.mockClear();
  parsedMarkdown.mockClear();
});
afterEach(cleanup);

const history = (n: number): TranscriptItem[] =>
  Array.from({ length: n }, (_, i) => (i % 2 ? agent(`a${i}`, `answer ${i}`) : user(`u${i}`, `question ${i}`)));

describe('rendering under load', () => {
  it('many store changes in one frame render once, with the latest state', async () => {
    const items = history(10);
    const client = fakeClient({ items });
    const { container } = render(h(Webchat, { client, inline: true }));
    linkified.mockClear();
    parsedMarkdown.mockClear();
    const log = screen.getByRole('log');
    let text = '';
    act(() => {
      for (let i = 0; i < 200; i++) {
        text += 'word ';
        client.store.setState({ items: [...items, agent('s', text, { streaming: true })] });
      }
    });
    expect(log.querySelectorAll('[data-author]')).toHaveLength(10); // not yet: the next frame
    await frame();
    expect(log.querySelectorAll('[data-author]')).toHaveLength(11);
    expect(container.querySelector('[data-streaming] [data-part=body] [data-md=root] p')!.textContent).toBe(text.trimEnd());
    expect(linkified).toHaveBeenCalledTimes(1); // one render of the one new item
    expect(parsedMarkdown).toHaveBeenCalledTimes(1);
  });

  it('a streamed chunk re-renders the growing item only, not the history', async () => {
    const items = history(300);
    const client = fakeClient({ items: [...items, agent('s', 'Hel', { streaming: true })] });
    render(h(Webchat, { client, inline: true }));
    await olderItemsRendered();
    expect(linkified).toHaveBeenCalledTimes(301);
    expect(parsedMarkdown).toHaveBeenCalledTimes(151);
    linkified.mockClear();
    parsedMarkdown.mockClear();
    act(() => client.store.setState({ items: [...items, agent('s', 'Hello', { streaming: true })] }));
    await frame();
    expect(linkified).toHaveBeenCalledTimes(1);
    expect(linkified).toHaveBeenLastCalledWith('Hello');
    expect(parsedMarkdown).toHaveBeenCalledTimes(1);
    // A status change elsewhere re-renders no item at all.
    act(() => client.store.setState({ status: 'reconnecting' }));
    await frame();
    expect(linkified).toHaveBeenCalledTimes(1);
    expect(parsedMarkdown).toHaveBeenCalledTimes(1);
  });

  it('typing in the composer re-renders no item', () => {
    const client = fakeClient({ items: history(50) });
    render(h(Webchat, { client, inline: true }));
    linkified.mockClear();
    parsedMarkdown.mockClear();
    const box = screen.getByRole('textbox', { name: 'Message' });
    for (const v of ['h', 'he', 'hel', 'hell', 'hello']) fireEvent.input(box, { target: { value: v } });
    expect((box as HTMLTextAreaElement).value).toBe('hello');
    expect(linkified).not.toHaveBeenCalled();
    expect(parsedMarkdown).not.toHaveBeenCalled();
  });

  it('old items of a long transcript may skip layout; the last hundred never do', async () => {
    const client = fakeClient({ items: history(250) });
    const { container } = render(h(Webchat, { client, inline: true }));
    await olderItemsRendered();
    const all = () => [...container.querySelectorAll('[role=log] [data-author]')];
    expect(all().filter((e) => e.classList.contains('old-item'))).toHaveLength(150);
    expect(
      all()
        .slice(-100)
        .some((e) => e.classList.contains('old-item')),
    ).toBe(false);
    act(() => client.store.setState({ items: history(252) }));
    await frame();
    expect(all().filter((e) => e.classList.contains('old-item'))).toHaveLength(152);
  });

  it('a long transcript arriving at once renders its latest items first, the older ones after, in order', async () => {
    const client = fakeClient({ items: history(2) });
    const { container } = render(h(Webchat, { client, inline: true }));
    // Each message's text (its time aside).
    const keys = () => [...container.querySelectorAll('[role=log] [data-author] [data-part="body"]')].map((e) => e.textContent);
    act(() => client.store.setState({ items: history(2500) }));
    await frame();
    // This frame: the last thirty, more than the bottom of the log shows on a tall phone.
    expect(keys()).toHaveLength(30);
    expect(keys().at(-1)).toContain('answer 2499');
    expect(keys()[0]).toContain('question 2470');
    await olderItemsRendered();
    const all = keys();
    expect(all).toHaveLength(2500);
    expect(all.every((text, index) => text!.endsWith(` ${index}`))).toBe(true);
    // Items arriving a few at a time render at once.
    act(() => client.store.setState({ items: history(2503) }));
    await frame();
    expect(keys()).toHaveLength(2503);
  });
});
