// The reference server's control API as e2e specs use it (faults in, the wire's record out).

import type { APIRequestContext } from '@playwright/test';

export interface WireRecord {
  connections: Array<{ sessionId: string; cursor: string | null; accessToken: string; at: string; outcome: string | number }>;
  clientEvents: Array<{ sessionId: string; type: string; payload: unknown; custom?: Record<string, unknown>; at: string }>;
  joins: Array<{ sessionId: string; at: string }>;
  sessions: Array<{ sessionId: string; streaming: boolean; platform: string }>;
  http: Array<{ method: string; path: string; status: number }>;
}

export interface JournalEvent {
  id: string;
  sequence: number;
  type: string;
  payload: Record<string, unknown>;
}

export function platform(request: APIRequestContext) {
  const post = async (name: string, body: Record<string, unknown> = {}): Promise<unknown> => {
    const response = await request.post(`/__control/${name}`, { data: body });
    if (!response.ok()) throw new Error(`control ${name} failed: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  return {
    post,
    reset: () => post('reset'),
    async record(): Promise<WireRecord> {
      const response = await request.get('/__control/record');
      return (await response.json()) as WireRecord;
    },
    /** The demo's live agent (Sam) starts or stops typing in the latest session: a transient event. */
    async liveAgentTyping(state: 'TYPING_STATE_STARTED' | 'TYPING_STATE_STOPPED' = 'TYPING_STATE_STARTED'): Promise<void> {
      await post('emit', {
        sessionId: await this.lastSessionId(),
        type: 'EVENT_TYPE_LIVE_AGENT_TYPING',
        payload: { state, agent_id: 'live-agent-sam' },
        transient: true,
      });
    },
    /** The session's journal (what a replay from `seq:0` serves), in order. */
    async journal(sessionId: string): Promise<JournalEvent[]> {
      return ((await post('journal', { sessionId })) as { events: JournalEvent[] }).events;
    },
    async lastSessionId(): Promise<string> {
      const record = await this.record();
      const last = record.sessions.at(-1);
      if (!last) throw new Error('no session yet');
      return last.sessionId;
    },
  };
}
