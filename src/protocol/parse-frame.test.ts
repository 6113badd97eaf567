import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITIES } from './capabilities';
import { parseFrame } from './parse-frame';
import type { FrameParseResult, ServerEvent } from './types';

type Wire = Record<string, unknown>;
const envelope = (type: string, payload?: unknown, extra: Wire = {}): Wire => ({
  id: 'ev-1',
  sequence: 7,
  timestamp: '2025-01-01T00:00:00Z',
  type,
  ...(payload === undefined ? {} : { payload }),
  ...extra,
});
const frame = (value: unknown) => parseFrame(JSON.stringify(value));

function single(result: FrameParseResult): ServerEvent | undefined {
  expect(result.ok).toBe(true);
  return result.ok ? result.events[0] : undefined;
}
/** The parsed event minus the envelope fields, for payload-focused assertions. */
function bodyOf(type: string, payload?: unknown): Wire | undefined {
  const event = single(frame(envelope(type, payload)));
  if (!event) return undefined;
  const { id: _id, sequence: _seq, timestamp: _ts, ...rest } = event;
  return rest;
}

const attachment = (over: Wire = {}) => ({
  title: 'Order',
  preview_image_url: 'https://x/p.png',
  content_url: 'https://x/o',
  content_type: 'ATTACHMENT_CONTENT_TYPE_URL',
  call_to_action_text: 'Open',
  ...over,
});

