// Earlier conversations as a visitor finds them: the header's button only when there are some,
// the list in place of the live transcript (which stays as it was), one conversation read-only in
// the transcript's look, "forget" after a confirmation, focus where the visitor expects it.
import { act, fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { mountWidget } from '../../mount';
import { createFeatureHost } from '../../seam/feature-host';
import { createFakeFetch, type FakeAnswer, type RecordedRequest } from '../../testing/fake-fetch';
import { fakeClient, user } from '../../ui/test-helpers';
import historyFeature from '.';

afterEach(() => {
  document.body.innerHTML = '';
});

const LIST = {
  conversations: [
    { id: 'sess-2', started_at: '2026-11-27T10:00:00Z', ended_at: '2026-11-27T10:05:00Z', channel: 'phone', preview: '' },
    { id: 'sess-1', started_at: '2026-11-26T09:00:00Z', ended_at: '2026-11-26T09:03:00Z', channel: 'chat', preview: 'Where is my order?' },
  ],
};
const SESS_1 = {
  id: 'sess-1',
  started_at: '2026-11-26T09:00:00Z',
  channel: 'chat',
  turns: [
    { author: 'visitor', text: '<b>hi</b> Where is my order?', at: '2026-11-26T09:00:01Z' },
    { author: 'agent', text: 'It ships **today**.', at: '2026-11-26T09:00:02Z' },
  ],
};

function answers(list: unknown = LIST) {
  return (req: RecordedRequest): FakeAnswer => {
    if (req.method === 'DELETE') return { status: 204 };
    if (req.url === '/api/history/sess-1') return { status: 200, body: SESS_1 };
    if (req.url === '/api/history') return { status: 200, body: list };
    return { status: 404, body: { message: 'Not found' } };
  };
}

function widget(answer: (req: RecordedRequest) => FakeAnswer, open = true) {
  const { fetch, requests } = createFakeFetch(answer);
  const client = fakeClient({ items: [user('u1', 'my live question')] });
  const options = { historyUrl: '/api/history', locale: 'en' };
  const features = createFeatureHost({ options, client, fetch, emit: () => undefined }, [historyFeature]);
  let handle!: ReturnType<typeof mountWidget>;
  act(() => {
    handle = mountWidget(client, { open, locale: 'en', features });
  });
  const shadow = document.querySelector('[data-agent-webchat]')!.shadowRoot!;
  const root = within(shadow as unknown as HTMLElement);
  return { root, requests, handle, focused: () => shadow.activeElement };
}

describe('Earlier conversations', () => {
  it('asks the site only once the panel is shown, and shows the button only when there are some', async () => {
    const empty = widget(answers({ conversations: [] }), false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(empty.requests).toHaveLength(0);
    act(() => empty.handle.open());
    await waitFor(() => expect(empty.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /api/history']));
    expect(empty.root.queryByRole('button', { name: 'Earlier conversations' })).toBeNull();
  });

  it('lists them in place of the live transcript, opens one read-only, and Back returns focus each step', async () => {
    const { root, focused } = widget(answers());
    const earlier = await waitFor(() => root.getByRole('button', { name: 'Earlier conversations' }));
    act(() => earlier.click());
    const heading = root.getByRole('heading', { name: 'Earlier conversations' });
    await waitFor(() => expect(focused()).toBe(heading));
    const entries = within(root.getByRole('list')).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Phone call'),
      expect.stringMatching(/Chat.*Where is my order\?/),
    ]);
    // The live transcript is still there, only not shown.
    expect(root.getByRole('log', { hidden: true }).textContent).toContain('my live question');

    act(() => entries[1]!.click());
    await waitFor(() => expect(root.getByText('today').tagName).toBe('STRONG'));
    // The visitor's markup is text, never HTML.
    const said = root.getByText('<b>hi</b> Where is my order?');
    expect(said.closest('[data-author]')?.getAttribute('data-author')).toBe('user');
    expect(said.querySelector('b')).toBeNull();
    await waitFor(() => expect(focused()?.tagName).toBe('H3'));

    act(() => root.getByRole('button', { name: 'Back' }).click());
    await waitFor(() => expect(focused()?.getAttribute('data-id')).toBe('sess-1'));
    act(() => root.getByRole('button', { name: 'Back' }).click());
    await waitFor(() => expect(focused()).toBe(root.getByRole('button', { name: 'Earlier conversations' })));
    expect(root.queryByRole('list')).toBeNull();
  });

  it('forgets them after a confirmation: DELETE, then the list is empty and the button goes', async () => {
    const { root, requests, focused } = widget(answers());
    const earlier = await waitFor(() => root.getByRole('button', { name: 'Earlier conversations' }));
    act(() => earlier.click());
    act(() => root.getByRole('button', { name: 'Forget my conversations' }).click());
    // Nothing is forgotten before the visitor confirms; Cancel keeps everything.
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(focused()).toBe(root.getByRole('button', { name: 'Forget them' })));
    act(() => root.getByRole('button', { name: 'Cancel' }).click());
    await waitFor(() => expect(focused()).toBe(root.getByRole('button', { name: 'Forget my conversations' })));

    act(() => root.getByRole('button', { name: 'Forget my conversations' }).click());
    await act(async () => root.getByRole('button', { name: 'Forget them' }).click());
    await waitFor(() => expect(root.getByText('Your earlier conversations are forgotten.').getAttribute('role')).toBe('status'));
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual(['/api/history']);
    expect(root.queryByRole('list')).toBeNull();
    act(() => root.getByRole('button', { name: 'Back' }).click());
    await waitFor(() => expect(root.queryByRole('button', { name: 'Earlier conversations' })).toBeNull());
    await waitFor(() => expect(focused()).toBe(root.getByRole('textbox', { name: 'Message' })));
  });

  it('Escape steps back, and a conversation that cannot be read says so', async () => {
    const { root } = widget((req) => (req.url === '/api/history' ? { status: 200, body: LIST } : { status: 404 }));
    const earlier = await waitFor(() => root.getByRole('button', { name: 'Earlier conversations' }));
    act(() => earlier.click());
    act(() => within(root.getByRole('list')).getAllByRole('button')[0]!.click());
    await waitFor(() => expect(root.getByRole('alert').textContent).toBe('This could not be loaded.'));
    fireEvent.keyDown(root.getByRole('button', { name: 'Back' }), { key: 'Escape' });
    expect(root.getByRole('list')).toBeTruthy();
    fireEvent.keyDown(root.getByRole('list'), { key: 'Escape' });
    expect(root.queryByRole('list')).toBeNull();
    expect(root.getByRole('dialog')).toBeTruthy();
  });

  it('a panel closed with the view open opens again on the live chat', async () => {
    const { root, handle } = widget(answers());
    const earlier = await waitFor(() => root.getByRole('button', { name: 'Earlier conversations' }));
    act(() => earlier.click());
    expect(root.getByRole('list')).toBeTruthy();
    act(() => handle.close());
    act(() => handle.open());
    await waitFor(() => expect(root.queryByRole('list')).toBeNull());
    expect(root.getByRole('log')).toBeTruthy();
  });
});
