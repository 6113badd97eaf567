import { describe, expect, it } from 'vitest';
import { classifySystemMessage } from './system-messages';

describe('classifySystemMessage', () => {
  it.each([
    ['Our system is experiencing high load. Please try again in a moment.', 'retry-later'],
    ['Error: Unable to retrieve session', 'transient'],
    ['Error: Session not found', 'new-session'],
    ['Error: Conversation not found', 'rejoin'],
    ['Error: Conversation ID not found in session', 'rejoin'],
    ['Error: Connector not found', 'config'],
    ['Unknown event type or invalid message format', 'invalid-event'],
    ['Event type not allowed: EVENT_TYPE_SESSION_END', 'invalid-event'],
    ['I am having trouble responding right now.', 'resend'],
    ['An error occurred during streaming', 'resend'],
    ['Failed to forward message to live agent', 'resend'],
    ['Conversation closed by agent', 'other'],
    ['', 'other'],
  ])('%s → %s', (text, action) => {
    expect(classifySystemMessage(text)).toBe(action);
  });
});
