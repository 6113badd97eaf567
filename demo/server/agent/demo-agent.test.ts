import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import {
  assembled,
  collectChunks,
  JOIN,
  list,
  newSession,
  rec,
  startTestPlatform,
  str,
  TestSocket,
  userMessage,
  type WireEvent,
} from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform();
});
afterAll(() => server.close());

/** A joined session with the greeting already received. */
async function joined(streaming = false): Promise<TestSocket> {
  const socket = await TestSocket.connect(server, await newSession(server, { streaming }));
  socket.send(JOIN);
  if (streaming) await collectChunks(socket);
  else await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
  return socket;
}

/** Sends `text` and returns the agent's whole reply, checking THINKING came right before it. */
async function ask(socket: TestSocket, text: string): Promise<WireEvent> {
  socket.send(userMessage(text));
  await socket.nextOfType('EVENT_TYPE_USER_MESSAGE');
  const next = await socket.next((event) => event.type !== 'EVENT_TYPE_LANGUAGE_CHANGED');
  expect(next.type).toBe('EVENT_TYPE_SERVICE_AGENT_THINKING');
  return socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
}

const expectMessageShape = (event: WireEvent): void => {
  expect(Object.keys(event.payload).sort()).toEqual(['attachments', 'message_id', 'response_suggestions', 'text']);
  str(event.payload['message_id']);
  str(event.payload['text']);
  list(event.payload['attachments']);
  list(event.payload['response_suggestions']);
};