describe('parseFrame: envelope', () => {
  it('parses the envelope fields', () => {
    expect(single(frame(envelope('EVENT_TYPE_HEARTBEAT', {})))).toEqual({
      id: 'ev-1',
      sequence: 7,
      timestamp: '2025-01-01T00:00:00Z',
      type: 'EVENT_TYPE_HEARTBEAT',
    });
  });

  it('defaults a missing sequence to null, timestamp to "" and payload to {}', () => {
    expect(frame({ id: 'x', type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' })).toEqual({
      ok: true,
      isBatch: false,
      skipped: 0,
      events: [{ id: 'x', sequence: null, timestamp: '', type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }],
    });
    expect(single(frame(envelope('EVENT_TYPE_HEARTBEAT', null, { sequence: null, timestamp: 12 })))).toMatchObject({
      sequence: null,
      timestamp: '',
    });
  });

  it('extracts client_event_id from metadata.custom', () => {
    const event = single(
      frame(envelope('EVENT_TYPE_USER_MESSAGE', { text: 'hi' }, { metadata: { custom: { client_event_id: 'c-1', page: '/x' } } })),
    );
    expect(event).toMatchObject({ clientEventId: 'c-1' });
    const numeric = single(frame(envelope('EVENT_TYPE_USER_MESSAGE', { text: 'hi' }, { metadata: { custom: { client_event_id: 5 } } })));
    expect(numeric).toMatchObject({ text: 'hi' });
    expect(numeric && 'clientEventId' in numeric).toBe(false);
    for (const metadata of [null, 'x', { custom: [] }, { custom: 'y' }, {}]) {
      const event = single(frame(envelope('EVENT_TYPE_HEARTBEAT', {}, { metadata })));
      expect(event && ('custom' in event || 'clientEventId' in event)).toBe(false);
    }
  });

  it("server events parse the same with metadata (a reply echoing the question's custom, an empty custom) or without", () => {
    const reply = { message_id: 'm1', text: 'Hello' };
    const bare = single(frame(envelope('EVENT_TYPE_SERVICE_AGENT_MESSAGE', reply)));
    expect(bare).toMatchObject({ type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE', messageId: 'm1', text: 'Hello' });
    const empty = single(frame(envelope('EVENT_TYPE_SERVICE_AGENT_MESSAGE', reply, { metadata: { custom: {} } })));
    expect(empty).toEqual(bare);
    const echoing = single(
      frame(envelope('EVENT_TYPE_SERVICE_AGENT_MESSAGE', reply, { metadata: { custom: { client_event_id: 'q-1', page: '/x' } } })),
    );
    expect(echoing).toEqual({ ...bare, clientEventId: 'q-1' });
    const thinking = single(frame(envelope('EVENT_TYPE_SERVICE_AGENT_THINKING', {}, { metadata: { custom: { client_event_id: 'q-1' } } })));
    expect(thinking).toMatchObject({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' });
  });

  it('rejects frames that are not JSON or not envelopes', () => {
    expect(parseFrame('{not json')).toEqual({ ok: false, error: expect.any(String) });
    expect(parseFrame('')).toMatchObject({ ok: false });
    for (const value of [null, 42, 'str', [], [envelope('EVENT_TYPE_HEARTBEAT')], { id: 'x' }, { type: 5 }]) {
      expect(frame(value)).toMatchObject({ ok: false });
    }
  });

  it('skips envelopes with a bad id, sequence or payload', () => {
    for (const extra of [
      { id: 5 },
      { id: '' },
      { id: undefined },
      { sequence: '7' },
      { sequence: 1.5 },
      { sequence: -1 },
      { payload: 'x' },
      { payload: [1] },
    ]) {
      expect(frame({ ...envelope('EVENT_TYPE_HEARTBEAT', {}), ...extra })).toEqual({ ok: true, events: [], isBatch: false, skipped: 1 });
    }
  });

  it('ignores unknown types (skipped, never an error)', () => {
    expect(frame(envelope('EVENT_TYPE_FROM_THE_FUTURE', { x: 1 }))).toEqual({ ok: true, events: [], isBatch: false, skipped: 1 });
    expect(frame(envelope('constructor', {}))).toEqual({ ok: true, events: [], isBatch: false, skipped: 1 });
  });
});

describe('parseFrame: batches', () => {
  it('flattens EVENT_BATCH into its events', () => {
    const result = frame({
      id: 'b',
      sequence: null,
      type: 'EVENT_TYPE_EVENT_BATCH',
      payload: {
        events: [
          envelope('EVENT_TYPE_SERVICE_AGENT_THINKING', {}, { id: 'a', sequence: 1 }),
          envelope('EVENT_TYPE_HEARTBEAT', {}, { id: 'b', sequence: 2 }),
        ],
      },
    });
    expect(result).toMatchObject({ ok: true, isBatch: true, skipped: 0 });
    expect(result.ok && result.events.map((e) => [e.id, e.type])).toEqual([
      ['a', 'EVENT_TYPE_SERVICE_AGENT_THINKING'],
      ['b', 'EVENT_TYPE_HEARTBEAT'],
    ]);
  });

  it('skips and counts invalid, unknown and nested-batch elements', () => {
    const result = frame({
      type: 'EVENT_TYPE_EVENT_BATCH',
      payload: {
        events: [
          null,
          'x',
          { type: 'EVENT_TYPE_HEARTBEAT' },
          envelope('EVENT_TYPE_UNKNOWN', {}),
          envelope('EVENT_TYPE_SERVICE_AGENT_MESSAGE', { text: 5 }),
          envelope('EVENT_TYPE_EVENT_BATCH', { events: [envelope('EVENT_TYPE_HEARTBEAT', {})] }),
          envelope('EVENT_TYPE_HEARTBEAT', {}, { id: 'ok' }),
        ],
      },
    });
    expect(result).toMatchObject({ ok: true, isBatch: true, skipped: 6 });
    expect(result.ok && result.events.map((e) => e.id)).toEqual(['ok']);
  });

  it('an empty or malformed batch is an empty batch', () => {
    expect(frame({ type: 'EVENT_TYPE_EVENT_BATCH', payload: { events: [] } })).toEqual({ ok: true, events: [], isBatch: true, skipped: 0 });
    expect(frame({ type: 'EVENT_TYPE_EVENT_BATCH' })).toEqual({ ok: true, events: [], isBatch: true, skipped: 0 });
    expect(frame({ type: 'EVENT_TYPE_EVENT_BATCH', payload: { events: {} } })).toEqual({ ok: true, events: [], isBatch: true, skipped: 1 });
  });
});

describe('parseFrame: payloads of every server event', () => {
  it('SESSION_START capabilities, with a default per missing or invalid field', () => {
    expect(
      bodyOf('EVENT_TYPE_SESSION_START', {
        capabilities: { streaming: true, max_message_size_bytes: 1000, max_reconnect_attempts: 3, heartbeat_interval_seconds: 15 },
      }),
    ).toEqual({
      type: 'EVENT_TYPE_SESSION_START',
      capabilities: { streaming: true, maxMessageSizeBytes: 1000, maxReconnectAttempts: 3, heartbeatIntervalSeconds: 15 },
    });
    expect(DEFAULT_CAPABILITIES).toEqual({
      streaming: false,
      maxMessageSizeBytes: 131072,
      maxReconnectAttempts: 5,
      heartbeatIntervalSeconds: 30,
    });
    expect(bodyOf('EVENT_TYPE_SESSION_START', {})).toEqual({ type: 'EVENT_TYPE_SESSION_START', capabilities: DEFAULT_CAPABILITIES });
    expect(
      bodyOf('EVENT_TYPE_SESSION_START', {
        capabilities: { streaming: 'yes', max_message_size_bytes: -1, max_reconnect_attempts: 2.5, heartbeat_interval_seconds: 0 },
      }),
    ).toEqual({
      type: 'EVENT_TYPE_SESSION_START',
      capabilities: DEFAULT_CAPABILITIES,
    });
  });

  it('SERVICE_AGENT_JOINED', () => {
    expect(bodyOf('EVENT_TYPE_SERVICE_AGENT_JOINED', { agent_name: 'Ava', agent_avatar_url: 'https://x/a.png' })).toEqual({
      type: 'EVENT_TYPE_SERVICE_AGENT_JOINED',
      agentName: 'Ava',
      agentAvatarUrl: 'https://x/a.png',
    });
    expect(bodyOf('EVENT_TYPE_SERVICE_AGENT_JOINED', { agent_avatar_url: 7 })).toEqual({
      type: 'EVENT_TYPE_SERVICE_AGENT_JOINED',
      agentName: '',
    });
    expect(frame(envelope('EVENT_TYPE_SERVICE_AGENT_JOINED', { agent_name: 42 }))).toMatchObject({ events: [], skipped: 1 });
  });

  it('empty-payload events', () => {
    for (const type of [
      'EVENT_TYPE_SERVICE_AGENT_THINKING',
      'EVENT_TYPE_SERVICE_AGENT_LEFT',
      'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF',
      'EVENT_TYPE_HANDOFF_ACCEPTED',
      'EVENT_TYPE_HANDOFF_FAILED',
      'EVENT_TYPE_HANDOFF_TIMEOUT',
      'EVENT_TYPE_LIVE_AGENT_LEFT',
      'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN',
      'EVENT_TYPE_USER_END_SESSION',
      'EVENT_TYPE_HEARTBEAT',
    ]) {
      expect(bodyOf(type, { unexpected: true })).toEqual({ type });
    }
  });

  it('SERVICE_AGENT_MESSAGE with attachments and suggestions', () => {
    expect(
      bodyOf('EVENT_TYPE_SERVICE_AGENT_MESSAGE', {
        message_id: 'm1',
        text: 'Hello',
        attachments: [
          attachment(),
          attachment({ content_type: 'ATTACHMENT_CONTENT_TYPE_IMAGE', title: 'Pic', call_to_action_text: undefined }),
          attachment({ content_type: 'WHATEVER' }),
        ],
        response_suggestions: [{ message_text: 'Yes' }, { message_text: 'No' }],
      }),
    ).toEqual({
      type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
      messageId: 'm1',
      text: 'Hello',
      attachments: [
        { kind: 'url', title: 'Order', previewImageUrl: 'https://x/p.png', contentUrl: 'https://x/o', callToActionText: 'Open' },
        { kind: 'image', title: 'Pic', previewImageUrl: 'https://x/p.png', contentUrl: 'https://x/o' },
        { kind: 'url', title: 'Order', previewImageUrl: 'https://x/p.png', contentUrl: 'https://x/o', callToActionText: 'Open' },
      ],
      suggestions: [{ text: 'Yes' }, { text: 'No' }],
    });
  });

  it('agent message: missing optional parts default, bad elements are dropped, a bad text drops the event', () => {
    expect(bodyOf('EVENT_TYPE_SERVICE_AGENT_MESSAGE', { message_id: 'm' })).toEqual({
      type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
      messageId: 'm',
      text: '',
      attachments: [],
      suggestions: [],
    });
    expect(
      bodyOf('EVENT_TYPE_SERVICE_AGENT_MESSAGE', {
        message_id: 'm',
        text: 'x',
        attachments: [null, 'x', { title: 3 }, {}, attachment({ preview_image_url: 5, content_url: ['x'], call_to_action_text: {} })],
        response_suggestions: [{ message_text: '' }, { text: 'wrong key' }, 'x', null, { message_text: 'ok' }],
      }),
    ).toMatchObject({ attachments: [{ kind: 'url', title: 'Order' }], suggestions: [{ text: 'ok' }] });
    expect(bodyOf('EVENT_TYPE_SERVICE_AGENT_MESSAGE', { message_id: 'm', attachments: 'x', response_suggestions: {} })).toMatchObject({
      attachments: [],
      suggestions: [],
    });
    expect(frame(envelope('EVENT_TYPE_SERVICE_AGENT_MESSAGE', { message_id: 'm', text: 5 }))).toMatchObject({ events: [], skipped: 1 });
    expect(frame(envelope('EVENT_TYPE_SERVICE_AGENT_MESSAGE', { message_id: 5, text: 'x' }))).toMatchObject({ events: [], skipped: 1 });
    // Without a message_id the message is still shown, keyed by its event id.
    expect(bodyOf('EVENT_TYPE_SERVICE_AGENT_MESSAGE', { text: 'x' })).toMatchObject({ messageId: 'ev-1' });
  });

  it('SERVICE_AGENT_MESSAGE_CHUNK', () => {
    expect(
      bodyOf('EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK', {
        message_id: 'm',
        text: 'He',
        attachments: [attachment()],
        response_suggestions: [{ message_text: 'a' }],
        chunk_index: 1,
        is_complete: false,
      }),
    ).toEqual({
      type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
      messageId: 'm',
      text: 'He',
      attachments: [
        { kind: 'url', title: 'Order', previewImageUrl: 'https://x/p.png', contentUrl: 'https://x/o', callToActionText: 'Open' },
      ],
      suggestions: [{ text: 'a' }],
      chunkIndex: 1,
      isComplete: false,
    });
    // The last chunk's text may be empty, or absent altogether.
    expect(bodyOf('EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK', { message_id: 'm', chunk_index: 3, is_complete: true })).toMatchObject({
      text: '',
      isComplete: true,
      chunkIndex: 3,
    });
    expect(bodyOf('EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK', { message_id: 'm', chunk_index: 2, is_complete: 'yes' })).toMatchObject({
      isComplete: false,
    });
    for (const bad of [
      { chunk_index: 1 },
      { message_id: 'm' },
      { message_id: 'm', chunk_index: 0 },
      { message_id: 'm', chunk_index: 1.5 },
      { message_id: 'm', chunk_index: '1' },
      { message_id: 'm', chunk_index: 1, text: null, extra: 1 },
      { message_id: 'm', chunk_index: 1, text: 9 },
    ]) {
      const result = frame(envelope('EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK', bad));
      // text: null counts as absent (proto3 default), everything else here is invalid.
      if ('text' in bad && bad.text === null) expect(result).toMatchObject({ skipped: 0 });
      else expect(result).toMatchObject({ events: [], skipped: 1 });
    }
  });

  it('HANDOFF_QUEUE_STATUS: every field optional, wrong types dropped', () => {
    expect(
      bodyOf('EVENT_TYPE_HANDOFF_QUEUE_STATUS', { queue_name: 'billing', position_in_queue: 2, estimated_wait_seconds: 45.5 }),
    ).toEqual({
      type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS',
      queueName: 'billing',
      positionInQueue: 2,
      estimatedWaitSeconds: 45.5,
    });
    expect(bodyOf('EVENT_TYPE_HANDOFF_QUEUE_STATUS', {})).toEqual({ type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS' });
    expect(bodyOf('EVENT_TYPE_HANDOFF_QUEUE_STATUS', { queue_name: 1, position_in_queue: '2', estimated_wait_seconds: -3 })).toEqual({
      type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS',
    });
  });

  it('CLIENT_HANDOFF_REQUIRED', () => {
    expect(bodyOf('EVENT_TYPE_CLIENT_HANDOFF_REQUIRED', { reason: 'POLICY', queue_name: 'vip' })).toEqual({
      type: 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED',
      reason: 'POLICY',
      queueName: 'vip',
    });
    expect(bodyOf('EVENT_TYPE_CLIENT_HANDOFF_REQUIRED', { reason: 'COMPLEX_QUERY', queue_name: 4 })).toEqual({
      type: 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED',
      reason: 'COMPLEX_QUERY',
    });
    expect(frame(envelope('EVENT_TYPE_CLIENT_HANDOFF_REQUIRED', { reason: {} }))).toMatchObject({ skipped: 1 });
  });

  it('LIVE_AGENT_JOINED / TYPING / MESSAGE', () => {
    expect(bodyOf('EVENT_TYPE_LIVE_AGENT_JOINED', { agent: { id: 'l1', name: 'Sam', avatar_url: 'https://x/s.png' } })).toEqual({
      type: 'EVENT_TYPE_LIVE_AGENT_JOINED',
      agent: { id: 'l1', name: 'Sam', avatarUrl: 'https://x/s.png' },
    });
    expect(bodyOf('EVENT_TYPE_LIVE_AGENT_JOINED', {})).toEqual({ type: 'EVENT_TYPE_LIVE_AGENT_JOINED', agent: { id: '', name: '' } });
    expect(frame(envelope('EVENT_TYPE_LIVE_AGENT_JOINED', { agent: 'Sam' }))).toMatchObject({ skipped: 1 });
    expect(frame(envelope('EVENT_TYPE_LIVE_AGENT_JOINED', { agent: { id: 1, name: 'Sam' } }))).toMatchObject({ skipped: 1 });

    expect(bodyOf('EVENT_TYPE_LIVE_AGENT_TYPING', { state: 'TYPING_STATE_STARTED', agent_id: 'l1' })).toEqual({
      type: 'EVENT_TYPE_LIVE_AGENT_TYPING',
      state: 'TYPING_STATE_STARTED',
      agentId: 'l1',
    });
    expect(bodyOf('EVENT_TYPE_LIVE_AGENT_TYPING', { state: 'TYPING_STATE_STOPPED' })).toEqual({
      type: 'EVENT_TYPE_LIVE_AGENT_TYPING',
      state: 'TYPING_STATE_STOPPED',
    });
    expect(frame(envelope('EVENT_TYPE_LIVE_AGENT_TYPING', { state: 'TYPING' }))).toMatchObject({ skipped: 1 });

    expect(
      bodyOf('EVENT_TYPE_LIVE_AGENT_MESSAGE', { message_id: 'lm', agent_id: 'l1', text: 'hi', attachments: [], response_suggestions: [] }),
    ).toEqual({
      type: 'EVENT_TYPE_LIVE_AGENT_MESSAGE',
      messageId: 'lm',
      agentId: 'l1',
      text: 'hi',
      attachments: [],
      suggestions: [],
    });
    expect(frame(envelope('EVENT_TYPE_LIVE_AGENT_MESSAGE', { message_id: 'lm', text: ['hi'] }))).toMatchObject({ skipped: 1 });
  });

  it('SESSION_END', () => {
    expect(bodyOf('EVENT_TYPE_SESSION_END', { reason: 'REASON_USER_END' })).toEqual({
      type: 'EVENT_TYPE_SESSION_END',
      reason: 'REASON_USER_END',
    });
    expect(bodyOf('EVENT_TYPE_SESSION_END', {})).toEqual({ type: 'EVENT_TYPE_SESSION_END', reason: 'REASON_UNSPECIFIED' });
    expect(frame(envelope('EVENT_TYPE_SESSION_END', { reason: 3 }))).toMatchObject({ skipped: 1 });
  });

  it('SYSTEM_MESSAGE levels', () => {
    const level = (l: unknown) => bodyOf('EVENT_TYPE_SYSTEM_MESSAGE', { level: l, message: 'm' })?.level;
    expect(level('SYSTEM_MESSAGE_LEVEL_ERROR')).toBe('error');
    expect(level('SYSTEM_MESSAGE_LEVEL_WARNING')).toBe('warning');
    expect(level('SYSTEM_MESSAGE_LEVEL_INFO')).toBe('info');
    expect(level('SYSTEM_MESSAGE_LEVEL_PANIC')).toBe('info');
    expect(level(undefined)).toBe('info');
    expect(level('toString')).toBe('info');
    expect(bodyOf('EVENT_TYPE_SYSTEM_MESSAGE', { level: 'SYSTEM_MESSAGE_LEVEL_ERROR', message: 'Error: Session not found' })).toEqual({
      type: 'EVENT_TYPE_SYSTEM_MESSAGE',
      level: 'error',
      message: 'Error: Session not found',
    });
    expect(frame(envelope('EVENT_TYPE_SYSTEM_MESSAGE', { message: { text: 'x' } }))).toMatchObject({ skipped: 1 });
  });

  it('LANGUAGE_CHANGED', () => {
    expect(bodyOf('EVENT_TYPE_LANGUAGE_CHANGED', { language_code: 'de-DE' })).toEqual({
      type: 'EVENT_TYPE_LANGUAGE_CHANGED',
      languageCode: 'de-DE',
    });
    expect(frame(envelope('EVENT_TYPE_LANGUAGE_CHANGED', {}))).toMatchObject({ skipped: 1 });
    expect(frame(envelope('EVENT_TYPE_LANGUAGE_CHANGED', { language_code: 7 }))).toMatchObject({ skipped: 1 });
  });

  it('echoes of client events', () => {
    expect(bodyOf('EVENT_TYPE_USER_MESSAGE', { text: 'hi', message_id: 'srv-1' })).toEqual({
      type: 'EVENT_TYPE_USER_MESSAGE',
      text: 'hi',
      messageId: 'srv-1',
    });
    expect(bodyOf('EVENT_TYPE_USER_MESSAGE', { text: 'hi', message_id: 1 })).toEqual({ type: 'EVENT_TYPE_USER_MESSAGE', text: 'hi' });
    expect(frame(envelope('EVENT_TYPE_USER_MESSAGE', { text: 1 }))).toMatchObject({ skipped: 1 });
    expect(bodyOf('EVENT_TYPE_USER_TYPING', { state: 'TYPING_STATE_STARTED' })).toEqual({
      type: 'EVENT_TYPE_USER_TYPING',
      state: 'TYPING_STATE_STARTED',
    });
    expect(frame(envelope('EVENT_TYPE_USER_TYPING', {}))).toMatchObject({ skipped: 1 });
  });
});
