// A site's backend (token, history and callback endpoints on one port) against the reference
// platform, and visitors that really chat on it over the Messaging socket: for the history tests
// and bench. Every request the history reads make to the Conversations API is counted.

import type { PlatformServer } from '../../../demo/server/platform';
import { JOIN, startTestPlatform, TestSocket, userMessage } from '../../../demo/server/test-kit';
import { type BindingStore, createMemoryBindingStore } from '../binding-store';
import { createCallbackEndpoint } from '../callback-endpoint';
import { createHistoryEndpoint, type HistoryEndpointOptions } from '../history-endpoint';
import type { Identify } from '../history-key';
import { createConversationsClient } from '../platform/conversations-client';
import type { FetchHandler } from '../request-context';
import type { SiteRedisClient } from '../shared-state';
import { createTokenEndpoint } from '../token-endpoint';
import { type RunningServer, serveHandler } from './servers';

export interface HistorySite extends RunningServer {
  /** Requests made to the Conversations API so far. */
  conversationRequests(): number;
}

export interface SiteSetup {
  store?: BindingStore;
  identify?: Identify;
  redis?: SiteRedisClient;
  history?: Partial<HistoryEndpointOptions>;
}

export function startPlatform(): Promise<PlatformServer> {
  // Calls answered at once and over in a moment: a test waits for the end of one.
  return startTestPlatform({ telephony: { stepMs: 20, callMs: 80 } });
}

export async function startSite(platform: PlatformServer, setup: SiteSetup = {}): Promise<HistorySite> {
  const store = setup.store ?? createMemoryBindingStore();
  let requests = 0;
  const countingFetch: typeof fetch = (input, init) => {
    requests += 1;
    return fetch(input, init);
  };
  const conversations = createConversationsClient({
    baseUrl: platform.url,
    apiKey: 'demo-api-key',
    accountId: 'demo-account',
    projectId: 'demo-project',
    fetch: countingFetch,
  });
  const { identify, redis } = setup;
  const token = createTokenEndpoint({
    messagingUrl: platform.url,
    connectorToken: 'demo-connector-token',
    host: '127.0.0.1',
    continuity: { store },
    rateLimit: false,
    identify,
    redis,
  });
  const history = createHistoryEndpoint({ continuity: { store }, conversations, identify, redis, path: '/api/history', ...setup.history });
  const callback = createCallbackEndpoint({
    runtimeUrl: platform.url,
    serviceAuthToken: 'demo-outbound-token',
    allowedCountries: ['US'],
    continuity: { store },
    path: '/api/callback',
    conversations,
    statusRateLimit: { max: 10_000, windowSeconds: 60 },
    identify,
    redis,
  });
  const handler: FetchHandler = async (request, context) => {
    const path = new URL(request.url).pathname;
    if (path === '/token') return token(request, context);
    if (path === '/api/history' || path.startsWith('/api/history/')) return history(request, context);
    if (path === '/api/callback' || path.startsWith('/api/callback/')) return callback(request, context);
    return new Response('Not found', { status: 404 });
  };
  const server = await serveHandler(handler);
  return { ...server, conversationRequests: () => requests };
}

export interface Browser {
  /** `agent_webchat=<id>` once the token endpoint set it. */
  cookie: string | undefined;
  /** Headers the site's pages would send (the site's own sign-in, say). */
  headers: Record<string, string>;
  ask(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** A bound session, as the widget gets it (`fresh` starts a new conversation). */
  session(fresh?: boolean): Promise<{ sessionId: string; accessToken: string }>;
  /**
   * A conversation on the platform: joins, says each text and waits for the agent's answer; with
   * `end`, says goodbye and waits for the session's end (then it is finished on the record).
   */
  chat(texts: readonly string[], options?: { end?: boolean; fresh?: boolean }): Promise<string>;
}

export function browser(site: HistorySite, platform: PlatformServer, headers: Record<string, string> = {}): Browser {
  const self: Browser = {
    cookie: undefined,
    headers,
    async ask(method, path, body, extra = {}) {
      const answer = await fetch(`${site.url}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(self.cookie ? { Cookie: self.cookie } : {}),
          ...self.headers,
          ...extra,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const setCookie = answer.headers.getSetCookie()[0];
      if (setCookie) self.cookie = setCookie.split(';')[0];
      return answer;
    },
    async session(fresh = false) {
      const answer = await self.ask('POST', '/token', fresh ? { streaming: false, fresh: true } : { streaming: false });
      if (answer.status !== 200) throw new Error(`token endpoint answered ${answer.status}`);
      const body: unknown = await answer.json();
      const sessionId = typeof body === 'object' && body !== null ? Reflect.get(body, 'session_id') : undefined;
      const accessToken = typeof body === 'object' && body !== null ? Reflect.get(body, 'access_token') : undefined;
      if (typeof sessionId !== 'string' || typeof accessToken !== 'string') throw new Error('no session bound');
      return { sessionId, accessToken };
    },
    async chat(texts, options = {}) {
      const { sessionId, accessToken } = await self.session(options.fresh);
      const socket = await TestSocket.connect(platform, { sessionId, token: accessToken });
      const agentSaid = () => socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
      socket.send(JOIN);
      await agentSaid();
      for (const text of texts) {
        socket.send(userMessage(text));
        await agentSaid();
      }
      if (options.end) {
        socket.send(userMessage('bye'));
        await socket.nextOfType('EVENT_TYPE_SESSION_END');
        await socket.closed;
      } else socket.close();
      return sessionId;
    },
  };
  return self;
}
