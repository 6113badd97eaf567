// A fetch for tests: answers from a queue of responses per path; records every request.

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';

export function createFakeFetch(answer: (req: RecordedRequest, count: number) => FakeAnswer) {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const req: RecordedRequest = { url, method: init?.method ?? 'GET', headers, body: typeof init?.body === 'string' ? init.body : '' };
    requests.push(req);
    const reply = answer(req, requests.filter((request) => request.url === url).length);
    if (reply === 'network-error') throw new TypeError('fetch failed');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: reply.headers });
  };
  return { fetch: fetchImpl, requests };
}

/** The happy path of docs/protocol.md §1: a token, then a session. */
export function platformAnswers(overrides: Partial<Record<'token' | 'session', FakeAnswer[]>> = {}, expiresIn = 3600) {
  let tokens = 0;
  let sessions = 0;
  return (req: RecordedRequest): FakeAnswer => {
    if (req.url.endsWith('/api/v1/sessions')) {
      const o = overrides.session?.[sessions];
      sessions++;
      return o ?? { status: 200, body: { session_id: `sess-${sessions}` } };
    }
    const o = overrides.token?.[tokens];
    tokens++;
    return o ?? { status: 200, body: { access_token: `SECRET-TOKEN-${tokens}`, expires_in: expiresIn, token_type: 'Bearer' } };
  };
}
