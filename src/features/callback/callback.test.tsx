// "Call me" as a visitor finds it: the button, the form's labelled fields, errors tied to the
// number, the call's state in the log, keyboard only.
import { act, fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { mountWidget } from '../../mount';
import { createFeatureHost } from '../../seam/feature-host';
import { createFakeFetch, type FakeAnswer, type RecordedRequest } from '../../testing/fake-fetch';
import { agent, fakeClient } from '../../ui/test-helpers';
import callbackFeature from '.';

afterEach(() => {
  document.body.innerHTML = '';
});

function widget(answer: (req: RecordedRequest, count: number) => FakeAnswer, patch = {}, open = true) {
  const { fetch, requests } = createFakeFetch(answer);
  const client = fakeClient(patch);
  const options = { callbackUrl: '/api/callback', callbackConsent: 'We call once.', locale: 'en' };
  const features = createFeatureHost({ options, client, fetch, emit: () => undefined }, [callbackFeature]);
  let handle!: ReturnType<typeof mountWidget>;
  act(() => {
    handle = mountWidget(client, { open, locale: 'en', features });
  });
  const root = within(document.querySelector('[data-agent-webchat]')!.shadowRoot as unknown as HTMLElement);
  return { root, requests, client, handle };
}

const COUNTRIES: FakeAnswer = { status: 200, body: { countries: ['US', 'GB', 'FR'] } };

describe('Call me', () => {
  it('asks the site for the visitor’s call only once the panel is shown', async () => {
    const { requests, handle, root } = widget(() => COUNTRIES, {}, false);
    fireEvent.pointerEnter(root.getByRole('button', { name: 'Open chat' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(0);
    act(() => handle.open());
    await waitFor(() => expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /api/callback']));
  });

  it('opens a labelled form, requests the call and shows its state in the log', async () => {
    const { root, requests } = widget((req) =>
      req.method === 'POST' ? { status: 202, body: { call_sid: 'OUT-1', status: 'queued' } } : COUNTRIES,
    );
    const callMe = root.getByRole('button', { name: 'Call me' });
    act(() => callMe.click());
    expect(callMe.getAttribute('aria-expanded')).toBe('true');
    const number = root.getByRole('textbox', { name: 'Phone number' });
    expect(number.getAttribute('type')).toBe('tel');
    expect(number.getAttribute('autocomplete')).toBe('tel');
    await waitFor(() => expect(root.getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['US', 'GB', 'FR']));
    expect(root.getByText('We call once.')).toBeTruthy();
    fireEvent.change(root.getByRole('combobox', { name: 'Country' }), { target: { value: 'GB' } });
    fireEvent.input(number, { target: { value: '2025550100' } });
    await act(async () => root.getByRole('button', { name: 'Request call' }).click());
    await waitFor(() => expect(root.queryByRole('textbox', { name: 'Phone number' })).toBeNull());
    const post = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(post!.body)).toMatchObject({ to_number: '2025550100', country_code: 'GB' });
    const line = root.getByRole('log').querySelector('[data-callback]');
    expect(line?.getAttribute('data-callback')).toBe('requested');
    expect(line?.getAttribute('role')).toBe('status');
  });

  it('ties a refused number to the field and keeps the form; Escape closes it back to "Call me"', async () => {
    const { root } = widget((req) =>
      req.method === 'POST' ? { status: 400, body: { code: 'blocked_number', message: 'no' } } : COUNTRIES,
    );
    act(() => root.getByRole('button', { name: 'Call me' }).click());
    const number = root.getByRole('textbox', { name: 'Phone number' });
    expect(document.querySelector('[data-agent-webchat]')!.shadowRoot!.activeElement).toBe(number);
    fireEvent.input(number, { target: { value: '+19005551234' } });
    await act(async () => root.getByRole('button', { name: 'Request call' }).click());
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    const problem = root.getByRole('alert');
    expect(problem.textContent).toBe('We cannot call this kind of number.');
    expect(number.getAttribute('aria-describedby')).toBe(problem.id);
    fireEvent.keyDown(number, { key: 'Escape' });
    expect(root.queryByRole('form')).toBeNull();
    expect(root.getByRole('dialog')).toBeTruthy();
    expect(document.querySelector('[data-agent-webchat]')!.shadowRoot!.activeElement).toBe(root.getByRole('button', { name: 'Call me' }));
  });

  it('offers "Call me" as the primary action after a handoff to another channel, and for a suggestion saying so', () => {
    const { root } = widget(() => COUNTRIES, {
      handoff: { stage: 'client-required', reason: 'CLIENT_HANDOFF_REASON_UNSPECIFIED' },
      suggestions: [{ text: 'Call me' }, { text: 'No thanks' }],
    });
    expect(root.getAllByRole('button', { name: 'Call me' })).toHaveLength(1);
    expect(root.getByRole('button', { name: 'Call me' }).classList.contains('primary')).toBe(true);
    expect(root.getByRole('button', { name: 'No thanks' })).toBeTruthy();
  });

  it('a failed call says why and offers "Try again", which opens the form', async () => {
    const { root } = widget((req) =>
      req.url.endsWith('/api/callback')
        ? { status: 200, body: { countries: ['US'], call: { call_sid: 'OUT-9', status: 'failure', reason: 'busy' } } }
        : COUNTRIES,
    );
    // The panel is open: the visitor's current call is asked for at once.
    await waitFor(() => expect(root.getByRole('log').querySelector('[data-callback="failed"]')).toBeTruthy());
    expect(root.getByRole('log').textContent).toContain('The call did not go through. (busy)');
    act(() => root.getByRole('button', { name: 'Try again' }).click());
    expect(root.getByRole('textbox', { name: 'Phone number' })).toBeTruthy();
  });

  it('once an answered call is over, shows what was said on the phone in the log: the first turns, then all on request', async () => {
    const turns = [
      { author: 'agent', text: 'Hello, **this** is Ada.', at: '2026-11-28T07:00:00Z' },
      { author: 'visitor', text: '<b>hi</b>', at: '2026-11-28T07:00:02Z' },
      { author: 'agent', text: 'How can I help?', at: '2026-11-28T07:00:03Z' },
      { author: 'visitor', text: 'My parcel.', at: '2026-11-28T07:00:05Z' },
    ];
    const { root } = widget((req) =>
      req.url === '/api/callback'
        ? { status: 200, body: { countries: ['US'], call: { call_sid: 'OUT-7', status: 'success' } } }
        : { status: 200, body: { status: 'success', reason: '', turns } },
    );
    // Nothing in this log is older than the call: the turns close it.
    const block = await waitFor(
      () => {
        const found = root.getByRole('log').querySelector<HTMLElement>('[data-call]');
        if (!found) throw new Error('no call block yet');
        return found;
      },
      { timeout: 5000 },
    );
    const lines = () => [...block.querySelectorAll('[data-call-author] .message-body')].map((line) => line.textContent);
    expect(lines()).toEqual(['Hello, this is Ada.', '<b>hi</b>', 'How can I help?']);
    // The agent's Markdown through the widget's renderer; the visitor's markup stays text.
    expect(block.querySelector('strong')?.textContent).toBe('this');
    expect(block.querySelector('b')).toBeNull();
    const more = within(block).getByRole('button', { name: 'Read the whole call' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    act(() => more.click());
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(lines()).toHaveLength(4);
    expect(root.getByRole('log').querySelectorAll('[data-call]')).toHaveLength(1);
  });

  it('places the call’s turns where the call was: the chat that went on after it comes after them', async () => {
    const { root } = widget(
      (req) =>
        req.url === '/api/callback'
          ? { status: 200, body: { countries: ['US'], call: { call_sid: 'OUT-8', status: 'success' } } }
          : {
              status: 200,
              body: { status: 'success', turns: [{ author: 'agent', text: 'On the phone now.', at: '2026-11-28T07:05:00Z' }] },
            },
      {
        items: [
          agent('a1', 'I will call you', { timestamp: '2026-11-28T07:00:00.000Z' }),
          agent('a2', 'About that call…', { timestamp: '2026-11-28T07:10:00.000Z' }),
        ],
      },
    );
    const log = root.getByRole('log');
    await waitFor(() => expect(log.querySelector('[data-call]')).toBeTruthy(), { timeout: 5000 });
    const order = [...log.querySelectorAll('[data-author], [data-call]')].map((element) => element.getAttribute('data-author') ?? 'call');
    expect(order).toEqual(['agent', 'call', 'agent']);
    expect(log.querySelectorAll('[data-call]')).toHaveLength(1);
  });
});
