import { describe, expect, it } from 'vitest';
import { parseConversationList, parseConversationTurns, parseTurns } from './site-history';

describe('the site history endpoint’s bodies', () => {
  it('reads the list, leaving out entries that are not what the wire says', () => {
    const list = parseConversationList({
      conversations: [
        { id: 'sess-2', started_at: '2026-11-27T10:00:00Z', ended_at: '2026-11-27T10:05:00Z', channel: 'phone', preview: '' },
        {
          id: 'sess-1',
          started_at: '2026-11-26T09:00:00Z',
          ended_at: '2026-11-26T09:03:00Z',
          channel: 'chat',
          preview: 'Where is my order?',
        },
        { id: 'sess-0', channel: 'fax', preview: 'unknown channel' },
        { id: 7, channel: 'chat' },
        'not an entry',
      ],
    });
    expect(list).toEqual([
      { id: 'sess-2', startedAt: '2026-11-27T10:00:00Z', endedAt: '2026-11-27T10:05:00Z', channel: 'phone', preview: '' },
      { id: 'sess-1', startedAt: '2026-11-26T09:00:00Z', endedAt: '2026-11-26T09:03:00Z', channel: 'chat', preview: 'Where is my order?' },
    ]);
  });

  it('refuses a body that is no list', () => {
    expect(parseConversationList({ conversations: 'none' })).toBeUndefined();
    expect(parseConversationList(null)).toBeUndefined();
    expect(parseConversationList([])).toBeUndefined();
  });

  it('reads a conversation’s turns; an unknown author or a text that is no string is left out', () => {
    const conversation = parseConversationTurns({
      id: 'sess-1',
      started_at: '2026-11-26T09:00:00Z',
      channel: 'chat',
      turns: [
        { author: 'visitor', text: '<b>hi</b>', at: '2026-11-26T09:00:01Z' },
        { author: 'agent', text: 'Hello **there**' },
        { author: 'live-agent', text: 'Sam here', at: '2026-11-26T09:01:00Z' },
        { author: 'system', text: 'left out' },
        { author: 'agent', text: { html: '<i>x</i>' } },
      ],
    });
    expect(conversation).toEqual({
      id: 'sess-1',
      startedAt: '2026-11-26T09:00:00Z',
      channel: 'chat',
      turns: [
        { author: 'visitor', text: '<b>hi</b>', at: '2026-11-26T09:00:01Z' },
        { author: 'agent', text: 'Hello **there**', at: '' },
        { author: 'live-agent', text: 'Sam here', at: '2026-11-26T09:01:00Z' },
      ],
    });
    expect(parseConversationTurns({ id: 'sess-1' })).toBeUndefined();
    expect(parseConversationTurns({ turns: [] })).toBeUndefined();
  });

  it('turns absent are unknown (undefined), an empty list is known to be empty', () => {
    expect(parseTurns(undefined)).toBeUndefined();
    expect(parseTurns([])).toEqual([]);
  });
});
