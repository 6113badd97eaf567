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
    // Nothing to do on the wire (the store shows them): a rejected client event, an agent error.
    ['Unknown event type or invalid message format', 'other'],
    ['Event type not allowed: EVENT_TYPE_SESSION_END', 'other'],
    ['I am having trouble responding right now.', 'other'],
    ['An error occurred during streaming', 'other'],
    ['Failed to forward message to live agent', 'other'],
    ['Conversation closed by agent', 'other'],
    ['', 'other'],
  ])('%s → %s', (text, action) => {
    expect(classifySystemMessage(text)).toBe(action);
  });
});
