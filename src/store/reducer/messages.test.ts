import { describe, expect, it } from 'vitest';
import { createInitialState } from '../state';
import { agentMessage, at, ev, link, suggestion } from '../testing/events';
import { agents, apply } from '../testing/reducer-helpers';

describe('agent messages', () => {
  it('creates agent and live-agent items named after their joins, clears typing, counts', () => {
    const s = apply(
      createInitialState(),
      ev({ type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: 'Ava', agentAvatarUrl: 'https://x/a.png' }, 1),
      ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, 2),
      agentMessage(3, 'm1', 'hi', [suggestion('yes')]),
      ev({ type: 'EVENT_TYPE_LIVE_AGENT_JOINED', agent: { id: 'l1', name: 'Sam' } }, 4),
      ev(
        {
          type: 'EVENT_TYPE_LIVE_AGENT_MESSAGE',
          messageId: 'lm',
          agentId: 'l1',
          text: 'Sam here',
          attachments: [link('doc')],
          suggestions: [],
        },
        5,
      ),
    );
    expect(agents(s)).toEqual([
      {
        kind: 'agent',
        key: 'm1',
        messageId: 'm1',
        text: 'hi',
        attachments: [],
        suggestions: [{ text: 'yes' }],
        streaming: false,
        authorName: 'Ava',
        avatarUrl: 'https://x/a.png',
        sequence: 3,
        timestamp: at(3),
      },
      {
        kind: 'live-agent',
        key: 'lm',
        messageId: 'lm',
        agentId: 'l1',
        text: 'Sam here',
        attachments: [link('doc')],
        suggestions: [],
        streaming: false,
        authorName: 'Sam',
        sequence: 5,
        timestamp: at(5),
      },
    ]);
    expect(s.typing).toBeNull();
    expect(s.suggestions).toEqual([]);
    expect(s.agentMessageCount).toBe(2);
    expect(s.agent).toEqual({ name: 'Ava', avatarUrl: 'https://x/a.png' });
    expect(s.agentJoined).toBe(true);
  });

  it('names a message whose join arrives later', () => {
    let s = apply(createInitialState(), agentMessage(3, 'm1', 'hi'));
    expect(agents(s)[0]?.authorName).toBeUndefined();
    s = apply(s, ev({ type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: 'Ava' }, 2));
    expect(agents(s)[0]?.authorName).toBe('Ava');
  });

  it('sets suggestions from the newest message only', () => {
    let s = apply(createInitialState(), agentMessage(5, 'new', 'n', [suggestion('new')]));
    s = apply(s, agentMessage(3, 'old', 'o', [suggestion('old')]));
    expect(s.suggestions).toEqual([{ text: 'new' }]);
  });
});
