// TEST ONLY: a stand-in for the site's history endpoint (CONTRACT.md, "Site backend: historyUrl"),
// speaking its wire exactly, so the widget's side is tested end to end while the real
// createHistoryEndpoint is built elsewhere. Which sessions were a visitor's is what the token
// endpoint really bound to their cookie (a store that remembers every binding it was given); the
// conversations and their turns are the platform's own record, read through the Conversations API.
// Beside it, "Call me" through the real createCallbackEndpoint, its status answer completed with
// the finished call's turns (the wire agreed for `GET {callbackUrl}/{call_sid}`).

import {
  type BindingStore,
  type CallbackLimits,
  type Conversation,
  createCallbackEndpoint,
  createConversationsClient,
  type FetchHandler,
} from '../../src/server/index';
import { readVisitorId, visitorKey } from '../../src/server/visitor-cookie';

export const TEST_HISTORY_PATH = '/test-api/history';
export const TEST_CALLBACK_PATH = '/test-api/callback';

/** A binding store that also remembers, per visitor, every session it ever bound (oldest first). */
export function recordingStore(store: BindingStore): BindingStore & { sessionsOf(key: string): string[]; forget(key: string): void } {
  const sessions = new Map<string, string[]>();
  return {
    get: (key) => store.get(key),
    delete: (key) => store.delete(key),
    async set(key, binding, ttlSeconds) {
      const known = sessions.get(key) ?? [];
      if (!known.includes(binding.sessionId)) sessions.set(key, [...known, binding.sessionId]);
      await store.set(key, binding, ttlSeconds);
    },
    sessionsOf: (key) => sessions.get(key) ?? [],
    forget: (key) => void sessions.delete(key),
  };
}

interface Turn {
  author: 'visitor' | 'agent';
  text: string;
  at: string;
}

function turnsOf(conversation: Conversation): Turn[] {
  return conversation.turns.flatMap((turn) => [
    ...(turn.user_input ? [{ author: 'visitor' as const, text: turn.user_input, at: turn.user_input_datetime }] : []),
    ...(turn.agent_response ? [{ author: 'agent' as const, text: turn.agent_response, at: turn.agent_response_datetime }] : []),
  ]);
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });

export interface TestEndpointsOptions {
  platformUrl: string;
  store: ReturnType<typeof recordingStore>;
  outboundToken: string;
  callbackLimits: CallbackLimits;
}

export function createTestEndpoints({
  platformUrl,
  store,
  outboundToken,
  callbackLimits,
}: TestEndpointsOptions): Record<string, FetchHandler> {
  const platform = createConversationsClient({
    baseUrl: platformUrl,
    apiKey: 'demo-api-key',
    accountId: 'demo-account',
    projectId: 'demo-project',
  });
  /** Every conversation the platform holds, newest first (a test's platform is reset before it). */
  const everything = async (): Promise<Conversation[]> =>
    (await platform.page({ limit: 1000 })).conversations.sort((a, b) => b.started_at.localeCompare(a.started_at));

  /** The visitor's earlier conversations: their chats but the live one, and the calls those chats asked for. */
  const visitorsOwn = async (request: Request) => {
    const id = readVisitorId(request, 'agent_webchat');
    if (!id) return { key: undefined, conversations: [] };
    const key = await visitorKey(id);
    const sessions = store.sessionsOf(key);
    const live = (await store.get(key))?.sessionId;
    const conversations = (await everything()).filter((conversation) => {
      const chat = conversation.channel === 'VOICE-SIP' ? conversation.state['session_id'] : conversation.id;
      return typeof chat === 'string' && sessions.includes(chat) && conversation.id !== live;
    });
    return { key, conversations };
  };

  const history: FetchHandler = async (request) => {
    const path = new URL(request.url).pathname;
    const { key, conversations } = await visitorsOwn(request);
    if (path === TEST_HISTORY_PATH && request.method === 'DELETE') {
      if (key) store.forget(key);
      return json(204);
    }
    const channel = (conversation: Conversation) => (conversation.channel === 'VOICE-SIP' ? 'phone' : 'chat');
    if (path === TEST_HISTORY_PATH)
      return json(200, {
        conversations: conversations.map((conversation) => ({
          id: conversation.id,
          started_at: conversation.started_at,
          ended_at: new Date(Date.parse(conversation.started_at) + conversation.total_duration * 1000).toISOString(),
          channel: channel(conversation),
          preview: (conversation.turns.find((turn) => turn.user_input)?.user_input ?? '').slice(0, 120),
        })),
      });
    const wanted = decodeURIComponent(path.slice(TEST_HISTORY_PATH.length + 1));
    const conversation = conversations.find((candidate) => candidate.id === wanted);
    if (!conversation) return json(404, { message: 'Not found' });
    return json(200, {
      id: conversation.id,
      started_at: conversation.started_at,
      channel: channel(conversation),
      turns: turnsOf(conversation),
    });
  };

  const callback = createCallbackEndpoint({
    runtimeUrl: platformUrl,
    serviceAuthToken: outboundToken,
    allowedCountries: ['US', 'GB', 'FR'],
    continuity: { store },
    limits: callbackLimits,
    path: TEST_CALLBACK_PATH,
  });
  const callbackWithTurns: FetchHandler = async (request) => {
    const answer = await callback(request);
    const sid = new URL(request.url).pathname.slice(TEST_CALLBACK_PATH.length + 1);
    if (request.method !== 'GET' || !sid || answer.status !== 200) return answer;
    const body: unknown = await answer.json();
    if (typeof body !== 'object' || body === null || Reflect.get(body, 'status') !== 'success') return json(200, body);
    const call = (await everything()).find((conversation) => conversation.state['call_sid'] === sid && !conversation.in_progress);
    return json(200, call ? { ...body, turns: turnsOf(call) } : body);
  };

  return { [TEST_HISTORY_PATH]: history, [TEST_CALLBACK_PATH]: callbackWithTurns };
}
