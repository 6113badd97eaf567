// One call to the Chat REST API (PROTOCOL §7), its answer sorted by what the caller does next.
// Keys reach the headers only when a developer put them in the browser on purpose; they never
// reach an error text or a log line.

import type { ClientOptions } from '../../client/types';
import { errorMessageOf, parseRetryAfter } from '../../protocol/http';

export type ChatOperation = 'create' | 'respond' | 'close';

export type ChatAnswer<T> =
  | { kind: 'ok'; value: T }
  /** Worth another attempt: 429 (after `retryAfterMs` when the server said), 5xx/408, no answer. */
  | { kind: 'retry'; code: 'network' | 'server' | 'rate-limited'; retryAfterMs?: number }
  /** The server said no to this very request: the same request would get the same answer. */
  | { kind: 'refused'; status: number; message?: string };

export interface ChatApi {
  call<T>(op: ChatOperation, body: Record<string, unknown>, parse: (json: unknown) => T | null, init?: RequestInit): Promise<ChatAnswer<T>>;
}

const MAX_SERVER_TEXT = 160;

export function createChatApi(options: ClientOptions, fetchImpl: typeof fetch, now: () => number): ChatApi {
  const base = (options.chatUrl ?? '').replace(/\/+$/, '');
  const secrets = [options.chatApiKey, options.chatToken].filter((s): s is string => !!s);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.chatApiKey) headers['X-API-KEY'] = options.chatApiKey;
  if (options.chatToken) headers['X-TOKEN'] = options.chatToken;
  if (secrets.length) {
    console.warn('agent-webchat: Chat API keys in the browser ("chatApiKey"/"chatToken") are for local testing only; keep them on your server with the agent-webchat/server Chat proxy.');
  }

  /** The server's own words, short, without any key it might have echoed. */
  const said = (json: unknown): string | undefined => {
    let text = errorMessageOf(json);
    for (const s of secrets) text = text?.split(s).join('…');
    return text && text.length > MAX_SERVER_TEXT ? `${text.slice(0, MAX_SERVER_TEXT)}…` : text;
  };

  return {
    async call(op, body, parse, init) {
      let res: Response;
      let json: unknown;
      try {
        res = await fetchImpl(`${base}/${op}`, { ...init, method: op === 'close' ? 'PUT' : 'POST', headers, body: JSON.stringify(body) });
        json = await res.json().catch(() => undefined);
      } catch {
        return { kind: 'retry', code: 'network' };
      }
      if (res.ok) {
        const value = parse(json);
        // A 200 we cannot read is the server misbehaving, like a 5xx.
        return value === null ? { kind: 'retry', code: 'server' } : { kind: 'ok', value };
      }
      if (res.status === 429) {
        const s = parseRetryAfter(res.headers.get('Retry-After'), 60, now());
        return s === undefined ? { kind: 'retry', code: 'rate-limited' } : { kind: 'retry', code: 'rate-limited', retryAfterMs: s * 1000 };
      }
      if (res.status >= 500 || res.status === 408) return { kind: 'retry', code: 'server' };
      const message = said(json);
      return message === undefined ? { kind: 'refused', status: res.status } : { kind: 'refused', status: res.status, message };
    },
  };
}
