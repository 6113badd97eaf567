import { describe, expect, it } from 'vitest';
import { listing, newestFirst, visitorFilterOf, visitorTurns } from './listing';
import { parseConversation } from './platform-api';

function conversation(id: string, minute: number, said: string[], inProgress = false) {
  return parseConversation({
    id,
    started_at: `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`,
    channel: 'WEBCHAT',
    environment: 'live',
    in_progress: inProgress,
    num_turns: said.length + 1,
    turns: [{ user_input: '' }, ...said.map((text) => ({ user_input: text }))],
  });
}

describe('console listing', () => {
  const greetingOnly = conversation('greeting-only', 30, [], true);
  const older = conversation('older', 10, ['hello']);
  const newer = conversation('newer', 20, ['where is my order?', 'thanks'], true);
  const all = [older, newer, greetingOnly]; // the API's ascending order

  it('lists the newest first', () => {
    expect(newestFirst(all).map((item) => item.id)).toEqual(['greeting-only', 'newer', 'older']);
  });

  it('counts the turns in which the visitor said something', () => {
    expect(visitorTurns(greetingOnly)).toBe(0);
    expect(visitorTurns(newer)).toBe(2);
  });

  it('keeps only conversations with visitor turns, or only greetings', () => {
    expect(listing(all, 'visitor', 1, 10).shown.map((item) => item.id)).toEqual(['newer', 'older']);
    expect(listing(all, 'greeting', 1, 10).shown.map((item) => item.id)).toEqual(['greeting-only']);
    expect(listing(all, 'any', 1, 10)).toMatchObject({ total: 3, live: 2, pages: 1 });
  });

  it('pages the newest-first list and keeps a page number in range', () => {
    expect(listing(all, 'any', 2, 2)).toMatchObject({ pages: 2, total: 3 });
    expect(listing(all, 'any', 2, 2).shown.map((item) => item.id)).toEqual(['older']);
    expect(listing(all, 'any', 9, 2).shown.map((item) => item.id)).toEqual(['older']);
    expect(listing([], 'any', 1, 2)).toMatchObject({ shown: [], pages: 1, total: 0 });
  });

  it('reads the filter from the address, defaulting to every conversation', () => {
    expect(visitorFilterOf('visitor')).toBe('visitor');
    expect(visitorFilterOf('greeting')).toBe('greeting');
    expect(visitorFilterOf('nonsense')).toBe('any');
    expect(visitorFilterOf(null)).toBe('any');
  });
});
