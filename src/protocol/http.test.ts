import { describe, expect, it } from 'vitest';
import { errorMessageOf, parseAccessToken, parseChatCreate, parseChatRespond, parseRetryAfter, parseSession } from './http';

describe('parseAccessToken', () => {
  it('accepts the documented shape', () => {
    expect(parseAccessToken({ access_token: 'jwt', expires_in: 3600, token_type: 'Bearer' })).toEqual({
      accessToken: 'jwt',
      expiresIn: 3600,
    });
    expect(parseAccessToken({ access_token: 'jwt', expires_in: '600' })).toEqual({ accessToken: 'jwt', expiresIn: 600 });
    expect(parseAccessToken({ access_token: 'jwt', expires_in: 60, token_type: 'bearer' })).toEqual({ accessToken: 'jwt', expiresIn: 60 });
  });
  it('rejects anything else', () => {
    for (const body of [
      null,
      'jwt',
      [],
      {},
      { access_token: '', expires_in: 1 },
      { access_token: 'jwt' },
      { access_token: 'jwt', expires_in: 0 },
      { access_token: 'jwt', expires_in: 'soon' },
      { access_token: 'jwt', expires_in: 5, token_type: 'MAC' },
      { access_token: 7, expires_in: 5 },
    ]) {
      expect(parseAccessToken(body)).toBeNull();
    }
  });
});

describe('parseSession', () => {
  it('reads session_id', () => {
    expect(parseSession({ session_id: 's-1' })).toEqual({ sessionId: 's-1' });
    expect(parseSession({ session_id: 1 })).toBeNull();
    expect(parseSession({})).toBeNull();
    expect(parseSession(undefined)).toBeNull();
  });
});

describe('errorMessageOf', () => {
  it('finds message or error_message', () => {
    expect(errorMessageOf({ message: 'Connector token does not exist' })).toBe('Connector token does not exist');
    expect(errorMessageOf({ error_message: 'Conversation ended' })).toBe('Conversation ended');
    expect(errorMessageOf({ error: 'nope' })).toBe('nope');
    expect(errorMessageOf({ message: 5, error_message: 'fallback' })).toBe('fallback');
    expect(errorMessageOf({})).toBeUndefined();
    expect(errorMessageOf(null)).toBeUndefined();
    expect(errorMessageOf(' session not found\n')).toBe('session not found');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  it('reads seconds, capped', () => {
    expect(parseRetryAfter('5')).toBe(5);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter('120')).toBe(60);
    expect(parseRetryAfter('120', 90)).toBe(90);
  });
  it('reads an HTTP-date relative to now', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:00:10 GMT', 60, now)).toBe(10);
    expect(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', 60, now)).toBe(0);
    expect(parseRetryAfter('Thu, 02 Jan 2025 12:00:00 GMT', 60, now)).toBe(60);
  });
  it('gives undefined for nothing usable', () => {
    for (const header of [null, '', '-5', 'soon', '1e3', '12abc']) expect(parseRetryAfter(header, 60, now)).toBeUndefined();
  });
});

describe('Chat REST bodies', () => {
  it('parseChatCreate', () => {
    expect(parseChatCreate({ conversation_id: 'c1', response: 'Hello' })).toEqual({ conversationId: 'c1', response: 'Hello' });
    expect(parseChatCreate({ conversation_id: 'c1' })).toEqual({ conversationId: 'c1', response: '' });
    expect(parseChatCreate({ response: 'Hello' })).toBeNull();
    expect(parseChatCreate({ conversation_id: 'c1', response: 5 })).toBeNull();
  });
  it('parseChatRespond', () => {
    expect(parseChatRespond({ conversation_id: 'c1', response: 'Bye', end_conversation: true })).toEqual({
      conversationId: 'c1',
      response: 'Bye',
      endConversation: true,
    });
    expect(parseChatRespond({ conversation_id: 'c1', response: 'x' })).toEqual({
      conversationId: 'c1',
      response: 'x',
      endConversation: false,
    });
    expect(
      parseChatRespond({
        conversation_id: 'c1',
        response: 'x',
        end_conversation: false,
        handoff: { destination: 'sales', reason: 'asked' },
      }),
    ).toEqual({
      conversationId: 'c1',
      response: 'x',
      endConversation: false,
      handoff: { destination: 'sales', reason: 'asked' },
    });
    expect(parseChatRespond({ conversation_id: 'c1', response: 'x', handoff: 'sales' })).toEqual({
      conversationId: 'c1',
      response: 'x',
      endConversation: false,
    });
    expect(parseChatRespond({ conversation_id: 'c1', response: 'x', end_conversation: 'yes' })).toBeNull();
    expect(parseChatRespond([])).toBeNull();
  });
});
