// The OpenAPI document against the platform description (seed/platform-interface.md): every status
// the description lists for an operation is one the document lists for it, and a few schemas say
// what the description says. The expectation is written here by hand from the description's error
// tables, so a change to the document cannot quietly agree with itself.

import { describe, expect, it } from 'vitest';
import { isObject } from './builders';
import { OPENAPI_DOCUMENT } from './document';
import { OPERATIONS } from './operations';

type Expected = Record<string, readonly string[]>;

/** "Messaging API: HTTP statuses …" and its three tables (access token, sessions, socket). */
const MESSAGING: Expected = {
  'POST /api/v1/access-token': ['400', '401', '429', '500'],
  'POST /api/v1/sessions': ['400', '401', '429', '500'],
  'GET /ws': ['400', '401', '404', '429'],
};

/** "Conversations API: a malformed cursor gives 400." Cursors are v3 only. */
const CONVERSATIONS: Expected = {
  'GET /v3/{account_id}/{project_id}/conversations': ['400'],
};

/** "Concurrent Calls API": 400, 401 / 403, 404, 500 / 501. */
const CONCURRENT_CALLS: Expected = {
  'GET /v1/{account_id}/{project_id}/conversations/concurrency': ['400', '401', '403', '404', '500', '501'],
};

/** "Outbound Calling API": one row per endpoint and status. */
const OUTBOUND: Expected = {
  'POST /v1/outbound-calling': ['400', '401', '500'],
  'GET /v1/outbound-calling/{call_sid}/status': ['400', '401', '404', '500'],
};

/** "External Events API": 400, 401, 500 — and no other refusal of a request the route accepts. */
const EXTERNAL_EVENTS: Expected = {
  'POST /v1/external-events/webhook': ['400', '401', '500'],
};

/**
 * "Common statuses", Agents column: 401 and 403 (workspace or resource) and 500 on every
 * operation; 404 and 422 (malformed id) where the path names a resource; 400 (validation) where a
 * body is sent — the column lists schema validation under 422 too, and this platform answers every
 * body's validation with 400, naming each field; 409 for the merge of a diverged branch.
 */
function agentsExpected(method: string, template: string): string[] {
  const statuses = ['401', '403', '500'];
  if (template.includes('{')) statuses.push('404', '422');
  if (method === 'POST' || method === 'PATCH') {
    if (!template.endsWith('/merge') && !template.endsWith('/promote')) statuses.push('400');
  }
  if (template.endsWith('/merge')) statuses.push('409');
  return statuses;
}

/**
 * "Common statuses", Alerts column: 401, 500 and 502 (monitoring backend sync) on every
 * operation; 404 and 422 (malformed id) where the path names a resource; 400 on a body; 409 when
 * creating beyond the limit of alert rules or webhook endpoints.
 */
function alertsExpected(method: string, template: string): string[] {
  const statuses = ['401', '500', '502'];
  if (template.includes('{')) statuses.push('404', '422');
  if ((method === 'POST' || method === 'PATCH') && !template.endsWith('/rotate-signing-secret')) statuses.push('400');
  if (method === 'POST' && (template === '/v1/alert-rules' || template === '/v1/webhook-endpoints')) statuses.push('409');
  return statuses;
}

function documented(key: string): string[] {
  const operation = OPERATIONS.find((candidate) => `${candidate.method} ${candidate.template}` === key);
  expect(operation, key).toBeDefined();
  const responses = operation?.object['responses'];
  return isObject(responses) ? Object.keys(responses) : [];
}

function schema(name: string): Record<string, unknown> {
  const components = OPENAPI_DOCUMENT['components'];
  const schemas = isObject(components) ? components['schemas'] : undefined;
  const found = isObject(schemas) ? schemas[name] : undefined;
  return isObject(found) ? found : {};
}

function property(schemaName: string, name: string): Record<string, unknown> {
  const properties = schema(schemaName)['properties'];
  const found = isObject(properties) ? properties[name] : undefined;
  return isObject(found) ? found : {};
}

describe('the document lists every status the platform description lists, per operation', () => {
  it.each(Object.entries({ ...MESSAGING, ...CONVERSATIONS, ...CONCURRENT_CALLS, ...OUTBOUND, ...EXTERNAL_EVENTS }))(
    '%s',
    (key, statuses) => {
      expect(documented(key)).toEqual(expect.arrayContaining([...statuses]));
    },
  );

  it('Agents and Alerts: every operation', () => {
    const missing: string[] = [];
    for (const operation of OPERATIONS) {
      const tags = operation.object['tags'];
      const tag = Array.isArray(tags) ? tags[0] : undefined;
      if (tag !== 'Agents' && tag !== 'Alerts') continue;
      const expected =
        tag === 'Agents' ? agentsExpected(operation.method, operation.template) : alertsExpected(operation.method, operation.template);
      const key = `${operation.method} ${operation.template}`;
      for (const status of expected) if (!documented(key).includes(status)) missing.push(`${key} ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it('the External Events webhook refuses only as its table says (and 405, 413 as every route does): no 403 or 404', () => {
    const errors = documented('POST /v1/external-events/webhook').filter((status) => status >= '400');
    expect(errors.sort()).toEqual(['400', '401', '405', '413', '500']);
  });
});

describe('the document states what the description states', () => {
  it('a concurrency interval may carry the reserved language and phone_number', () => {
    expect(property('ConcurrencyInterval', 'language')['type']).toBe('string');
    expect(property('ConcurrencyInterval', 'phone_number')['type']).toBe('string');
  });

  it('a turn\'s entities are an array or an object ("array/object")', () => {
    for (const turn of ['TurnV3', 'TurnV1']) {
      const entities = property(turn, 'entities');
      const types = JSON.stringify(entities);
      expect(types, turn).toContain('"array"');
      expect(types, turn).toContain('"object"');
    }
  });

  it('leaving enabled out of a rule change keeps it as it is: no default on the patch', () => {
    expect(property('AlertRulePatch', 'enabled')).not.toHaveProperty('default');
    expect(property('AlertRuleCreate', 'enabled')['default']).toBe(true);
  });
});
