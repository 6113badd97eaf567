import { describe, expect, it } from 'vitest';
import { type ConversationQuery, conversationParams, greetingOf, parseConversation, seriesByVariant } from './platform-api';
import { parseHash } from './route';

const QUERY: ConversationQuery = {
  environment: 'live',
  channel: '',
  variantId: '',
  inProgress: '',
  from: '',
  to: '',
  search: '',
  mode: 'transcript',
};

describe('conversationParams', () => {
  it('sends only the filters chosen, with latency, and no bound when no range is chosen', () => {
    expect(Object.fromEntries(conversationParams(QUERY, 100))).toEqual({ limit: '100', include_latency: 'true', client_env: 'live' });
    const filtered = conversationParams(
      {
        ...QUERY,
        environment: 'sandbox',
        channel: 'WEBCHAT',
        variantId: 'var_uk',
        inProgress: 'true',
        from: '2026-11-01T00:00:00.000Z',
      },
      100,
    );
    expect(Object.fromEntries(filtered)).toMatchObject({
      client_env: 'sandbox',
      channel: 'WEBCHAT',
      variant_id: 'var_uk',
      in_progress: 'true',
      start_time: '2026-11-01T00:00:00.000Z',
    });
    expect(filtered.has('end_time')).toBe(false);
  });

  it('gives a search both bounds, as the platform requires', () => {
    const now = Date.parse('2026-11-26T12:00:00.000Z');
    const params = conversationParams({ ...QUERY, search: '  settle my invoice ', mode: 'semantic' }, 100, now);
    expect(Object.fromEntries(params)).toMatchObject({
      query_type: 'semantic',
      query: 'settle my invoice',
      start_time: '2000-01-01T00:00:00.000Z',
      end_time: '2026-11-27T12:00:00.000Z',
    });
  });
});

describe('parseConversation', () => {
  it('reads a v3 record and tolerates missing or mistyped fields', () => {
    const conversation = parseConversation({
      id: 'c1',
      started_at: '2026-11-26T10:00:00.000Z',
      channel: 'WEBCHAT',
      in_progress: true,
      num_turns: 1,
      total_duration: 3.5,
      state: { platform: 'web' },
      turns: [{ user_input: 'hello', latency: 120, intents: ['greeting', 7], barge_in: 'yes' }],
    });
    expect(conversation).toMatchObject({
      id: 'c1',
      channel: 'WEBCHAT',
      inProgress: true,
      numTurns: 1,
      totalDuration: 3.5,
      variantName: '',
    });
    expect(conversation.turns).toEqual([
      {
        userInput: 'hello',
        userAt: '',
        agentResponse: '',
        agentAt: '',
        latencyMs: 120,
        intents: ['greeting'],
        bargeIn: false,
        isOod: false,
        isSilence: false,
      },
    ]);
    expect(() => parseConversation('not a record')).toThrow('conversation is not an object');
  });
});

describe('greetingOf', () => {
  const base = { environment: 'live', deploymentId: 'dep_1', state: 'live', revision: 1, deployedAt: '', behavior: '', variables: {} };
  it('prefers the real-time variable, then the deployed Greeting: line', () => {
    expect(greetingOf({ ...base, behavior: 'Rules\nGreeting: Hello there\nMore' })).toEqual({
      text: 'Hello there',
      source: 'deployed behavior',
    });
    expect(greetingOf({ ...base, behavior: 'Greeting: Hello there', variables: { greeting: 'Hi now' } })).toEqual({
      text: 'Hi now',
      source: 'real-time variable',
    });
    expect(greetingOf(base)).toBeNull();
  });
});

describe('parseHash', () => {
  it('reads the view, its id and its parameters', () => {
    const route = parseHash('#/conversation/hist-1-9?at=2026-11-26T10%3A00%3A00.000Z&env=live');
    expect(route.path).toEqual(['conversation', 'hist-1-9']);
    expect(route.params.get('at')).toBe('2026-11-26T10:00:00.000Z');
    expect(parseHash('').path).toEqual([]);
  });
});

describe('seriesByVariant', () => {
  it('groups a slice_by=variant answer into one time-ordered series per variant, in variant_id order', () => {
    const at = (minute: string) => `2026-11-26T10:${minute}:00.000Z`;
    const series = seriesByVariant([
      { time: at('00'), variant_id: 'var_uk', variant_name: 'UK Site', max_concurrent_conversations: 2 },
      { time: at('05'), variant_id: 'var_default', variant_name: 'Default', max_concurrent_conversations: 1 },
      { time: at('00'), variant_id: 'var_default', variant_name: 'Default', max_concurrent_conversations: 3 },
      { time: 'not a time', variant_id: 'var_uk', variant_name: 'UK Site', max_concurrent_conversations: 9 },
    ]);
    expect(series).toEqual([
      {
        variantId: 'var_default',
        variantName: 'Default',
        intervals: [
          { time: Date.parse(at('00')), max: 3 },
          { time: Date.parse(at('05')), max: 1 },
        ],
      },
      { variantId: 'var_uk', variantName: 'UK Site', intervals: [{ time: Date.parse(at('00')), max: 2 }] },
    ]);
  });
});
