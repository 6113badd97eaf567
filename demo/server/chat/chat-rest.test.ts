import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { type HttpAnswer, rec, request, startTestPlatform, str } from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform();
});
afterAll(() => server.close());

const HEADERS = { 'X-API-KEY': 'demo-api-key', 'X-TOKEN': 'demo-connector-token', 'Content-Type': 'application/json' };
const base = (account = 'demo-account', project = 'demo-project'): string => `${server.url}/v1/${account}/${project}/chat`;

const call = (
  operation: string,
  body?: unknown,
  options: { method?: string; headers?: Record<string, string>; url?: string } = {},
): Promise<HttpAnswer> =>
  request(`${options.url ?? base()}/${operation}`, {
    method: options.method ?? (operation === 'close' ? 'PUT' : 'POST'),
    headers: options.headers ?? HEADERS,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

const expectError = (answer: HttpAnswer, status: number): void => {
  expect(answer.status).toBe(status);
  const body = rec(answer.body);
  expect(str(body['error_message'])).not.toBe('');
  expect(body['message']).toBe(body['error_message']);
};

async function create(): Promise<string> {
  const answer = await call('create', {});
  return str(rec(answer.body)['conversation_id']);
}

describe('authentication and routing', () => {
  it('401 without or with wrong X-API-KEY / X-TOKEN', async () => {
    expectError(await call('create', {}, { headers: { 'Content-Type': 'application/json' } }), 401);
    expectError(await call('create', {}, { headers: { ...HEADERS, 'X-API-KEY': 'wrong' } }), 401);
    expectError(await call('create', {}, { headers: { ...HEADERS, 'X-TOKEN': 'wrong' } }), 401);
  });

  it('accepts slug and prefixed account/project ids', async () => {
    for (const [account, project] of [
      ['demo-account', 'demo-project'],
      ['ACCOUNT-demo0001', 'PROJECT-demo0001'],
      ['demo-account', 'PROJECT-demo0001'],
    ]) {
      expect((await call('create', {}, { url: base(account, project) })).status).toBe(200);
    }
  });

  it('404 for an unknown account or project, 403 for a project the key may not use', async () => {
    expectError(await call('create', {}, { url: base('nobody', 'demo-project') }), 404);
    expectError(await call('create', {}, { url: base('demo-account', 'nothing') }), 404);
    expectError(await call('create', {}, { url: base('demo-account', 'private-project') }), 403);
  });

  it('415 without Content-Type: application/json, which the platform lists among the headers of every request', async () => {
    const { 'Content-Type': _type, ...noType } = HEADERS;
    expectError(await call('create', {}, { headers: noType }), 415);
    expectError(await call('create', {}, { headers: { ...HEADERS, 'Content-Type': 'text/plain' } }), 415);
    expectError(await call('close', { conversation_id: 'x' }, { headers: noType }), 415);
    const created = await call('create', {}, { headers: { ...HEADERS, 'Content-Type': 'application/json; charset=utf-8' } });
    expect(created.status).toBe(200);
    expect(rec((await call('create', {}, { headers: noType })).body)['error_message']).toBe('Content-Type must be application/json');
  });

  it('405 for the wrong method, 404 for an unknown operation', async () => {
    expectError(await call('close', { conversation_id: 'x' }, { method: 'POST' }), 405);
    expectError(await call('create', {}, { method: 'PUT' }), 405);
    expectError(await call('delete', {}), 404);
  });
});

describe('create / respond / close', () => {
  it('create returns a conversation id and the greeting; the body is optional', async () => {
    for (const body of [undefined, {}, { variant_id: 'var_uk', integration_attributes: { plan: 'pro' } }]) {
      const answer = await call('create', body);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ conversation_id: expect.any(String), response: expect.stringContaining('Ada') });
    }
  });

  it('create: 400 for invalid JSON or wrongly typed fields', async () => {
    expectError(await call('create', '{'), 400);
    expectError(await call('create', '[]'), 400);
    expectError(await call('create', { variant_id: 3 }), 400);
    expectError(await call('create', { integration_attributes: 'x' }), 400);
  });

  it("create: variant_id must be one of the deployed agent's variants; the record carries its id and name", async () => {
    const unknown = await call('create', { variant_id: 'nope' });
    expectError(unknown, 400);
    expect(rec(unknown.body)['error_message']).toBe('Unknown variant_id nope: the deployed variants are var_default, var_spring, var_uk');
    const spring = await call('create', { variant_id: 'var_spring' });
    expect(spring.status).toBe(200);
    const record = server.model.conversations.get(str(rec(spring.body)['conversation_id']));
    expect(record).toMatchObject({ variantId: 'var_spring', variantName: 'Spring Sale' });
    const plain = server.model.conversations.get(await create());
    expect(plain).toMatchObject({ variantId: 'var_default', variantName: 'Default' });
  });

  it('respond: a variant_id is refused (it is accepted only on create), and the conversation keeps its variant', async () => {
    const id = await create();
    const answer = await call('respond', { conversation_id: id, message: 'hello', variant_id: 'var_uk' });
    expectError(answer, 400);
    expect(rec(answer.body)['error_message']).toBe('variant_id is accepted only on create');
    expect(server.model.conversations.get(id)).toMatchObject({ variantId: 'var_default', turns: [expect.anything()] });
  });

  it('respond answers a message, and a turn without one', async () => {
    const id = await create();
    const answer = await call('respond', { conversation_id: id, message: 'What is this?' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ conversation_id: id, response: expect.stringContaining('What is this?'), end_conversation: false });
    const silent = await call('respond', { conversation_id: id });
    expect(rec(silent.body)['end_conversation']).toBe(false);
  });

  it('"human" gives a handoff and ends the conversation; afterwards 410', async () => {
    const id = await create();
    const answer = await call('respond', { conversation_id: id, message: 'talk to a human' });
    expect(answer.body).toEqual({
      conversation_id: id,
      response: expect.any(String),
      end_conversation: true,
      handoff: { destination: 'live-agent-queue', reason: 'USER_REQUESTED' },
    });
    expectError(await call('respond', { conversation_id: id, message: 'hello?' }), 410);
  });

  it('"bye" ends the conversation; afterwards 410', async () => {
    const id = await create();
    const answer = await call('respond', { conversation_id: id, message: 'Bye!' });
    expect(rec(answer.body)['end_conversation']).toBe(true);
    expect(rec(answer.body)['handoff']).toBeUndefined();
    expectError(await call('respond', { conversation_id: id, message: 'hello?' }), 410);
  });

  it('respond: 400 for a missing conversation_id or a non-string message, 404 for an unknown one', async () => {
    const id = await create();
    expectError(await call('respond', { message: 'hi' }), 400);
    expectError(await call('respond', { conversation_id: id, message: 42 }), 400);
    expectError(await call('respond', '{oops'), 400);
    expectError(await call('respond', { conversation_id: 'conv_unknown', message: 'hi' }), 404);
  });

  it('close → {success: true}; the conversation then answers 410', async () => {
    const id = await create();
    const closed = await call('close', { conversation_id: id });
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ success: true });
    expectError(await call('respond', { conversation_id: id, message: 'hi' }), 410);
    // A client retrying a close whose answer it lost is told what it wants to know: closed.
    const again = await call('close', { conversation_id: id });
    expect([again.status, again.body]).toEqual([200, { success: true }]);
    expectError(await call('close', { conversation_id: 'conv_unknown' }), 404);
    expectError(await call('close', {}), 400);
  });

  it('429 with Retry-After under an HTTP fault', async () => {
    server.control.httpFaults({ status: 429, count: 1, retryAfterSeconds: 4, paths: ['/v1/'] });
    const refused = await call('create', {});
    expectError(refused, 429);
    expect(refused.headers.get('retry-after')).toBe('4');
    expect((await call('create', {})).status).toBe(200);
  });
});
