// createHistoryEndpoint against the reference platform: visitors chat over the Messaging socket,
// the history is read back from the Conversations API, one platform request per question.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlatformServer } from '../../demo/server/platform';
import { createMemoryBindingStore } from './binding-store';
import { type Browser, browser, type HistorySite, startPlatform, startSite } from './testing/history-world';
import { newVisitorId } from './visitor-cookie';

let platform: PlatformServer;
let site: HistorySite;

beforeAll(async () => {
  platform = await startPlatform();
  site = await startSite(platform);
});

afterAll(async () => {
  await site?.close();
  await platform?.close();
});

interface Listed {
  id: string;
  started_at: string;
  ended_at: string;
  channel: string;
  preview: string;
}

async function listOf(visitor: Browser): Promise<Listed[]> {
  const answer = await visitor.ask('GET', '/api/history');
  expect(answer.status).toBe(200);
  const body = await answer.json();
  return body.conversations;
}

/** The list once the platform's record of the ended conversations is complete. */
async function listed(visitor: Browser, count: number): Promise<Listed[]> {
  return vi.waitFor(
    async () => {
      const list = await listOf(visitor);
      expect(list).toHaveLength(count);
      return list;
    },
    { timeout: 5000, interval: 50 },
  );
}

describe('createHistoryEndpoint', () => {
  let ann: Browser;
  let earlier: string;
  let live: string;

  beforeAll(async () => {
    ann = browser(site, platform);
    earlier = await ann.chat(['Where is my order <b>42</b>?', 'Thanks'], { end: true });
    live = await ann.chat(['A new question'], { fresh: true });
  });

  it('lists the ended conversation with the visitor’s first words, not the live one, in one platform request', async () => {
    await listed(ann, 1);
    const before = site.conversationRequests();
    const [entry] = await listOf(ann);
    expect(site.conversationRequests() - before).toBe(1);
    expect(entry).toEqual({
      id: earlier,
      started_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      ended_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      channel: 'chat',
      preview: 'Where is my order <b>42</b>?',
    });
    expect(Date.parse(entry!.ended_at)).toBeGreaterThanOrEqual(Date.parse(entry!.started_at));
    expect(entry!.id).not.toBe(live);
  });

  it('opens the conversation with the turns that were really said, in one platform request', async () => {
    const before = site.conversationRequests();
    const answer = await ann.ask('GET', `/api/history/${earlier}`);
    expect(site.conversationRequests() - before).toBe(1);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body).toMatchObject({ id: earlier, channel: 'chat', started_at: expect.any(String) });
    const said = body.turns.map((turn: { author: string; text: string }) => [turn.author, turn.text]);
    const record = platform.model.conversations.get(earlier);
    expect(said[0]).toEqual(['agent', record?.turns[0]?.agentResponse]);
    expect(said.slice(1, 5)).toEqual([
      ['visitor', 'Where is my order <b>42</b>?'],
      ['agent', record?.turns[1]?.agentResponse],
      ['visitor', 'Thanks'],
      ['agent', record?.turns[2]?.agentResponse],
    ]);
    for (const turn of body.turns) expect(Number.isNaN(Date.parse(turn.at))).toBe(false);
  });

  it('the live conversation is not opened either', async () => {
    expect((await ann.ask('GET', `/api/history/${live}`)).status).toBe(404);
  });

  it('another visitor, no cookie and a forged cookie see nothing and get 404 for its id', async () => {
    const bob = browser(site, platform);
    await bob.session();
    const nobody = browser(site, platform);
    const forged = browser(site, platform);
    forged.cookie = `agent_webchat=${newVisitorId()}`;
    for (const stranger of [bob, nobody, forged]) {
      expect(await listOf(stranger)).toEqual([]);
      const before = site.conversationRequests();
      expect((await stranger.ask('GET', `/api/history/${earlier}`)).status).toBe(404);
      expect(site.conversationRequests()).toBe(before);
    }
  });

  it('a malformed id is 404 without a platform request', async () => {
    const before = site.conversationRequests();
    for (const path of [
      '/api/history/%2e%2e%2fsecrets',
      '/api/history/a%20b',
      `/api/history/${'x'.repeat(300)}`,
      `/api/history/${earlier}/turns`,
      '/api/history/-leading-dash',
      '/api/history/.hidden',
    ]) {
      const answer = await ann.ask('GET', path);
      expect(answer.status, path).toBe(404);
      expect((await answer.json()).message).toBe('No such conversation');
    }
    expect(site.conversationRequests()).toBe(before);
  });

  it('refuses a foreign origin with 403 and allows DELETE only on the list', async () => {
    const before = site.conversationRequests();
    const foreign = await ann.ask('GET', '/api/history', undefined, { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(foreign.status).toBe(403);
    expect((await ann.ask('DELETE', '/api/history', undefined, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await ann.ask('DELETE', `/api/history/${earlier}`)).status).toBe(405);
    expect((await ann.ask('POST', '/api/history', {})).status).toBe(405);
    expect(site.conversationRequests()).toBe(before);
  });

  it('forget: the list is empty, the id 404, another visitor untouched', async () => {
    const cy = browser(site, platform);
    const cyEarlier = await cy.chat(['Keep mine'], { end: true });
    const dee = browser(site, platform);
    await dee.chat(['Forget me please'], { end: true });
    await listed(cy, 1);
    await listed(dee, 1);

    const forgotten = await dee.ask('DELETE', '/api/history');
    expect(forgotten.status).toBe(204);
    expect(await listOf(dee)).toEqual([]);
    const [deeEarlier] = (await listOf(cy)).map((entry) => entry.id);
    expect(deeEarlier).toBe(cyEarlier);
    expect((await cy.ask('GET', `/api/history/${cyEarlier}`)).status).toBe(200);
    // Dee's own conversations are gone for Dee too.
    expect((await dee.ask('GET', `/api/history/${cyEarlier}`)).status).toBe(404);
  });

  it('answers 429 with Retry-After past the per-visitor limit', async () => {
    const strict = await startSite(platform, { history: { rateLimit: { max: 2, windowSeconds: 60 } } });
    try {
      const eve = browser(strict, platform);
      await eve.session();
      expect((await eve.ask('GET', '/api/history')).status).toBe(200);
      expect((await eve.ask('GET', '/api/history')).status).toBe(200);
      const refused = await eve.ask('GET', '/api/history');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
      // Another visitor has a limit of their own.
      expect((await browser(strict, platform).ask('GET', '/api/history')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('identify: the site’s signed-in user', () => {
  it('follows the person to another browser; signed out, that browser sees only its own', async () => {
    const store = createMemoryBindingStore();
    const signedIn = await startSite(platform, {
      store,
      identify: (request) => request.headers.get('X-Site-User') ?? undefined,
    });
    try {
      const laptop = browser(signedIn, platform, { 'X-Site-User': 'ada@example.com' });
      const chatted = await laptop.chat(['From my laptop'], { end: true });
      const phone = browser(signedIn, platform, { 'X-Site-User': 'ada@example.com' });
      await phone.session();
      expect(phone.cookie).not.toBe(laptop.cookie);
      const [entry] = await listed(phone, 1);
      expect(entry).toMatchObject({ id: chatted, preview: 'From my laptop' });
      expect((await phone.ask('GET', `/api/history/${chatted}`)).status).toBe(200);

      const signedOut = browser(signedIn, platform);
      signedOut.cookie = phone.cookie;
      expect(await listOf(signedOut)).toEqual([]);
      expect(await listOf(browser(signedIn, platform, { 'X-Site-User': 'bob@example.com' }))).toEqual([]);

      // A call asked for from the laptop is the person's too (the callback endpoint has the same identify).
      await laptop.chat(['Call me back'], { fresh: true });
      const { call_sid: sid } = await (await laptop.ask('POST', '/api/callback', { to_number: '+12025550100' })).json();
      await vi.waitFor(async () => expect((await (await laptop.ask('GET', `/api/callback/${sid}`)).json()).status).toBe('success'), {
        timeout: 5000,
        interval: 50,
      });
      expect((await listed(phone, 2)).map((listedEntry) => [listedEntry.id, listedEntry.channel])).toEqual([
        [sid, 'phone'],
        [chatted, 'chat'],
      ]);

      // Forget me, on the phone: gone for the person everywhere.
      expect((await phone.ask('DELETE', '/api/history')).status).toBe(204);
      expect(await listOf(laptop)).toEqual([]);
    } finally {
      await signedIn.close();
    }
  });
});

describe('the call back in the chat', () => {
  it('the callback status of an ended call carries its turns; the call is an entry of the history', async () => {
    const fay = browser(site, platform);
    const chatSession = await fay.chat(['Please call me about my refund']);
    const placed = await fay.ask('POST', '/api/callback', {
      to_number: '+12025550100',
      turns: [{ author: 'user', text: 'Please call me about my refund' }],
    });
    expect(placed.status).toBe(202);
    const { call_sid: sid } = await placed.json();
    const ended = await vi.waitFor(
      async () => {
        const answer = await fay.ask('GET', `/api/callback/${sid}`);
        const body = await answer.json();
        expect(body.status).toBe('success');
        return body;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(ended.reason).toBe('');
    const said = ended.turns.map((turn: { author: string; text: string }) => [turn.author, turn.text]);
    expect(said).toContainEqual(['visitor', 'Hello, I am calling about my question in the chat: Please call me about my refund']);
    expect(said[0]?.[0]).toBe('agent');
    const record = platform.model.conversations.ordered().find((conversation) => conversation.state['call_sid'] === sid);
    expect(record?.state['chat_session_id']).toBe(chatSession);

    const [call] = await listed(fay, 1);
    expect(call).toMatchObject({ id: sid, channel: 'phone', preview: expect.stringContaining('Please call me about my refund') });
    const opened = await (await fay.ask('GET', `/api/history/${sid}`)).json();
    expect(opened).toMatchObject({ id: sid, channel: 'phone', turns: ended.turns });
  });

  it('a status while the call is under way has no turns', async () => {
    const gil = browser(site, platform);
    await gil.chat(['Hello']);
    const { call_sid: sid } = await (await gil.ask('POST', '/api/callback', { to_number: '+12025550100' })).json();
    const first = await (await gil.ask('GET', `/api/callback/${sid}`)).json();
    expect(['queued', 'calling']).toContain(first.status);
    expect(first).not.toHaveProperty('turns');
  });
});
