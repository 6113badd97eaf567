// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { h } from 'preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptItem } from '../../store/state';
import { registerAllLocales } from '../../testing/locales';
import { agent, fakeClient, notice, user } from '../test-helpers';
import { Webchat } from '../Webchat';
import { BURST_GAP_MS, messageTime, startsBurst } from './itemAttributes';

beforeAll(registerAllLocales);
afterEach(cleanup);

const at = (iso: string) => ({ timestamp: iso });

describe('message times', () => {
  it('a burst starts with the first message, another author, a notice, or a pause of more than five minutes', () => {
    const first = { kind: 'user', ...at('2024-05-01T10:00:00.000Z') };
    const soon = { kind: 'user', ...at('2024-05-01T10:04:59.000Z') };
    const late = { kind: 'user', timestamp: new Date(Date.parse(soon.timestamp) + BURST_GAP_MS + 1).toISOString() };
    expect(startsBurst(first, undefined)).toBe(true);
    expect(startsBurst(soon, first)).toBe(false);
    expect(startsBurst(late, soon)).toBe(true);
    expect(startsBurst({ kind: 'agent', ...at(soon.timestamp) }, first)).toBe(true);
    expect(
      startsBurst({ kind: 'live-agent', authorName: 'Sam', ...at(soon.timestamp) }, { ...first, kind: 'live-agent', authorName: 'Kim' }),
    ).toBe(true);
    expect(startsBurst(soon, { ...first, kind: 'system' })).toBe(true);
  });

  it("in the widget's language and the visitor's time zone, short", () => {
    const date = new Date('2024-05-01T09:05:00');
    expect(messageTime(date.toISOString(), 'fr')).toBe(new Intl.DateTimeFormat('fr', { timeStyle: 'short' }).format(date));
    expect(messageTime(date.toISOString(), 'en')).toBe(new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(date));
    expect(messageTime('not a date', 'fr')).toBeUndefined();
  });

  it('every message carries its <time datetime>, read with it; the time shows once per burst', () => {
    const items: TranscriptItem[] = [
      agent('a1', 'Hello', { timestamp: '2024-05-01T10:00:00.000Z' }),
      agent('a2', 'How can I help?', { timestamp: '2024-05-01T10:00:01.000Z' }),
      { ...user('u1', 'Delivery?'), timestamp: '2024-05-01T10:01:00.000Z' },
      { ...user('u2', 'To Lyon'), timestamp: '2024-05-01T10:20:00.000Z' },
      notice('n1', { code: 'new-conversation' }),
      agent('a3', 'Welcome back', { timestamp: '2024-05-01T10:21:00.000Z' }),
    ];
    const { container } = render(h(Webchat, { client: fakeClient({ items }), inline: true }));
    const messages = [...container.querySelectorAll('[role=log] [data-author]:not([data-author="system"])')];
    const times = messages.map((message) => message.querySelector('time'));
    expect(times.map((time) => time?.getAttribute('datetime'))).toEqual(
      items.filter((item) => item.kind !== 'system').map((item) => item.timestamp),
    );
    // Shown: the first agent message, the visitor's first, the visitor's after twenty minutes, the agent's after a notice.
    expect(times.map((time) => time?.className === 'message-time')).toEqual([true, false, true, true, true]);
    // The others are there for a screen reader, read after the message's text.
    expect(times[1]?.className).toBe('visually-hidden');
    expect(messages[1]?.textContent).toMatch(/How can I help\?.*\d/);
  });
});
