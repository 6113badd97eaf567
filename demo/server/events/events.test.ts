import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlatformServer } from '../platform';
import { JOIN, list, newSession, rec, request, startTestPlatform, str, TestSocket, userMessage } from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform();
});
afterAll(() => server.close());

const CHAT_HEADERS = { 'X-API-KEY': 'demo-api-key', 'X-TOKEN': 'demo-connector-token', 'Content-Type': 'application/json' };
const chat = (operation: string, body: unknown) =>
  request(`${server.url}/v1/demo-account/demo-project/chat/${operation}`, { headers: CHAT_HEADERS, body: JSON.stringify(body) });

interface Post {
  location: string;
  path: string;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  key?: string | null;
  project?: string;
}

function postEvent(post: Post) {
  const query = new URLSearchParams({
    event_id_location: post.location,
    event_id_path: post.path,
    account_id: 'demo-account',
    project_id: post.project ?? 'demo-project',
    ...post.query,
  });
  const headers: Record<string, string> = { 'Content-Type': post.contentType, ...post.headers };
  if (post.key !== null) headers['X-Api-Key'] = post.key ?? 'demo-events-key';
  return request(`${server.url}/v1/external-events/webhook?${query.toString()}`, { headers, body: post.body });
}

/** A Chat REST conversation that asked to pay; returns its id and the event id from the link. */
async function chatWaitingForPayment(): Promise<{ conversationId: string; eventId: string }> {
  const conversationId = str(rec((await chat('create', {})).body)['conversation_id']);
  const answer = rec((await chat('respond', { conversation_id: conversationId, message: 'I want to pay' })).body);
  const link = /https?:\/\/\S+event_id=[^\s]+/.exec(str(answer['response']))?.[0] ?? '';
  const eventId = new URL(link).searchParams.get('event_id') ?? '';
  expect(eventId).toMatch(/^pay_/);
  return { conversationId, eventId };
}

