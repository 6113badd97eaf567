import { describe, expect, it } from 'vitest';
import { bodyFieldErrors } from './field-errors';
import { checkBody, checkQuery } from './request-validation';
import { checkAnswer } from './response-validation';

const PAGE = '/v3/demo-account/demo-project/conversations';
const JSON_TYPE = 'application/json; charset=utf-8';
const error = (text: string) => JSON.stringify({ message: text, error_message: text });

describe('answers checked against the document', () => {
  it('accepts a documented answer', () => {
    expect(checkAnswer('GET', PAGE, 200, JSON_TYPE, JSON.stringify({ conversations: [], descriptions: {}, cursor: null }))).toBeUndefined();
    expect(checkAnswer('GET', PAGE, 400, JSON_TYPE, error('limit must be an integer from 1 to 5000'))).toBeUndefined();
    expect(checkAnswer('POST', PAGE, 405, JSON_TYPE, error('Method not allowed'))).toBeUndefined();
    expect(checkAnswer('GET', '/v1/nothing-here', 404, JSON_TYPE, error('Not found'))).toBeUndefined();
  });

  it('refuses an undocumented status, a missing field, a wrong type, an unknown route, another content type', () => {
    expect(checkAnswer('GET', PAGE, 418, JSON_TYPE, error('teapot'))).toBe('status 418 not described for listConversationsV3');
    expect(checkAnswer('GET', PAGE, 200, JSON_TYPE, JSON.stringify({ conversations: [], descriptions: {} }))).toContain('cursor');
    expect(checkAnswer('GET', PAGE, 200, JSON_TYPE, JSON.stringify({ conversations: 'none', descriptions: {}, cursor: null }))).toContain(
      'must be array',
    );
    expect(checkAnswer('GET', PAGE, 400, JSON_TYPE, JSON.stringify({ message: 'only one field' }))).toContain('error_message');
    expect(checkAnswer('POST', '/v1/not-a-route', 200, JSON_TYPE, '{}')).toBe('route not described');
    expect(checkAnswer('GET', PAGE, 400, 'text/plain', 'bad')).toBe('content type "text/plain" not described');
  });
});

describe('requests checked against the document', () => {
  it("types query values, fills defaults, refuses a repeated single value, answers the document's sentence", () => {
    expect(checkQuery('listConversationsV3', new URLSearchParams('limit=20&in_progress=true&channel=voice&channel=chat'))).toEqual({
      ok: true,
      value: { limit: 20, in_progress: true, channel: ['voice', 'chat'], client_env: 'live', offset: 0 },
    });
    expect(checkQuery('listConversationsV3', new URLSearchParams('limit=1.5'))).toEqual({
      ok: false,
      message: 'limit must be an integer from 1 to 5000',
    });
    expect(checkQuery('listConversationsV3', new URLSearchParams('limit=1&limit=2'))).toEqual({
      ok: false,
      message: 'limit may be given only once',
    });
    expect(checkQuery('getConcurrency', new URLSearchParams('start_time=2026-01-01'))).toEqual({
      ok: false,
      message: 'start_time and end_time are required ISO 8601 date-times',
    });
  });

  it('names the failing value in a body', () => {
    expect(checkBody('triggerCall', { to_number: '+12025550100', metadata: { n: 1 } }, 'bad')).toEqual({
      ok: false,
      message: 'metadata.n must be a string',
    });
    expect(checkBody('triggerCall', [1], 'bad')).toEqual({ ok: false, message: 'Request body must be a JSON object' });
  });

  it('lists every field a build-host body gets wrong, unknown and read-only fields first', () => {
    expect(bodyFieldErrors('createAlertRule', { id: 'ar_1', colour: 'red', threshold_value: -1, metric: 'x' })).toEqual([
      { field: 'id', message: 'is read-only' },
      { field: 'colour', message: 'is not a known field' },
      { field: 'name', message: 'is required' },
      {
        field: 'metric',
        message: 'must be one of turn_latency_p50, turn_latency_p95, api_errors, function_errors, call_crashes, call_volume',
      },
      { field: 'operator', message: 'is required' },
      { field: 'threshold_value', message: 'must be 0 or more' },
      { field: 'window_duration', message: 'is required' },
    ]);
    expect(bodyFieldErrors('createWebhookEndpoint', { name: 'n', url: 'https://x.example', event_types: ['alerts.nope'] })).toEqual([
      { field: 'event_types[0]', message: 'must be one of alerts.triggered, alerts.resolved' },
    ]);
  });
});