describe('join flow', () => {
  it('echo, SERVICE_AGENT_JOINED, THINKING, then a greeting with suggestions, in sequence order', async () => {
    const socket = await TestSocket.connect(server, await newSession(server));
    socket.send(JOIN);
    const greeting = await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    const types = socket.live().map((event) => event.type);
    expect(types).toEqual([
      'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN',
      'EVENT_TYPE_SERVICE_AGENT_JOINED',
      'EVENT_TYPE_SERVICE_AGENT_THINKING',
      'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
    ]);
    expect(socket.live().map((event) => event.sequence)).toEqual([2, 3, 4, 5]);
    const joinedEvent = socket.live()[1];
    expect(joinedEvent?.payload).toEqual({
      agent_name: expect.any(String),
      agent_avatar_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/demo\/agent\.svg$/),
    });
    expectMessageShape(greeting);
    const suggestions = list(greeting.payload['response_suggestions']);
    expect(suggestions.length).toBeGreaterThan(0);
    for (const suggestion of suggestions) expect(rec(suggestion)).toEqual({ message_text: expect.any(String) });
    socket.close();
  });

  it('a second join request is echoed and otherwise ignored', async () => {
    const socket = await joined();
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN');
    await ask(socket, 'hello');
    expect(socket.frames.filter((event) => event.type === 'EVENT_TYPE_SERVICE_AGENT_JOINED')).toHaveLength(1);
    socket.close();
  });

  it('streams the greeting as chunks on a streaming session', async () => {
    const socket = await TestSocket.connect(server, await newSession(server, { streaming: true }));
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_THINKING');
    const chunks = await collectChunks(socket);
    expect(chunks.map((chunk) => chunk.payload['chunk_index'])).toEqual(chunks.map((_, index) => index + 1));
    expect(chunks.map((chunk) => chunk.payload['is_complete'])).toEqual(chunks.map((_, index) => index === chunks.length - 1));
    expect(new Set(chunks.map((chunk) => chunk.payload['message_id'])).size).toBe(1);
    for (const chunk of chunks) {
      expect(Object.keys(chunk.payload).sort()).toEqual([
        'attachments',
        'chunk_index',
        'is_complete',
        'message_id',
        'response_suggestions',
        'text',
      ]);
    }
    expect(assembled(chunks)).toMatch(/^Hi, I'm Ada/);
    expect(list(chunks.at(-1)?.payload['response_suggestions']).length).toBeGreaterThan(0);
    expect(socket.frames.some((event) => event.type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE')).toBe(false);
    socket.close();
  });
});

describe('replies', () => {
  it('a plain reply mentions what the user said', async () => {
    const socket = await joined();
    const reply = await ask(socket, 'What is the weather?');
    expectMessageShape(reply);
    expect(reply.payload['text']).toContain('What is the weather?');
    socket.close();
  });

  it('streamed replies end with an empty complete chunk; a long answer ends with text on it', async () => {
    const socket = await joined(true);
    socket.send(userMessage('stream please'));
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_THINKING');
    const streamed = await collectChunks(socket);
    expect(streamed.at(-1)?.payload).toMatchObject({ text: '', is_complete: true });
    expect(assembled(streamed)).toMatch(/^Streaming sends/);

    socket.send(userMessage('Give me a LONG answer'));
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_THINKING');
    const long = await collectChunks(socket);
    expect(long.length).toBeGreaterThan(30);
    expect(str(long.at(-1)?.payload['text'])).not.toBe('');
    expect(assembled(long).length).toBeGreaterThan(600);
    socket.close();
  });

  it('markdown → a streamed reply in Markdown, linking to the demo article', async () => {
    const socket = await joined(true);
    socket.send(userMessage('Show me some formatting'));
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_THINKING');
    const text = assembled(await collectChunks(socket));
    expect(text).toMatch(/^## /);
    for (const part of ['**bold**', '*italic*', '`inline code`', '\n- ', '\n1. ', '\n```js\n', 'https://example.com/docs'])
      expect(text).toContain(part);
    expect(text).toMatch(/\[the demo article\]\(http:\/\/127\.0\.0\.1:\d+\/demo\/article\.html\)/);
    socket.close();
  });

  it('suggest → response_suggestions', async () => {
    const socket = await joined();
    const reply = await ask(socket, 'any suggestions?');
    expect(list(reply.payload['response_suggestions']).map((item) => rec(item)['message_text'])).toContain('Show me a link');
    socket.close();
  });

  it('link → a URL attachment; image → an image attachment served by the platform', async () => {
    const socket = await joined();
    const link = await ask(socket, 'show me a link');
    const [urlAttachment] = list(link.payload['attachments']).map(rec);
    expect(urlAttachment).toEqual({
      title: expect.any(String),
      preview_image_url: expect.stringContaining('/demo/'),
      content_url: expect.stringContaining('/demo/article.html'),
      content_type: 'ATTACHMENT_CONTENT_TYPE_URL',
      call_to_action_text: expect.any(String),
    });
    const image = await ask(socket, 'send an image');
    const [imageAttachment] = list(image.payload['attachments']).map(rec);
    expect(imageAttachment?.['content_type']).toBe('ATTACHMENT_CONTENT_TYPE_IMAGE');
    for (const url of [
      imageAttachment?.['preview_image_url'],
      imageAttachment?.['content_url'],
      urlAttachment?.['preview_image_url'],
      urlAttachment?.['content_url'],
    ]) {
      const response = await fetch(str(url));
      expect(response.status, str(url)).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^(image\/(png|svg\+xml)|text\/html)/);
    }
    socket.close();
  });

  it('high load → the transient system message, with the message metadata echoed', async () => {
    const socket = await joined();
    socket.send(userMessage('HIGH LOAD please', { client_event_id: 'hl' }));
    const system = await socket.nextOfType('EVENT_TYPE_SYSTEM_MESSAGE');
    expect(system.payload).toEqual({
      level: 'SYSTEM_MESSAGE_LEVEL_ERROR',
      message: 'Our system is experiencing high load. Please try again in a moment.',
    });
    expect(system.metadata).toEqual({ custom: { client_event_id: 'hl' } });
    socket.close();
  });

  it('language fr → LANGUAGE_CHANGED, a reply in French, and French from then on', async () => {
    const socket = await joined();
    socket.send(userMessage('language fr'));
    const changed = await socket.nextOfType('EVENT_TYPE_LANGUAGE_CHANGED');
    expect(changed.payload).toEqual({ language_code: 'fr' });
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_THINKING');
    const said = await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    expect(said.payload['text']).toBe('Très bien, je continue en français.');
    expect((await ask(socket, 'show me a link')).payload['text']).toBe('Voici un article sur cette plateforme de démonstration :');
    expect((await ask(socket, 'help')).payload['text']).toMatch(/^Essayez ces phrases : "high load"/);
    socket.close();
  });

  it('language xx (not spoken): no LANGUAGE_CHANGED, the agent says it stays in its language', async () => {
    const socket = await joined();
    const said = await ask(socket, 'language xx');
    expect(said.payload['text']).toBe('I don\'t speak "xx"; I will go on in English.');
    expect(socket.frames.some((event) => event.type === 'EVENT_TYPE_LANGUAGE_CHANGED')).toBe(false);
    socket.close();
  });

  it("a join naming the widget's locale (metadata.custom.locale) is greeted in it, and answered in it", async () => {
    const socket = await TestSocket.connect(server, await newSession(server));
    socket.send({ ...JOIN, metadata: { custom: { locale: 'de-AT' } } });
    const greeting = await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    expect(greeting.payload['text']).toBe(
      'Hallo, ich bin Ada, der Demo-Agent. Fragen Sie mich etwas oder wählen Sie einen der Vorschläge unten.',
    );
    expect((await ask(socket, 'send an image')).payload['text']).toBe('Hier ist ein Bild:');
    socket.close();
  });

  it('bye → a goodbye, SESSION_END REASON_NATURAL_END, and the socket closes', async () => {
    const socket = await joined();
    await ask(socket, 'ok bye');
    const end = await socket.nextOfType('EVENT_TYPE_SESSION_END');
    expect(end.payload).toEqual({ reason: 'REASON_NATURAL_END' });
    expect((await socket.closed).code).toBe(1000);
  });

  it('client handoff → CLIENT_HANDOFF_REQUIRED with reason and queue_name', async () => {
    const socket = await joined();
    await ask(socket, 'client handoff');
    const required = await socket.nextOfType('EVENT_TYPE_CLIENT_HANDOFF_REQUIRED');
    expect(required.payload).toEqual({ reason: 'AGENT_DECISION', queue_name: 'billing' });
    socket.close();
  });

  it('THINKING precedes every reply, and replies never interleave', async () => {
    const socket = await joined(true);
    socket.send(userMessage('one'));
    socket.send(userMessage('two'));
    const first = await collectChunks(socket);
    const second = await collectChunks(socket);
    expect(assembled(first)).toContain('"one"');
    expect(assembled(second)).toContain('"two"');
    const agentTypes = socket.live().filter((event) => event.type.startsWith('EVENT_TYPE_SERVICE_AGENT'));
    const thinkingIndexes = agentTypes.flatMap((event, index) => (event.type === 'EVENT_TYPE_SERVICE_AGENT_THINKING' ? [index] : []));
    // Greeting, "one", "two": three replies, each right after its THINKING.
    expect(thinkingIndexes).toHaveLength(3);
    for (const index of thinkingIndexes) expect(agentTypes[index + 1]?.payload['chunk_index']).toBe(1);
    socket.close();
  });
});