describe('payment flow', () => {
  it('Messaging: the link carries event_id; the webhook makes the agent tell the status over the socket', async () => {
    const session = await newSession(server);
    const socket = await TestSocket.connect(server, session);
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    socket.send(userMessage('can I pay for my order?'));
    const offer = await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    const attachment = rec(list(offer.payload['attachments'])[0]);
    const eventId = new URL(str(attachment['content_url'])).searchParams.get('event_id') ?? '';
    expect(str(offer.payload['text'])).toContain(`event_id=${eventId}`);

    const answer = await postEvent({
      location: 'payload',
      path: 'data.event_id',
      contentType: 'application/json',
      body: JSON.stringify({ data: { event_id: eventId }, status: 'paid' }),
    });
    expect(answer.status).toBe(201);
    const told = await socket.next((event) => event.type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE', 5000);
    expect(str(told.payload['text'])).toContain('paid');
    const record = server.model.conversations.get(session.sessionId);
    expect(record?.state['payment_status']).toBe('paid');
    expect(record?.turns.find((turn) => turn.intents.includes('payment'))?.userInput).toBe('can I pay for my order?');
    socket.close();
  });

  it('Chat REST: the status comes on the next turn', async () => {
    const { conversationId, eventId } = await chatWaitingForPayment();
    const answer = await postEvent({
      location: 'querystring',
      path: 'ref',
      query: { ref: eventId },
      contentType: 'text/plain',
      body: 'declined',
    });
    expect(answer.status).toBe(201);
    const next = rec((await chat('respond', { conversation_id: conversationId, message: 'hello?' })).body);
    expect(str(next['response'])).toContain('"declined"');
    const after = rec((await chat('respond', { conversation_id: conversationId, message: 'and now?' })).body);
    expect(str(after['response'])).not.toContain('declined');
  });
});

describe('External Events webhook: body types and id locations', () => {
  it.each([
    [
      'JSON, payload path',
      (id: string) => ({
        location: 'payload',
        path: 'event.id',
        contentType: 'application/json',
        body: JSON.stringify({ event: { id }, status: 'ok-json' }),
      }),
      'ok-json',
    ],
    [
      'form, payload name',
      (id: string) => ({
        location: 'payload',
        path: 'event_id',
        contentType: 'application/x-www-form-urlencoded',
        body: `event_id=${id}&status=ok-form`,
      }),
      'ok-form',
    ],
    [
      'XML, payload path under the root',
      (id: string) => ({
        location: 'payload',
        path: 'payment.id',
        contentType: 'application/xml',
        body: `<?xml version="1.0"?><result><payment><id>${id}</id></payment><status>ok-xml</status></result>`,
      }),
      'ok-xml',
    ],
    [
      'plain text, header',
      (id: string) => ({
        location: 'headers',
        path: 'X-Event-Id',
        headers: { 'X-Event-Id': id },
        contentType: 'text/plain',
        body: 'ok-text',
      }),
      'ok-text',
    ],
    [
      'plain text, key=value line in the payload',
      (id: string) => ({ location: 'payload', path: 'event_id', contentType: 'text/plain; charset=utf-8', body: `event_id=${id}` }),
      `event_id=`,
    ],
  ])('%s', async (_name, build, status) => {
    const { conversationId, eventId } = await chatWaitingForPayment();
    const answer = await postEvent(build(eventId));
    expect(answer.status).toBe(201);
    expect(rec(answer.body)).toEqual({ event_id: eventId, status: 'queued' });
    expect(String(server.model.conversations.get(conversationId)?.state['payment_status'])).toContain(status);
  });

  it('400: id not found, unknown id, bad location, bad body, unsupported type or unknown project; 401 for keys and for a project the key may not use', async () => {
    const { eventId } = await chatWaitingForPayment();
    const json = (body: unknown) => ({ location: 'payload', path: 'id', contentType: 'application/json', body: JSON.stringify(body) });
    const cases: Array<[Post, number, string]> = [
      [json({ other: eventId }), 400, 'Event id not found at payload "id"'],
      [json({ id: 'pay_unknown' }), 400, 'Unknown event id'],
      [{ ...json({ id: eventId }), location: 'cookie' }, 400, 'event_id_location must be one of headers, querystring, payload'],
      [{ ...json({ id: eventId }), path: '' }, 400, 'event_id_path is required'],
      [{ ...json({}), body: '{oops' }, 400, 'Body is not valid JSON'],
      [{ location: 'payload', path: 'id', contentType: 'application/xml', body: '<a><b></a>' }, 400, 'Body is not well-formed XML'],
      [
        { ...json({ id: eventId }), contentType: 'image/png' },
        400,
        'Content-Type must be application/json, application/x-www-form-urlencoded, application/xml or text/plain',
      ],
      [{ ...json({ id: eventId }), key: null }, 401, 'Missing X-Api-Key header'],
      [{ ...json({ id: eventId }), key: 'demo-api-key' }, 401, 'Invalid API key'],
      // The platform's table for this route lists 400, 401 and 500 only: a project the key may not
      // post to is an invalid key for it, one that does not exist a malformed request.
      [{ ...json({ id: eventId }), project: 'private-project' }, 401, 'API key not authorized for this project'],
      [{ ...json({ id: eventId }), project: 'nope' }, 400, 'account_id and project_id name no project'],
    ];
    for (const [post, status, message] of cases) {
      const answer = await postEvent(post);
      expect([answer.status, rec(answer.body)['error_message']]).toEqual([status, message]);
    }
  });
});

describe('bridge-ended', () => {
  const post = (body: unknown, key = 'demo-events-key') =>
    request(`${server.url}/internal/v1/agentic-dial/bridge-ended`, {
      headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  /** A call in progress, as telephony would have it while its bridged leg runs. */
  const callInProgress = (startedAt = Date.now()) =>
    server.model.startConversation({
      id: `voice-${Math.random()}`,
      projectId: 'demo-project',
      environment: 'live',
      channel: 'VOICE-SIP',
      fromNumber: '+12025550123',
      toNumber: '+12025550199',
      startedAt,
    }).id;

  it('a bridged call: 200, the state and durations take the bridge data, and the call ends', async () => {
    const conversationId = callInProgress();
    const answer = await post({ conversation_id: conversationId, bridge_duration_seconds: 40, call_duration_seconds: 100 });
    expect(answer.status).toBe(200);
    const record = server.model.conversations.get(conversationId);
    expect(record?.state).toMatchObject({ bridge_duration_seconds: 40, call_duration_seconds: 100, bridged: true });
    expect(record?.bridge).toMatchObject({ bridgeDurationSeconds: 40, callDurationSeconds: 100 });
    expect(record?.endedAt).toBeDefined();
  });

  it('a conversation that is not a call: 409, and it goes on untouched', async () => {
    const conversationId = str(rec((await chat('create', {})).body)['conversation_id']);
    const answer = await post({ conversation_id: conversationId, bridge_duration_seconds: 40, call_duration_seconds: 50 });
    expect([answer.status, rec(answer.body)['error_message']]).toEqual([
      409,
      `Conversation ${conversationId} is a CHAT conversation, not a call: only a bridged call ends with bridge-ended`,
    ]);
    const record = server.model.conversations.get(conversationId);
    expect(record?.bridge).toBeUndefined();
    expect(record?.endedAt).toBeUndefined();
    expect((await chat('respond', { conversation_id: conversationId, message: 'still there?' })).status).toBe(200);
  });

  it('a call that already ended (a month ago, or by an earlier notification): 409, its record is not rewritten', async () => {
    const old = callInProgress(Date.now() - 30 * 24 * 3_600_000);
    server.model.endConversation(old, Date.now() - 30 * 24 * 3_600_000 + 60_000);
    const answer = await post({ conversation_id: old, bridge_duration_seconds: 10, call_duration_seconds: 50 });
    expect([answer.status, rec(answer.body)['error_message']]).toEqual([409, `Call ${old} already ended: its record is not rewritten`]);
    expect(server.model.conversations.get(old)?.bridge).toBeUndefined();

    const bridged = callInProgress();
    expect((await post({ conversation_id: bridged, bridge_duration_seconds: 40, call_duration_seconds: 100 })).status).toBe(200);
    expect((await post({ conversation_id: bridged, bridge_duration_seconds: 1, call_duration_seconds: 2 })).status).toBe(409);
    expect(server.model.conversations.get(bridged)?.bridge).toMatchObject({ bridgeDurationSeconds: 40, callDurationSeconds: 100 });
  });

  it.each([
    ['{', 400, 'Body must be a JSON object'],
    [{}, 400, 'conversation_id is required'],
    [
      { conversation_id: 'c', bridge_duration_seconds: '4', call_duration_seconds: 5 },
      400,
      'bridge_duration_seconds must be a number >= 0',
    ],
    [{ conversation_id: 'c', bridge_duration_seconds: 4, call_duration_seconds: -1 }, 400, 'call_duration_seconds must be a number >= 0'],
    [
      { conversation_id: 'c', bridge_duration_seconds: 9, call_duration_seconds: 5 },
      400,
      'bridge_duration_seconds cannot exceed call_duration_seconds',
    ],
    [{ conversation_id: 'nope', bridge_duration_seconds: 1, call_duration_seconds: 5 }, 404, 'Conversation not found'],
  ])('%j → %i', async (body, status, message) => {
    const answer = await post(body);
    expect([answer.status, rec(answer.body)['error_message']]).toEqual([status, message]);
  });

  it('401 with a wrong key', async () => {
    expect((await post({}, 'wrong')).status).toBe(401);
  });
});

it('a webhook answered within 5 s reaches a streaming session too', async () => {
  const session = await newSession(server, { streaming: true });
  const socket = await TestSocket.connect(server, session);
  socket.send(JOIN);
  socket.send(userMessage('pay'));
  const chunk = await socket.next(
    (event) => event.type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK' && JSON.stringify(event.payload).includes('event_id='),
  );
  const eventId = /event_id=(pay_[0-9a-f]+)/.exec(JSON.stringify(chunk.payload))?.[1] ?? '';
  await vi.waitFor(() => expect(server.model.externalEvents.conversationFor(eventId)).toBe(session.sessionId));
  await postEvent({
    location: 'headers',
    path: 'x-ref',
    headers: { 'x-ref': eventId },
    contentType: 'application/json',
    body: '{"status":"paid"}',
  });
  await socket.next((event) => JSON.stringify(event.payload).includes('paid'), 5000);
  socket.close();
});
