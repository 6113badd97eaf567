import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformModel } from '../model/platform-model';
import { seedHistory } from '../model/seed-history';
import type { PlatformServer } from '../platform';
import { list, rec, request, startTestPlatform, str } from '../test-kit';

const END = Date.UTC(2026, 9, 1);
const DAY = 24 * 60 * 60 * 1000;
const RANGE = `start_time=${new Date(END - 40 * DAY).toISOString()}&end_time=${new Date(END).toISOString()}`;

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform();
  seedHistory(server.model, { count: 400, seed: 11, endAt: END, spanMs: 30 * DAY });
});
afterAll(() => server.close());

const KEY = { 'x-api-key': 'demo-api-key' };

async function get(path: string, headers: Record<string, string> = KEY) {
  return request(`${server.url}${path}`, { method: 'GET', headers });
}

async function page(query: string, version = 'v3') {
  const answer = await get(`/${version}/demo-account/demo-project/conversations?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return rec(answer.body);
}

const ids = (body: Record<string, unknown>): string[] => list(body['conversations']).map((item) => str(rec(item)['id']));
const records = (body: Record<string, unknown>) => list(body['conversations']).map(rec);

async function errorOf(query: string, version = 'v3'): Promise<[number, unknown]> {
  const answer = await get(`/${version}/demo-account/demo-project/conversations?${query}`);
  return [answer.status, rec(answer.body)['error_message']];
}

describe('Conversations API: access', () => {
  it('401 without or with a wrong key, 403 for another project, 404 for an unknown one; both id forms work', async () => {
    expect((await get('/v3/demo-account/demo-project/conversations', {})).status).toBe(401);
    expect((await get('/v3/demo-account/demo-project/conversations', { 'x-api-key': 'nope' })).status).toBe(401);
    expect((await get('/v3/demo-account/private-project/conversations')).status).toBe(403);
    expect((await get('/v3/demo-account/nope/conversations')).status).toBe(404);
    expect((await get('/v3/ACCOUNT-demo0001/PROJECT-demo0001/conversations')).status).toBe(200);
    expect((await request(`${server.url}/v3/demo-account/demo-project/conversations`, { method: 'POST', headers: KEY })).status).toBe(405);
  });
});

describe('Conversations API: listing and paging', () => {
  it('defaults: live only, 5 per page, ascending start order, next_offset and a cursor', async () => {
    const body = await page('');
    const items = records(body);
    expect(items).toHaveLength(5);
    expect(items.every((item) => item['environment'] === 'live')).toBe(true);
    const starts = items.map((item) => Date.parse(str(item['started_at'])));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(body['next_offset']).toBe(5);
    expect(typeof body['cursor']).toBe('string');
    expect(str(body['cursor'])).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(rec(body['descriptions'])['num_turns']).toBeTypeOf('string');
  });

  it('cursor pages and offset pages walk the same records; the cursor is null at the end', async () => {
    const byOffset: string[] = [];
    for (let offset = 0; ; offset += 50) {
      const body = await page(`limit=50&offset=${offset}&channel=voice`);
      byOffset.push(...ids(body));
      if (body['next_offset'] === undefined) break;
    }
    const byCursor: string[] = [];
    let cursor: unknown;
    do {
      const body = await page(`limit=50&channel=voice${typeof cursor === 'string' ? `&cursor=${cursor}&offset=3` : ''}`);
      byCursor.push(...ids(body));
      cursor = body['cursor'];
    } while (cursor !== null);
    expect(byCursor).toEqual(byOffset);
    expect(new Set(byCursor).size).toBe(byCursor.length);
    expect(byCursor.length).toBeGreaterThan(50);
  });

  it('cursor: malformed 400, other filters 400, not on v1/v2', async () => {
    const first = await page('limit=2');
    expect(await errorOf('cursor=%%%')).toEqual([400, 'Malformed cursor']);
    expect(await errorOf('cursor=bm90IGpzb24')).toEqual([400, 'Malformed cursor']);
    expect((await errorOf(`limit=2&client_env=sandbox&cursor=${str(first['cursor'])}`))[0]).toBe(400);
    expect(await errorOf(`cursor=${str(first['cursor'])}`, 'v2')).toEqual([400, 'cursor pagination is available on v3 only']);
  });

  it.each([
    ['limit=0', 'limit must be an integer from 1 to 5000'],
    ['limit=5001', 'limit must be an integer from 1 to 5000'],
    ['limit=ten', 'limit must be an integer from 1 to 5000'],
    ['offset=-1', 'offset must be an integer >= 0'],
    ['client_env=prod', 'client_env must be one of sandbox, pre-release, live'],
    ['variant_id=a&variant_name=b', 'Give only one of variant_id and variant_name'],
    ['in_progress=yes', 'in_progress must be true or false'],
    ['include_latency=1', 'include_latency must be true or false'],
    ['start_time=yesterday', 'start_time must be an ISO 8601 date-time'],
    ['start_time=2026-11-31T05:30:00Z', 'start_time must be an ISO 8601 date-time'],
    ['start_time=2026-02-30', 'start_time must be an ISO 8601 date-time'],
    ['end_time=2026-11-30T24:00:00Z', 'end_time must be an ISO 8601 date-time'],
    ['end_time=2026-11-30T10:60:00Z', 'end_time must be an ISO 8601 date-time'],
    ['end_time=2026-11-30T10:00:00%2B25:00', 'end_time must be an ISO 8601 date-time'],
    ['start_time=2026-02-01T00:00:00Z&end_time=2026-01-01T00:00:00Z', 'start_time must not be after end_time'],
    ['query_type=transcript', 'query is required with query_type'],
    ['query=hello', 'query needs query_type (transcript or semantic)'],
    ['query_type=fuzzy&query=x', 'query_type must be transcript or semantic'],
    ['query_type=transcript&query=x&sample=random', 'Only one retrieval mode per request: query_type or sample'],
    ['query_type=semantic&query=x&turn_type=user', 'turn_type applies to query_type=transcript only'],
    ['query_type=transcript&query=x', 'start_time and end_time are required with query_type or sample'],
    ['sample=random', 'start_time and end_time are required with query_type or sample'],
    ['sample=all', 'sample must be random'],
    ['limit=1&limit=2', 'limit may be given only once'],
  ])('400 for %s', async (query, message) => {
    expect(await errorOf(query)).toEqual([400, message]);
  });

  it('filters: environment, repeatable channel, variant by id or name, time bounds, in_progress', async () => {
    const sandbox = records(await page('client_env=sandbox&limit=100'));
    expect(sandbox.length).toBeGreaterThan(0);
    expect(sandbox.every((item) => item['environment'] === 'sandbox')).toBe(true);
    const chats = records(await page('channel=chat&channel=WEBCHAT&limit=200'));
    expect(new Set(chats.map((item) => item['channel']))).toEqual(new Set(['CHAT', 'WEBCHAT']));
    const byName = records(await page('variant_name=Spring%20Sale&limit=100'));
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((item) => item['variant_id'] === 'var_spring')).toBe(true);
    expect(ids(await page('variant_id=var_spring&limit=100'))).toEqual(byName.map((item) => item['id']));
    const from = END - 10 * DAY;
    const bounded = records(await page(`start_time=${new Date(from).toISOString()}&end_time=${new Date(END).toISOString()}&limit=500`));
    expect(bounded.every((item) => Date.parse(str(item['started_at'])) >= from)).toBe(true);
    expect(records(await page('in_progress=true&limit=500')).every((item) => item['in_progress'] === true)).toBe(true);
  });
});

describe('Conversations API: what the seed leaves open, read as a backend engineer would', () => {
  it('a date-time without an offset is UTC; a day the calendar lacks is refused, never rolled over', async () => {
    const local = ids(await page('start_time=2026-09-20T10:00:00&end_time=2026-09-25T10:00&limit=500'));
    expect(local.length).toBeGreaterThan(0);
    expect(local).toEqual(ids(await page('start_time=2026-09-20T10:00:00Z&end_time=2026-09-25T10:00Z&limit=500')));
    expect(ids(await page('start_time=2026-09-20&end_time=2026-09-25&limit=500'))).toEqual(
      ids(await page('start_time=2026-09-20T00:00:00.000Z&end_time=2026-09-25T00:00:00%2B00:00&limit=500')),
    );
    expect((await errorOf('start_time=2026-02-29T00:00:00Z'))[0]).toBe(400);
    expect((await errorOf('start_time=2028-02-29T00:00:00Z'))[0]).toBe(200);
  });

  it('a channel without records (SMS) is a filter that matches nothing: 200 with an empty list', async () => {
    const body = await page('channel=SMS&limit=500');
    expect(body['conversations']).toEqual([]);
    expect(body['cursor']).toBeNull();
    const mixed = records(await page('channel=sms&channel=chat&limit=500'));
    expect(mixed.length).toBeGreaterThan(0);
    expect(mixed.every((item) => item['channel'] === 'CHAT')).toBe(true);
  });

  it('transcripts off: a search cannot match what the caller may not read', async () => {
    const transcript = `${RANGE}&query_type=transcript&query=book%20a%20table&limit=500`;
    const semantic = `${RANGE}&query_type=semantic&query=settle%20my%20invoice&limit=500`;
    expect(ids(await page(transcript)).length).toBeGreaterThan(0);
    expect(ids(await page(semantic)).length).toBeGreaterThan(0);
    server.control.projectSettings('demo-project', { transcripts: false });
    try {
      expect(ids(await page(transcript))).toEqual([]);
      expect(ids(await page(semantic))).toEqual([]);
      expect(ids(await page(`${RANGE}&sample=random&limit=3`))).toHaveLength(3);
    } finally {
      server.control.projectSettings('demo-project', { transcripts: true });
    }
  });

  it('descriptions describe exactly the keys the answer carries, records and turns', async () => {
    const keysOf = (body: Record<string, unknown>): string[] => {
      const keys = new Set<string>();
      for (const item of records(body)) {
        for (const key of Object.keys(item)) keys.add(key);
        for (const turn of list(item['turns'])) for (const key of Object.keys(rec(turn))) keys.add(key);
      }
      return [...keys].sort();
    };
    const described = (body: Record<string, unknown>): string[] => Object.keys(rec(body['descriptions'])).sort();
    for (const [query, version] of [
      ['channel=chat&limit=3&include_latency=true', 'v3'],
      ['channel=chat&limit=3', 'v3'],
      ['channel=chat&limit=3&include_latency=true', 'v2'],
      ['channel=chat&limit=3&include_latency=true', 'v1'],
    ] as const) {
      const body = await page(query, version);
      expect(described(body), `${version} ${query}`).toEqual(keysOf(body));
    }
    const v3 = await page('channel=chat&limit=1&include_latency=true');
    expect(described(v3)).toHaveLength(22 + 13);
    server.control.projectSettings('demo-project', { v1FieldWhitelist: true });
    try {
      const v1 = await page('limit=2', 'v1');
      expect(described(v1)).toEqual(['account_id', 'id', 'project_id', 'started_at']);
    } finally {
      server.control.projectSettings('demo-project', { v1FieldWhitelist: false });
    }
  });
});

describe('Conversations API: retrieval modes', () => {
  it('transcript search: whole-word phrase, any case; turn_type limits the side', async () => {
    const found = records(await page(`${RANGE}&query_type=transcript&query=BOOK%20a%20table&limit=500`));
    expect(found.length).toBeGreaterThan(0);
    for (const item of found) {
      expect(list(item['turns']).some((turn) => /\bbook a table\b/i.test(str(rec(turn)['user_input'])))).toBe(true);
    }
    expect(ids(await page(`${RANGE}&query_type=transcript&query=book%20a%20table&turn_type=agent&limit=500`))).toEqual([]);
    expect(ids(await page(`${RANGE}&query_type=transcript&query=book%20a%20table&turn_type=user&limit=500`))).toEqual(
      found.map((item) => item['id']),
    );
    expect(ids(await page(`${RANGE}&query_type=transcript&query=boo&limit=500`))).toEqual([]);
  });

  it('semantic search finds meaning, not only the words: "settle my invoice" finds payment talk without "invoice"', async () => {
    const found = records(await page(`${RANGE}&query_type=semantic&query=settle%20my%20invoice&limit=500`));
    const texts = found.map((item) => JSON.stringify(item['turns']));
    expect(found.length).toBeGreaterThan(0);
    expect(texts.every((text) => /pay|bill|invoice|card|checkout|charge|cost|price|fee|purchas|buy/i.test(text))).toBe(true);
    expect(found.some((item) => list(item['turns']).some((turn) => list(rec(turn)['intents']).includes('payment')))).toBe(true);
    expect(texts.some((text) => !/invoice/i.test(text))).toBe(true);
    const unrelated = records(await page(`${RANGE}&query_type=semantic&query=penguins%20joke&limit=500`));
    expect(unrelated.every((item) => JSON.stringify(item['turns']).toLowerCase().includes('penguin'))).toBe(true);
  });

  it('sample=random: at most limit records from the range, in start order, no paging', async () => {
    const body = await page(`${RANGE}&sample=random&limit=7`);
    const items = records(body);
    expect(items).toHaveLength(7);
    const starts = items.map((item) => Date.parse(str(item['started_at'])));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(body['next_offset']).toBeUndefined();
    expect(body['cursor']).toBeNull();
  });
});

describe('Conversations API: records and versions', () => {
  it('v3 and v2 (the same schema) write empty strings; v1 writes null; include_latency adds latency; v1 lacks translation fields', async () => {
    const v3 = records(await page('channel=chat&include_latency=true&limit=1'))[0] ?? {};
    expect(v3['from_number']).toBe('');
    const turn3 = rec(list(v3['turns'])[0]);
    expect(turn3['latency']).toBeTypeOf('number');
    expect(turn3['translated_user_input']).toBe('');
    const v2 = records(await page('channel=chat&limit=1', 'v2'))[0] ?? {};
    expect(v2['from_number']).toBe('');
    expect(rec(list(v2['turns'])[0])['translated_user_input']).toBe('');
    const v1 = records(await page('channel=chat&include_latency=true&limit=1', 'v1'))[0] ?? {};
    expect(v1['from_number']).toBeNull();
    const turn1 = rec(list(v1['turns'])[0]);
    expect(turn1['latency']).toBeUndefined();
    expect(turn1['translated_user_input']).toBeUndefined();
    expect((await get('/v1/demo-account/demo-project/conversations')).body).not.toHaveProperty('cursor');
  });

  it('counts and durations are computed from the turns', async () => {
    for (const item of records(await page('limit=50'))) {
      const turns = list(item['turns']).map(rec);
      expect(item['num_turns']).toBe(turns.length);
      expect(item['num_ood']).toBe(turns.filter((turn) => turn['is_ood']).length);
      expect(item['num_silences']).toBe(turns.filter((turn) => turn['is_silence']).length);
      expect(rec(item['metrics'])['CALL_TURN']).toHaveLength(turns.length);
      expect(Number(item['total_duration'])).toBeGreaterThan(0);
    }
  });

  it('project settings: transcripts off keeps num_turns, response metrics off empties metrics; v1 whitelist', async () => {
    server.control.projectSettings('demo-project', { transcripts: false, responseMetrics: false, v1FieldWhitelist: true });
    try {
      const item = records(await page('limit=1&include_latency=true'))[0] ?? {};
      expect(item['turns']).toEqual([]);
      expect(Number(item['num_turns'])).toBeGreaterThan(0);
      expect(item['metrics']).toEqual({});
      const v1 = records(await page('limit=1', 'v1'))[0] ?? {};
      expect(Object.keys(v1).sort()).toEqual(['account_id', 'id', 'project_id', 'started_at']);
    } finally {
      server.control.projectSettings('demo-project', { transcripts: true, responseMetrics: true, v1FieldWhitelist: false });
    }
  });

  it('a Chat REST conversation shows up live with its turns, in progress until closed', async () => {
    const headers = { 'X-API-KEY': 'demo-api-key', 'X-TOKEN': 'demo-connector-token', 'Content-Type': 'application/json' };
    const base = `${server.url}/v1/demo-account/demo-project/chat`;
    const id = str(rec((await request(`${base}/create`, { headers, body: '{}' })).body)['conversation_id']);
    await request(`${base}/respond`, { headers, body: JSON.stringify({ conversation_id: id, message: 'help' }) });
    const live = records(await page('in_progress=true&channel=chat&limit=500')).find((item) => item['id'] === id);
    expect(live?.['turns']).toHaveLength(2);
    expect(rec(list(live?.['turns'])[1])['user_input']).toBe('help');
    await request(`${base}/close`, { method: 'PUT', headers, body: JSON.stringify({ conversation_id: id }) });
    expect(records(await page('in_progress=false&channel=chat&limit=5000')).some((item) => item['id'] === id)).toBe(true);
  });

  it('seeded history is deterministic for a seed', () => {
    const one = new PlatformModel();
    const two = new PlatformModel();
    seedHistory(one, { count: 50, seed: 5, endAt: END });
    seedHistory(two, { count: 50, seed: 5, endAt: END });
    expect(JSON.stringify(one.conversations.ordered())).toBe(JSON.stringify(two.conversations.ordered()));
    const other = new PlatformModel();
    seedHistory(other, { count: 50, seed: 6, endAt: END });
    expect(JSON.stringify(other.conversations.ordered())).not.toBe(JSON.stringify(one.conversations.ordered()));
  });
});

describe('Concurrent Calls API', () => {
  const path = (query: string) => `/v1/demo-account/demo-project/conversations/concurrency?${query}`;

  it('5-minute intervals, start rounded down and end rounded up, peaks from the records', async () => {
    const model = server.model;
    const base = Date.UTC(2027, 0, 1, 10, 0);
    model.startConversation({
      id: 'cc-1',
      projectId: 'demo-project',
      environment: 'live',
      channel: 'VOICE-SIP',
      startedAt: base + 60_000,
      endedAt: base + 8 * 60_000,
    });
    model.startConversation({
      id: 'cc-2',
      projectId: 'demo-project',
      environment: 'live',
      channel: 'CHAT',
      startedAt: base + 2 * 60_000,
      endedAt: base + 3 * 60_000,
      variantId: 'var_spring',
    });
    model.startConversation({
      id: 'cc-3',
      projectId: 'demo-project',
      environment: 'sandbox',
      channel: 'CHAT',
      startedAt: base + 2 * 60_000,
      endedAt: base + 3 * 60_000,
    });
    const answer = await get(
      path(`start_time=${new Date(base + 90_000).toISOString()}&end_time=${new Date(base + 11 * 60_000).toISOString()}`),
    );
    expect(answer.status).toBe(200);
    expect(rec(answer.body)).toEqual({
      account_id: 'demo-account',
      project_id: 'demo-project',
      intervals: [
        { time: '2027-01-01T10:00:00.000Z', max_concurrent_conversations: 2 },
        { time: '2027-01-01T10:05:00.000Z', max_concurrent_conversations: 1 },
        { time: '2027-01-01T10:10:00.000Z', max_concurrent_conversations: 0 },
      ],
    });
    const sliced = rec((await get(path(`start_time=2027-01-01T10:00:00Z&end_time=2027-01-01T10:05:00Z&slice_by=variant`))).body);
    expect(list(sliced['intervals']).map(rec)).toEqual([
      { time: '2027-01-01T10:00:00.000Z', max_concurrent_conversations: 1, variant_id: 'var_default', variant_name: 'Default' },
      { time: '2027-01-01T10:00:00.000Z', max_concurrent_conversations: 1, variant_id: 'var_spring', variant_name: 'Spring Sale' },
    ]);
    const sandbox = rec((await get(path('start_time=2027-01-01T10:00:00Z&end_time=2027-01-01T10:05:00Z&client_env=sandbox'))).body);
    expect(list(sandbox['intervals']).map(rec)[0]?.['max_concurrent_conversations']).toBe(1);
    const voice = rec((await get(path('start_time=2027-01-01T10:00:00Z&end_time=2027-01-01T10:05:00Z&variant_name=Spring%20Sale'))).body);
    expect(list(voice['intervals']).map(rec)[0]?.['max_concurrent_conversations']).toBe(1);
  });

  it.each([
    ['', 400],
    ['start_time=2027-01-01T10:00:00Z', 400],
    ['start_time=bad&end_time=2027-01-01T10:00:00Z', 400],
    ['start_time=2026-11-31T05:30:00Z&end_time=2026-12-01T10:00:00Z', 400],
    ['start_time=2026-02-30&end_time=2026-03-05', 400],
    ['start_time=2027-01-02T10:00:00Z&end_time=2027-01-01T10:00:00Z', 400],
    ['start_time=2026-01-01T00:00:00Z&end_time=2027-01-01T10:00:00Z', 400],
    ['start_time=2027-01-01T00:00:00Z&end_time=2027-01-01T10:00:00Z&variant_id=a&variant_name=b', 400],
    ['start_time=2027-01-01T00:00:00Z&end_time=2027-01-01T10:00:00Z&slice_by=language', 501],
    ['start_time=2027-01-01T00:00:00Z&end_time=2027-01-01T10:00:00Z&slice_by=phone_number', 501],
    ['start_time=2027-01-01T00:00:00Z&end_time=2027-01-01T10:00:00Z&slice_by=channel', 400],
    ['start_time=2027-01-01T00:00:00Z&end_time=2027-01-01T10:00:00Z&client_env=prod', 400],
    ['start_time=2027-01-01T00:00:00Z&end_time=2027-01-01T10:00:00Z&phone_number=12', 400],
  ])('%s → %i with error_message', async (query, status) => {
    const answer = await get(path(query));
    expect(answer.status).toBe(status);
    expect(rec(answer.body)['error_message']).toBeTypeOf('string');
  });

  it('a date-time without an offset is read as UTC, like the intervals it answers', async () => {
    const local = await get(path('start_time=2027-01-01T10:00:00&end_time=2027-01-01T10:10'));
    expect(local.status).toBe(200);
    expect(list(rec(local.body)['intervals']).map((interval) => rec(interval)['time'])).toEqual([
      '2027-01-01T10:00:00.000Z',
      '2027-01-01T10:05:00.000Z',
    ]);
  });

  it('echoes account_id and project_id as the query gave them, in either form', async () => {
    const range = 'start_time=2027-01-01T10:00:00Z&end_time=2027-01-01T10:05:00Z';
    for (const [account, project] of [
      ['ACCOUNT-demo0001', 'PROJECT-demo0001'],
      ['demo-account', 'PROJECT-demo0001'],
      ['ACCOUNT-demo0001', 'demo-project'],
    ]) {
      const answer = await get(`/v1/${account}/${project}/conversations/concurrency?${range}`);
      expect(rec(answer.body)).toMatchObject({ account_id: account, project_id: project });
    }
  });

  it('slice_by=variant: intervals ascend by time, each time carrying one interval per variant (ordered by variant_id)', async () => {
    const base = Date.UTC(2027, 0, 2, 10, 0);
    for (const [id, variantId] of [
      ['asc-1', 'var_spring'],
      ['asc-2', undefined],
      ['asc-3', 'var_uk'],
    ] as const) {
      server.model.startConversation({
        id,
        projectId: 'demo-project',
        environment: 'live',
        channel: 'CHAT',
        startedAt: base + 60_000,
        endedAt: base + 12 * 60_000,
        ...(variantId === undefined ? {} : { variantId }),
      });
    }
    const sliced = rec((await get(path(`start_time=2027-01-02T10:00:00Z&end_time=2027-01-02T10:15:00Z&slice_by=variant`))).body);
    const intervals = list(sliced['intervals']).map(rec);
    expect(intervals.map((interval) => `${str(interval['time']).slice(11, 16)} ${str(interval['variant_id'])}`)).toEqual([
      '10:00 var_default',
      '10:00 var_spring',
      '10:00 var_uk',
      '10:05 var_default',
      '10:05 var_spring',
      '10:05 var_uk',
      '10:10 var_default',
      '10:10 var_spring',
      '10:10 var_uk',
    ]);
    expect(intervals.map((interval) => interval['variant_name']).slice(0, 3)).toEqual(['Default', 'Spring Sale', 'UK Site']);
  });

  it('401 / 403 / 404 like the Conversations API', async () => {
    expect((await get(path(''), {})).status).toBe(401);
    expect((await get('/v1/demo-account/private-project/conversations/concurrency')).status).toBe(403);
    expect((await get('/v1/nope/demo-project/conversations/concurrency')).status).toBe(404);
  });
});
