// Builders of parsed server events and realistic conversations, for tests and benches only.

import type { Attachment, ServerEvent, ServerEventBody, ServerEventMeta, Suggestion } from '../../protocol/types';

export function at(sequence: number | null): string {
  return new Date(Date.UTC(2025, 0, 1, 12, 0, sequence ?? 0)).toISOString();
}

/** A server event with envelope fields filled in (id from the sequence unless given). */
export function ev(body: ServerEventBody, sequence: number | null, meta: Partial<ServerEventMeta> = {}): ServerEvent {
  const id = meta.id ?? (sequence === null ? `t-${Math.random().toString(36).slice(2)}` : `e${sequence}`);
  return { sequence, timestamp: at(sequence), ...meta, id, ...body };
}

export const suggestion = (text: string): Suggestion => ({ text });
export const link = (title: string): Attachment => ({ kind: 'url', title, contentUrl: `https://example.com/${title}` });

export function agentMessage(sequence: number, messageId: string, text: string, suggestions: Suggestion[] = []): ServerEvent {
  return ev({ type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE', messageId, text, attachments: [], suggestions }, sequence);
}

export function chunk(
  sequence: number,
  messageId: string,
  chunkIndex: number,
  text: string,
  isComplete = false,
  extra: { attachments?: Attachment[]; suggestions?: Suggestion[] } = {},
): ServerEvent {
  return ev(
    {
      type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
      messageId,
      text,
      attachments: extra.attachments ?? [],
      suggestions: extra.suggestions ?? [],
      chunkIndex,
      isComplete,
    },
    sequence,
  );
}

export function userEcho(sequence: number, clientEventId: string | undefined, text: string, messageId = `um-${sequence}`): ServerEvent {
  return ev({ type: 'EVENT_TYPE_USER_MESSAGE', text, messageId }, sequence, clientEventId === undefined ? {} : { clientEventId });
}

export const STREAMED_TEXT = ['Sure', ', here', ' is', ' what', ' I', ' found', ' about', ' your', ' order', '.'];

/** Greeting, a user question (echo), a reply streamed in 10 chunks, another question and a plain reply. */
export function greetingAndStreamFlow(): { events: ServerEvent[]; localClientEventId: string; localText: string } {
  const events: ServerEvent[] = [
    ev(
      {
        type: 'EVENT_TYPE_SESSION_START',
        capabilities: { streaming: true, maxMessageSizeBytes: 65536, maxReconnectAttempts: 7, heartbeatIntervalSeconds: 20 },
      },
      1,
    ),
    ev({ type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' }, 2),
    ev({ type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: 'Ava', agentAvatarUrl: 'https://example.com/ava.png' }, 3),
    ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, 4),
    agentMessage(5, 'm-greet', 'Hi! How can I help?', [suggestion('Track order'), suggestion('Talk to a human')]),
    userEcho(6, 'c-1', 'Where is my order?'),
    ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, 7),
    ...STREAMED_TEXT.map((text, i) =>
      chunk(8 + i, 'm-stream', i + 1, text, i === STREAMED_TEXT.length - 1, {
        ...(i === 3 ? { attachments: [link('tracking')] } : {}),
        ...(i === 9 ? { suggestions: [suggestion('Thanks'), suggestion('More')] } : {}),
        ...(i === 6 ? { attachments: [link('invoice')] } : {}),
      }),
    ),
    ev({ type: 'EVENT_TYPE_HEARTBEAT' }, 18),
    userEcho(19, 'c-2', 'Thanks!'),
    ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, 20),
    agentMessage(21, 'm-bye', 'You are welcome.', [suggestion('Start over')]),
    ev({ type: 'EVENT_TYPE_LANGUAGE_CHANGED', languageCode: 'en-GB' }, 22),
  ];
  return { events, localClientEventId: 'c-2', localText: 'Thanks!' };
}

/** A handoff: queue, live agent typing (transient), messages, the agent leaves, the session ends. */
export function handoffFlow(): ServerEvent[] {
  return [
    ev(
      {
        type: 'EVENT_TYPE_SESSION_START',
        capabilities: { streaming: false, maxMessageSizeBytes: 131072, maxReconnectAttempts: 5, heartbeatIntervalSeconds: 30 },
      },
      1,
    ),
    ev({ type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: 'Ava' }, 2),
    agentMessage(3, 'm-1', 'Hello!', [suggestion('Human please')]),
    userEcho(4, 'c-1', 'Human please'),
    ev({ type: 'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF' }, 5),
    ev({ type: 'EVENT_TYPE_HANDOFF_ACCEPTED' }, 6),
    ev({ type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS', queueName: 'billing', positionInQueue: 3, estimatedWaitSeconds: 90 }, 7),
    ev({ type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS', queueName: 'billing', positionInQueue: 2, estimatedWaitSeconds: 60 }, 8),
    ev({ type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS', queueName: 'billing', positionInQueue: 1 }, 9),
    ev({ type: 'EVENT_TYPE_SERVICE_AGENT_LEFT' }, 10),
    ev({ type: 'EVENT_TYPE_LIVE_AGENT_JOINED', agent: { id: 'la-7', name: 'Sam', avatarUrl: 'https://example.com/sam.png' } }, 11),
    ev({ type: 'EVENT_TYPE_LIVE_AGENT_TYPING', state: 'TYPING_STATE_STARTED', agentId: 'la-7' }, null, { id: 'typing-1' }),
    ev(
      {
        type: 'EVENT_TYPE_LIVE_AGENT_MESSAGE',
        messageId: 'lm-1',
        agentId: 'la-7',
        text: 'Hi, Sam here.',
        attachments: [],
        suggestions: [],
      },
      12,
    ),
    userEcho(13, 'c-2', 'My invoice is wrong'),
    ev({ type: 'EVENT_TYPE_LIVE_AGENT_TYPING', state: 'TYPING_STATE_STARTED', agentId: 'la-7' }, null, { id: 'typing-2' }),
    ev({ type: 'EVENT_TYPE_LIVE_AGENT_TYPING', state: 'TYPING_STATE_STOPPED', agentId: 'la-7' }, null, { id: 'typing-3' }),
    ev(
      {
        type: 'EVENT_TYPE_LIVE_AGENT_MESSAGE',
        messageId: 'lm-2',
        agentId: 'la-7',
        text: 'Fixed it.',
        attachments: [link('invoice')],
        suggestions: [],
      },
      14,
    ),
    ev({ type: 'EVENT_TYPE_LIVE_AGENT_LEFT' }, 15),
    ev({ type: 'EVENT_TYPE_SYSTEM_MESSAGE', level: 'info', message: 'Conversation closed by agent' }, 16),
    ev({ type: 'EVENT_TYPE_SESSION_END', reason: 'REASON_NATURAL_END' }, 17),
  ];
}

/** A long history (e.g. a replay after reconnect): `turns` × (echo, thinking, reply or 5 chunks). */
export function longHistory(eventCount: number): ServerEvent[] {
  const events: ServerEvent[] = [ev({ type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: 'Ava' }, 1)];
  let seq = 2;
  for (let turn = 0; events.length < eventCount; turn++) {
    events.push(userEcho(seq++, `c-${turn}`, `question ${turn}`));
    events.push(ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, seq++));
    if (turn % 2 === 0) {
      events.push(agentMessage(seq++, `m-${turn}`, `answer ${turn}`, [suggestion('ok')]));
    } else {
      for (let i = 1; i <= 5; i++) events.push(chunk(seq++, `m-${turn}`, i, `part ${i} `, i === 5));
    }
  }
  return events.slice(0, eventCount);
}
