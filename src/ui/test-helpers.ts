// Test-only: a fake WebchatClient over a hand-built store (no reducer, no transport).
import { act } from '@testing-library/preact';
import { vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { WebchatClient } from '../contract/client';
import { type AgentMessage, createInitialState, type TranscriptItem, type WebchatState } from '../store/state';
import { whenIdle } from './frames';

export function fakeClient(patch: Partial<WebchatState> = {}) {
  const store = createStore<WebchatState>(() => ({ ...createInitialState(), ...patch }));
  const client = {
    store,
    connect: vi.fn(),
    send: vi.fn(),
    retry: vi.fn(),
    setTyping: vi.fn(),
    endSession: vi.fn(),
    newConversation: vi.fn(),
    reconnectNow: vi.fn(),
    markRead: vi.fn(),
    restoreUnread: vi.fn(),
    on: vi.fn(() => () => {}),
    destroy: vi.fn(),
  } satisfies WebchatClient;
  return client;
}

export type FakeClient = ReturnType<typeof fakeClient>;

const TIMESTAMP = '2024-05-01T10:00:00.000Z';

export const user = (key: string, text: string, status: 'sending' | 'sent' | 'failed' = 'sent'): TranscriptItem => ({
  kind: 'user',
  key,
  clientEventId: key,
  text,
  status,
  timestamp: TIMESTAMP,
});

export const agent = (key: string, text: string, extra: Partial<AgentMessage> = {}): AgentMessage => ({
  kind: 'agent',
  key,
  messageId: key,
  text,
  attachments: [],
  suggestions: [],
  streaming: false,
  timestamp: TIMESTAMP,
  ...extra,
});

export const notice = (key: string, n: Extract<TranscriptItem, { kind: 'system' }>['notice']): TranscriptItem => ({
  kind: 'system',
  key,
  notice: n,
  timestamp: TIMESTAMP,
});

/** Resolves after the next frame, once what the widget leaves until the thread is idle has run (connect). */
export const afterPaint = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => whenIdle(resolve))));
